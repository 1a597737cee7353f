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

/** "Total $245.00 · Paid $100.00 · Balance $145.00", with refunds when there were any. */
function Figures({ tx }: { tx: LedgerTransaction }) {
  const parts = [
    ['Total', tx.total],
    ['Paid', tx.paymentTotal],
    ['Balance', tx.balance],
    ...(tx.refund_total > 0 ? ([['Refunded', tx.refund_total]] as const) : []),
    ...(tx.credit_total > 0 ? ([['Credit', tx.credit_total]] as const) : []),
  ] as const;
  return (
    <Group gap="md" style={{ rowGap: 2 }}>
      {parts.map(([label, value]) => (
        <Text key={label} size="sm" c="dimmed" data-testid={`transaction-${label.toLowerCase()}`}>
          {label}{' '}
          <Text span fw={600} c="var(--mantine-color-text)" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {dollarsText(value)}
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
