import { ActionIcon, Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type CompetitionEntryItem, dollarsText, messages } from '@pirouette/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useEventEntries } from '../api/competitions';
import { dancersText } from '../lib/competitions';
import { EntryDialog } from './entry-dialog';

/** An event's entries: a table on a computer, cards on a phone; each one changed or deleted, more added. */
export function EventEntries({ eventId, narrow }: { eventId: string; narrow: boolean }) {
  const query = useEventEntries(eventId);
  const dialog = useDialog<CompetitionEntryItem>();

  const actions = (e: CompetitionEntryItem) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => dialog.open('edit', e)}
        aria-label={`Edit ${e.name}`}
      >
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => dialog.open('del', e)}
        aria-label={`Delete ${e.name}`}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
  const kind = (e: CompetitionEntryItem) =>
    e.isPerformance ? null : (
      <Badge size="xs" variant="light" color="grape" radius="sm" tt="none">
        Not on stage
      </Badge>
    );

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton h={72} radius="sm" aria-label="Loading entries" />;
  else if (query.isError)
    body = (
      <Alert color="red" title={errorText(query.error, messages.loadFailed)}>
        <Button size="compact-sm" variant="light" color="red" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (query.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No entries yet. Add the categories the studio can enter, with their prices.
      </Text>
    );
  else if (narrow)
    body = (
      <Stack gap={6}>
        {query.data.map((e) => (
          <Paper key={e.id} withBorder p="xs" data-testid="competition-entry">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {e.name}
                  </Text>
                  {kind(e)}
                </Group>
                <Text size="xs" c="dimmed">
                  {dancersText(e.nDancersMin, e.nDancersMax)} · studio {dollarsText(e.priceStudio)} · family{' '}
                  {dollarsText(e.priceCustomer)}
                </Text>
                {e.notes && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {e.notes}
                  </Text>
                )}
              </Stack>
              {actions(e)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  else
    body = (
      <Table verticalSpacing={6} horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Dancers</Table.Th>
            <Table.Th ta="right">Studio pays</Table.Th>
            <Table.Th ta="right">Family pays</Table.Th>
            <Table.Th w={80} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((e) => (
            <Table.Tr key={e.id} data-testid="competition-entry">
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {e.name}
                  </Text>
                  {kind(e)}
                </Group>
                {e.notes && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {e.notes}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{dancersText(e.nDancersMin, e.nDancersMax)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{dollarsText(e.priceStudio)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{dollarsText(e.priceCustomer)}</Text>
              </Table.Td>
              <Table.Td>{actions(e)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="xs">
      {body}
      <Group>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => dialog.open('new')}
        >
          Add entry
        </Button>
      </Group>
      <EntryDialog eventId={eventId} state={dialog.state} opened={dialog.opened} onClose={dialog.close} />
    </Stack>
  );
}
