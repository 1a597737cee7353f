import { Badge, Button, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { dollarsText, formatDateOnly, type LedgerPayment } from '@pirouette/domain';
import { IconBuildingBank, IconCash, IconCreditCard, IconReceipt, IconRotate2 } from '@tabler/icons-react';
import { Fragment } from 'react';
import { receiptOf } from '../lib/money';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const ICONS = {
  cash: IconCash,
  check: IconReceipt,
  terminal: IconCreditCard,
  card: IconCreditCard,
  credit: IconRotate2,
  bank: IconBuildingBank,
} as const;

function ReceiptLine({ label, amount, testId }: { label: string; amount: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start" data-testid={testId}>
      <Text size="xs" c="dimmed" miw={0}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" style={NUMBERS}>
        {amount}
      </Text>
    </Group>
  );
}

/** One payment as its receipt: how and when, how much, and what it paid item by item. */
function Receipt({ payment }: { payment: LedgerPayment }) {
  const r = receiptOf(payment);
  const Icon = ICONS[payment.payProcID];
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py="sm"
      data-testid="payment-receipt"
      data-status={payment.status}
      aria-label={`${r.title}, ${formatDateOnly(payment.receivedOn)}: ${dollarsText(payment.total)}`}
    >
      <ThemeIcon variant="light" radius="xl" size="md" color={r.returned ? 'red' : 'teal'}>
        <Icon size={16} stroke={1.7} />
      </ThemeIcon>
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={0} miw={0}>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {r.title}
              </Text>
              {r.returned && (
                <Badge color="red" size="xs" variant="light">
                  {r.disputed ? 'Disputed' : 'Returned'}
                </Badge>
              )}
              {r.pending && (
                <Badge color="yellow" size="xs" variant="light" data-testid="payment-pending">
                  Clears in a few days
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateOnly(payment.receivedOn)}
            </Text>
          </Stack>
          <Text fw={700} style={NUMBERS} td={r.returned ? 'line-through' : undefined}>
            {dollarsText(payment.total)}
          </Text>
        </Group>
        {r.returned && (
          <Text size="xs" c="red.7">
            {r.disputed
              ? 'This card payment was disputed with the card’s bank, and the money went back: what it paid is open again.'
              : 'This payment came back unpaid: what it paid is open again.'}
          </Text>
        )}
        {!r.returned &&
          r.paid.map((a) => (
            <ReceiptLine
              key={a.itemID}
              label={`Paid ${a.item}`}
              amount={dollarsText(a.amount)}
              testId="receipt-line"
            />
          ))}
        {r.toCredit > 0 && (
          <ReceiptLine
            label="Kept as credit for your next charges"
            amount={dollarsText(r.toCredit)}
            testId="receipt-line"
          />
        )}
        {r.refunded > 0 && (
          <ReceiptLine
            label="Given back to you"
            amount={`−${dollarsText(r.refunded)}`}
            testId="receipt-line"
          />
        )}
      </Stack>
    </Group>
  );
}

type Props = {
  payments: LedgerPayment[];
  /** Earlier bills are still being read. */
  loading: boolean;
  /** More bills than read: their payments come with "Show earlier payments". */
  more: boolean;
  onMore: () => void;
};

/** The family's payments, newest first, each with what it paid. */
export function PaymentsList({ payments, loading, more, onMore }: Props) {
  return (
    <Stack gap={0}>
      {payments.length === 0 && !loading && (
        <Text size="sm" c="dimmed" py="xs">
          No payments yet. Each payment shows here with what it paid.
        </Text>
      )}
      {payments.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && <Divider />}
          <Receipt payment={p} />
        </Fragment>
      ))}
      {loading && <Skeleton h={56} mt="sm" aria-label="Loading earlier payments" />}
      {more && !loading && (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={onMore} w="fit-content">
          Show earlier payments
        </Button>
      )}
    </Stack>
  );
}
