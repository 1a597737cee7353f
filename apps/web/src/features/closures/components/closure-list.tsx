import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ClosureItem, formatDateOnly } from '@pirouette/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { wrapLongWords } from '../../../components/row-card';
import { notifyResult } from '../../../lib/notify';
import { useRemoveClosure } from '../api/closures';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Nov 26, 2026", or "Nov 23, 2026 – Nov 27, 2026". */
export const spanText = (c: Pick<ClosureItem, 'dateFrom' | 'dateTo'>) =>
  c.dateFrom === c.dateTo
    ? formatDateOnly(c.dateFrom)
    : `${formatDateOnly(c.dateFrom)} – ${formatDateOnly(c.dateTo)}`;

function ClosureRow({ closure, onRemove }: { closure: ClosureItem; onRemove: () => void }) {
  return (
    <Paper withBorder p="md" radius="md" style={wrapLongWords}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} miw={0} pt={4}>
            {closure.reason}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={onRemove}
            aria-label={`Remove the closure ${closure.reason}`}
          >
            Remove
          </Button>
        </Group>
        <Text size="sm">
          {spanText(closure)} · {closure.className ?? 'All classes'}
        </Text>
        <Text size="sm" c="dimmed">
          {plural(closure.nMeetings, 'meeting', 'meetings')} cancelled ·{' '}
          {plural(closure.nFamilies, 'family', 'families')} told
        </Text>
        {(closure.givesMakeups || closure.creditsTuition) && (
          <Group gap={6} mt={4}>
            {closure.givesMakeups && (
              <Badge variant="light" color="teal">
                Make-up credits
              </Badge>
            )}
            {closure.creditsTuition && (
              <Badge variant="light" color="violet">
                Tuition credited
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The closures of the month, each with what it did, and its removal. */
export function ClosureList({ closures }: { closures: ClosureItem[] }) {
  const [removing, setRemoving] = useState<ClosureItem | null>(null);
  const remove = useRemoveClosure();
  const close = () => setRemoving(null);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {closures.map((c) => (
        <ClosureRow key={c.id} closure={c} onRemove={() => setRemoving(c)} />
      ))}
      <ConfirmDeleteDialog
        headingTitle
        opened={removing !== null}
        title="Remove closure"
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => removing && remove.mutate({ params: { id: removing.id } }, notifyResult(close))}
      >
        Remove <strong>{removing?.reason}</strong>? Its classes are back on and the families are told. Make-up
        credits it gave that are not booked are removed
        {removing?.creditsTuition
          ? '; the tuition credit it gave is withdrawn (a charge of the same amount on each family’s account)'
          : ''}
        .
      </ConfirmDeleteDialog>
    </SimpleGrid>
  );
}
