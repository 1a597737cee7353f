import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatDateOnly, monthLabel, type PeriodAct } from '@pirouette/domain';
import { studioDateTime } from '../../../lib/format';

const through = (a: PeriodAct) => (a.closedThrough ? formatDateOnly(a.closedThrough) : 'nothing');

function ActBadge({ act }: { act: PeriodAct['act'] }) {
  return (
    <Badge color={act === 'close' ? 'teal' : 'orange'} variant="light">
      {act === 'close' ? 'Closed' : 'Reopened'}
    </Badge>
  );
}

/** Who closed or reopened which month, when, and why. */
export function ClosingLog({
  acts,
  narrow,
  timeZone,
}: {
  acts: readonly PeriodAct[];
  narrow: boolean;
  timeZone: string;
}) {
  if (narrow)
    return (
      <Stack gap="xs">
        {acts.map((a) => (
          <Paper key={a.id} withBorder p="sm" radius="md">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{monthLabel(a.month)}</Text>
                <ActBadge act={a.act} />
              </Group>
              <Text size="sm" c="dimmed">
                {studioDateTime(a.at, timeZone)} · {a.by} · closed through {through(a)}
              </Text>
              {a.reason && <Text size="sm">{a.reason}</Text>}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Act</Table.Th>
            <Table.Th>Month</Table.Th>
            <Table.Th>Closed through after</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {acts.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{studioDateTime(a.at, timeZone)}</Table.Td>
              <Table.Td>
                <ActBadge act={a.act} />
              </Table.Td>
              <Table.Td>{monthLabel(a.month)}</Table.Td>
              <Table.Td>{through(a)}</Table.Td>
              <Table.Td>{a.by}</Table.Td>
              <Table.Td>{a.reason || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
