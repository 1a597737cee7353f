import { Alert, Anchor, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { centsText, messages, type PayoutItem } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { errorText } from '../../../lib/notify';
import { usePayout } from '../api/payouts';

const KIND_LABELS: Record<PayoutItem['kind'], string> = {
  sale: 'Card payment',
  refund: 'Refund to card',
  dispute: 'Dispute',
  other: 'Other',
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Family({ item }: { item: PayoutItem }) {
  if (!item.familyId)
    return (
      <Text size="sm" c="dimmed">
        Not matched to a payment
      </Text>
    );
  return (
    <Anchor component={Link} to={accountHref(item.familyId)} size="sm" fw={600}>
      {item.familyName ? `${item.familyName} family` : 'Family'}
    </Anchor>
  );
}

/** What a payout contains: each payment, refund and dispute, with the processor's fee on it. */
export function PayoutItems({ id, narrow }: { id: string; narrow: boolean }) {
  const query = usePayout(id, true);
  if (query.isPending)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading the payout’s payments" />
      </Group>
    );
  if (query.isError) return <Alert color="red">{errorText(query.error, messages.loadFailed)}</Alert>;
  const items = query.data.items;
  if (narrow)
    return (
      <Stack gap="xs" data-testid="payout-items">
        {items.map((item) => (
          <Group key={item.transferId} justify="space-between" wrap="nowrap" data-testid="payout-item">
            <Stack gap={0}>
              <Family item={item} />
              <Text size="xs" c="dimmed">
                {KIND_LABELS[item.kind]} · fee {centsText(item.fee)}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={NUMBERS}>
              {centsText(item.amount)}
            </Text>
          </Group>
        ))}
      </Stack>
    );
  return (
    <Table verticalSpacing={6} data-testid="payout-items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Family</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Fee</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.transferId} data-testid="payout-item">
            <Table.Td>
              <Family item={item} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{KIND_LABELS[item.kind]}</Text>
            </Table.Td>
            <Table.Td ta="right" style={NUMBERS}>
              <Text size="sm">{centsText(item.amount)}</Text>
            </Table.Td>
            <Table.Td ta="right" style={NUMBERS}>
              <Text size="sm">{centsText(item.fee)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
