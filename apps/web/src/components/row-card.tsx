import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * One row of a list a form builds (a student, a contact): its title, a remove button when it may go,
 * and its fields. `compact` for a form inside a dialog.
 */
export function RowCard({
  title,
  onRemove,
  compact = false,
  children,
}: {
  title: string;
  onRemove?: () => void;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={compact ? 'sm' : 'md'} radius="md">
      <Stack gap={compact ? 'xs' : 'sm'}>
        <Group justify="space-between" wrap="nowrap" mih={28}>
          <Text fw={600} size={compact ? 'sm' : 'md'}>
            {title}
          </Text>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${title.toLowerCase()}`}
              onClick={onRemove}
            >
              <IconTrash size={compact ? 16 : 18} />
            </ActionIcon>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
