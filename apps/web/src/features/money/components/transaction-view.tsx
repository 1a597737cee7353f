import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  dollarsText,
  formatDateOnly,
  type LedgerItem,
  type LedgerPayment,
  type LedgerTransaction,
} from '@pirouette/domain';
import { ItemTable } from './item-table';
import { PaymentTable } from './payment-table';

export type TransactionActions = {
  onRemove: (tx: LedgerTransaction, item: LedgerItem) => void;
  onRefund: (tx: LedgerTransaction, payment: LedgerPayment) => void;
  onReturn: (tx: LedgerTransaction, payment: LedgerPayment) => void;
};

/**
 * "Total $245.00 · Paid $100.00 · Balance $145.00", with refunds when there were any, and what of the
 * bill's payments became credit (the spec's credit_total: paid beyond its items, or refunded as
 * credit). That credit is the family's to use on any bill, so it is not what the family holds now: the
 * panel's "Credit available" says that (issue 31 item 6).
 */
function Figures({ tx }: { tx: LedgerTransaction }) {
  const parts: { label: string; value: number; testId: string; title?: string }[] = [
    { label: 'Total', value: tx.total, testId: 'total' },
    { label: 'Paid', value: tx.paymentTotal, testId: 'paid' },
    { label: 'Balance', value: tx.balance, testId: 'balance' },
    ...(tx.refund_total > 0 ? [{ label: 'Refunded', value: tx.refund_total, testId: 'refunded' }] : []),
    ...(tx.credit_total > 0
      ? [
          {
            label: 'Turned into credit',
            value: tx.credit_total,
            testId: 'credit',
            title:
              'Paid beyond this bill’s items, or refunded as credit: it went to the family’s credit, which pays new charges',
          },
        ]
      : []),
  ];
  return (
    <Group gap="md" style={{ rowGap: 2 }}>
      {parts.map((p) => (
        <Text key={p.testId} size="sm" c="dimmed" data-testid={`transaction-${p.testId}`} title={p.title}>
          {p.label}{' '}
          <Text span fw={600} c="var(--mantine-color-text)" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {dollarsText(p.value)}
          </Text>
        </Text>
      ))}
    </Group>
  );
}

/**
 * One transaction (the spec's bill): its number and state, its items with their working, its payments
 * with what each paid. With `actions`, an item can be removed and a payment refunded or returned.
 */
export function TransactionView({
  tx,
  today,
  actions,
}: {
  tx: LedgerTransaction;
  today: string;
  actions?: TransactionActions;
}) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={4} fz="md">
            Transaction #{tx.number}
          </Title>
          <Badge size="sm" variant="light" color={tx.status === 0 ? 'orange' : 'teal'}>
            {tx.status === 0 ? 'Open' : 'Complete'}
          </Badge>
          <Text size="sm" c="dimmed">
            opened {formatDateOnly(tx.openedOn)}
          </Text>
        </Group>
        <Figures tx={tx} />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={700}>
          Items
        </Text>
        <ItemTable
          items={tx.items}
          today={today}
          onRemove={actions ? (item) => actions.onRemove(tx, item) : undefined}
        />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={700}>
          Payments
        </Text>
        <PaymentTable
          payments={tx.payments}
          onRefund={actions ? (p) => actions.onRefund(tx, p) : undefined}
          onReturn={actions ? (p) => actions.onReturn(tx, p) : undefined}
        />
      </Stack>
    </Stack>
  );
}
