import { ActionIcon, Alert, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  description: string;
  newLabel: string;
  onNew: () => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: string | null;
  children: ReactNode;
};

/** One list of prices of a term: a heading, its add button, and the table or what stands for it. */
export function PriceCard({
  title,
  description,
  newLabel,
  onNew,
  loading,
  failed,
  onRetry,
  empty,
  children,
}: Props) {
  let body: ReactNode = children;
  if (loading) body = <Skeleton h={120} m="md" radius="md" />;
  else if (failed)
    body = (
      <Alert color="red" m="md" title={messages.loadFailed}>
        <Button size="xs" variant="light" mt="xs" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  else if (empty)
    body = (
      <Text c="dimmed" size="sm" p="lg" ta="center">
        {empty}
      </Text>
    );
  return (
    <Card p={0}>
      <Group justify="space-between" align="flex-start" p="md" gap="sm">
        <Stack gap={2} maw={420}>
          <Title order={3} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onNew}>
          {newLabel}
        </Button>
      </Group>
      {body}
    </Card>
  );
}

/** A price's name with what else a person needs to know of it on a second line. */
export const PriceLabel = ({ title, detail }: { title: string; detail: string }) => (
  <div>
    <Text fw={600} size="sm">
      {title}
    </Text>
    <Text c="dimmed" size="xs">
      {detail}
    </Text>
  </div>
);

export const discountText = (applies: boolean) => (applies ? 'Discounts apply' : 'No discounts');

/** Edit and delete of one row. */
export function RowActions({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${label}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
