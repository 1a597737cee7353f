import { Stack, Table, Text } from '@mantine/core';
import { dollarsText, type FamilyMoney, formatDateOnly } from '@pirouette/domain';
import { signedText } from '../../family-tuition/lib/tuition-lines';
import classes from './money.module.css';

type Event = FamilyMoney['history'][number];

/** "+$65.00", "−$40.00", or "—" for a line that did not move the balance. */
const change = (amount: number) =>
  amount === 0 ? '—' : amount > 0 ? `+${dollarsText(amount)}` : signedText(amount);

/** The reason, unless it only repeats what the line says. */
const why = (e: Event) =>
  e.reason && e.reason !== e.description && !['Payment received', 'Credit applied'].includes(e.reason)
    ? e.reason
    : '';

/**
 * Everything that moved the family's money, newest first: what, who posted it, what it did to the
 * balance (and to the credit), and the balance after it.
 */
export function MoneyHistory({
  history,
  truncated,
}: {
  history: FamilyMoney['history'];
  truncated: boolean;
}) {
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has been charged or paid yet.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Table className={classes.table} withRowBorders={false} aria-label="History">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th className={classes.num}>Change</Table.Th>
            <Table.Th className={classes.num}>Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((e) => (
            <Table.Tr
              key={e.id}
              data-testid="history-line"
              aria-label={`${e.description}, ${formatDateOnly(e.date)}`}
            >
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {e.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateOnly(e.date)}
                    {why(e) ? ` · ${why(e)}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label="By">
                <Text size="sm" span>
                  {e.by || '—'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Change" className={classes.num}>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" span c={e.balance < 0 ? 'teal.8' : undefined} data-testid="history-change">
                    {change(e.balance)}
                  </Text>
                  {e.credit !== 0 && (
                    <Text size="xs" c="blue.8">
                      credit {change(e.credit)}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td data-label="Balance" className={classes.num} data-testid="history-balance">
                <Text size="sm" fw={600} span>
                  {dollarsText(e.balanceAfter)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {truncated && (
        <Text size="xs" c="dimmed">
          The latest {history.length} lines. A statement shows any period in full.
        </Text>
      )}
    </Stack>
  );
}
