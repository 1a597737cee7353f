import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type CardClearing, centsText, formatDateOnly } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { ListPager } from '../../../components/list-pager';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Card clearing explained: card money received and not paid out yet, and the payments that make it
 * up (a refund to the card or a dispute counts against it). Paid out without a payment to match, the
 * processor's word alone, is said too.
 */
export function ClearingPanel({
  clearing,
  onPage,
  narrow,
}: {
  clearing: CardClearing;
  onPage: (page: number) => void;
  narrow: boolean;
}) {
  const { balance, unpaid, unmatched } = clearing;
  return (
    <Card withBorder padding="lg" data-testid="card-clearing">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Card clearing
            </Title>
            <Text size="sm" c="dimmed">
              Card payments received and not paid out to the bank yet.
            </Text>
          </Stack>
          <Stack gap={4} align={narrow ? 'flex-start' : 'flex-end'}>
            <Text size="xl" fw={700} style={NUMBERS} data-testid="clearing-balance">
              {centsText(balance)}
            </Text>
            <Badge color={clearing.explained ? 'teal' : 'red'} variant="light">
              {clearing.explained ? 'Matches the payments below' : 'Does not match the payments below'}
            </Badge>
          </Stack>
        </Group>
        {unpaid.count === 0 ? (
          <Text size="sm">Every card payment has been paid out.</Text>
        ) : (
          <>
            <Text size="sm">
              {unpaid.count === 1 ? '1 payment' : `${unpaid.count} payments`} not paid out yet, for{' '}
              {centsText(unpaid.sum)}:
            </Text>
            <Table verticalSpacing={6} data-testid="clearing-payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Family</Table.Th>
                  {!narrow && <Table.Th>What</Table.Th>}
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {unpaid.payments.map((p) => (
                  <Table.Tr key={p.paymentId} data-testid="clearing-payment">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateOnly(p.date)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={accountHref(p.familyId)} size="sm" fw={600}>
                        {p.familyName || 'Family'}
                      </Anchor>
                    </Table.Td>
                    {!narrow && (
                      <Table.Td>
                        <Text size="sm">{p.description}</Text>
                      </Table.Td>
                    )}
                    <Table.Td ta="right" style={NUMBERS}>
                      <Text size="sm">{centsText(p.amount)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {unpaid.count > clearing.pageSize && (
              <ListPager
                page={clearing.page}
                total={unpaid.count}
                pageSize={clearing.pageSize}
                onChange={onPage}
                noun={['payment', 'payments']}
              />
            )}
          </>
        )}
        {unmatched.count > 0 && (
          <Text size="sm" c="dimmed">
            Paid out without a card payment in the books to match: {centsText(unmatched.sum)} (
            {unmatched.count === 1 ? '1 transfer' : `${unmatched.count} transfers`}).
          </Text>
        )}
      </Stack>
    </Card>
  );
}
