import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { type CreditEntryShape, dollarsText, formatDateOnly } from '@pirouette/domain';
import { SectionLoadError } from '../../../components/section-load-error';
import { useCreditList } from '../api/money';
import classes from './money.module.css';

const SOURCES: Record<CreditEntryShape['source'], string> = {
  overpayment: 'Overpayment',
  refund: 'Refund as credit',
  adjustment: 'Credit item',
  removed: 'Paid for a removed item',
  returned: 'Returned payment',
};

/** The family's credit by where it came from, each with what is left of it (used oldest first). */
export function CreditList({ accountId }: { accountId: string }) {
  const list = useCreditList(accountId);
  if (list.isPending) return <Skeleton h={80} aria-label="Loading the credit" />;
  if (list.isError) return <SectionLoadError error={list.error} onRetry={() => list.refetch()} />;
  const { total, credits } = list.data;
  if (credits.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The family has no credit. An overpayment, a credit item or a refund as credit would show here.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        The family holds <strong data-testid="credit-total">{dollarsText(total)}</strong> of credit. It pays
        new charges by itself, oldest credit first.
      </Text>
      <Table className={classes.table} withRowBorders={false} aria-label="Credit">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From</Table.Th>
            <Table.Th className={classes.num}>Amount</Table.Th>
            <Table.Th className={classes.num}>Left</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credits.map((c) => (
            <Table.Tr key={c.creditID} data-testid="credit-entry">
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {SOURCES[c.source]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateOnly(c.createdOn)} · {c.description}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label="Amount" className={classes.num}>
                {dollarsText(c.amount)}
              </Table.Td>
              <Table.Td data-label="Left" className={classes.num}>
                <Text size="sm" fw={600} span c={c.remaining === 0 ? 'dimmed' : undefined}>
                  {dollarsText(c.remaining)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
