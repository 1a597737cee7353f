import { Card, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { countOf, dollarsText } from '@pirouette/domain';
import { daysText, monthText, RECOVERY_COLUMNS, type RecoveryMonth, rateText } from '../lib/recovery';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A sum and how many charges it is: "$240.00" over "2 charges". */
function Figure({ value }: { value: { count: number; amount: number } }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={600} style={NUMBERS} c={value.count === 0 ? 'dimmed' : undefined}>
        {dollarsText(value.amount)}
      </Text>
      <Text size="xs" c="dimmed" style={NUMBERS}>
        {countOf(value.count, 'charge', 'charges')}
      </Text>
    </Stack>
  );
}

function WideTable({ months }: { months: RecoveryMonth[] }) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Month</Table.Th>
              <Table.Th ta="right">Failed</Table.Th>
              {RECOVERY_COLUMNS.map((c) => (
                <Table.Th key={c.key} ta="right">
                  {c.label}
                </Table.Th>
              ))}
              <Table.Th ta="right">Recovered</Table.Th>
              <Table.Th ta="right" pr="md">
                Days it took
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => (
              <Table.Tr key={m.month} data-testid="recovery-month">
                <Table.Td pl="md">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {monthText(m.month)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Figure value={m.failed} />
                </Table.Td>
                {RECOVERY_COLUMNS.map((c) => (
                  <Table.Td key={c.key}>
                    <Figure value={m[c.key]} />
                  </Table.Td>
                ))}
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm" fw={700} c={m.rate >= 0.5 ? 'teal.8' : undefined}>
                    {rateText(m)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" pr="md" style={NUMBERS}>
                  <Text size="sm">{daysText(m.averageDays)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function PhoneCards({ months }: { months: RecoveryMonth[] }) {
  return (
    <Stack gap="sm">
      {months.map((m) => (
        <Paper key={m.month} withBorder radius="md" p="sm" data-testid="recovery-month">
          <Stack gap="xs">
            <Group justify="space-between" align="baseline" wrap="nowrap">
              <Text fw={600}>{monthText(m.month)}</Text>
              <Text fw={700} c={m.rate >= 0.5 ? 'teal.8' : undefined} style={NUMBERS}>
                {rateText(m)} recovered
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {countOf(m.failed.count, 'charge', 'charges')} failed, {dollarsText(m.failed.amount)} ·{' '}
              {daysText(m.averageDays)} on average
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
              {RECOVERY_COLUMNS.map((c) => (
                <Group key={c.key} justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {c.label}
                  </Text>
                  <Text size="xs" fw={600} style={NUMBERS}>
                    {dollarsText(m[c.key].amount)} ({m[c.key].count})
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Failed automatic charges and how they were recovered, month by month (decision 070): by a retry, by a
 * new card or bank account, by the backup, by hand, or not; the rate (by amount) and the days it took.
 */
export function RecoveryReport({ months, narrow }: { months: RecoveryMonth[]; narrow: boolean }) {
  if (months.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No automatic charge has failed yet.
      </Text>
    );
  return narrow ? <PhoneCards months={months} /> : <WideTable months={months} />;
}
