import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { dollarsText, formatDateOnly, type LedgerPayment } from '@pirouette/domain';
import { canRefund, canReturn, leftAsCredit, money, paymentMethod, takenBack } from '../lib/money';
import classes from './money.module.css';

function Method({ payment: p }: { payment: LedgerPayment }) {
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {p.payProcID === 'credit' ? 'Credit applied' : paymentMethod(p)}
        </Text>
        {p.type === 'CREDIT' && (
          <Badge size="xs" variant="light" color="blue">
            CREDIT
          </Badge>
        )}
        {p.status === 'returned' && (
          <Badge size="xs" variant="filled" color="red" data-testid="payment-returned">
            {p.payProcID === 'check'
              ? 'Returned check'
              : p.payProcID === 'bank'
                ? 'Returned debit'
                : 'Taken back'}
          </Badge>
        )}
        {p.status === 'disputed' && (
          <Badge size="xs" variant="filled" color="red" data-testid="payment-disputed">
            Disputed
          </Badge>
        )}
        {p.status === 'pending' && (
          <Badge size="xs" variant="light" color="yellow" data-testid="payment-pending">
            Pending
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateOnly(p.receivedOn)}
        {p.by ? ` · by ${p.by}` : ''}
      </Text>
    </Stack>
  );
}

/** What the payment paid, item by item; what became credit; what went back. */
function PaidFor({ payment: p }: { payment: LedgerPayment }) {
  if (p.status === 'disputed')
    return (
      <Text size="xs" c="red.8">
        The cardholder disputed it and the card processor took the money back: the items it paid are open
        again.
      </Text>
    );
  if (p.status === 'returned')
    return (
      <Text size="xs" c="red.8">
        Came back unpaid: the items it paid are open again.
      </Text>
    );
  const credit = leftAsCredit(p);
  return (
    <Stack gap={1}>
      {p.allocations.map((a) => (
        <Text key={a.itemID} size="xs" data-testid="payment-allocation">
          {a.item}: {dollarsText(a.amount)}
        </Text>
      ))}
      {credit > 0 && (
        <Text size="xs" c="blue.8" data-testid="payment-credit">
          {money(credit)} became credit
        </Text>
      )}
      {p.refund_total > 0 && (
        <Text size="xs" c="dimmed">
          {dollarsText(p.refund_total)} refunded
        </Text>
      )}
      {p.allocations.length === 0 && credit === 0 && p.refund_total === 0 && (
        <Text size="xs" c="dimmed">
          Nothing
        </Text>
      )}
    </Stack>
  );
}

type Props = {
  payments: readonly LedgerPayment[];
  onRefund?: (payment: LedgerPayment) => void;
  onReturn?: (payment: LedgerPayment) => void;
};

const label = (p: LedgerPayment) =>
  `${p.payProcID === 'credit' ? 'Credit applied' : paymentMethod(p)} of ${dollarsText(p.total)}, ${formatDateOnly(p.receivedOn)}`;

/** A transaction's payments: how, how much, what each paid (credit applied marked CREDIT), checks returned. */
export function PaymentTable({ payments, onRefund, onReturn }: Props) {
  if (payments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  const actions = !!(onRefund || onReturn);
  return (
    <Table className={classes.table} withRowBorders={false} aria-label="Payments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Payment</Table.Th>
          <Table.Th className={classes.num}>Amount</Table.Th>
          <Table.Th>Paid for</Table.Th>
          {actions && (
            <Table.Th className={classes.actions}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((p) => (
          <Table.Tr
            key={p.id}
            aria-label={label(p)}
            data-testid="payment"
            className={takenBack(p) ? classes.dimmedRow : undefined}
          >
            <Table.Td>
              <Method payment={p} />
            </Table.Td>
            <Table.Td data-label="Amount" className={classes.num} data-testid="payment-total">
              <Text size="sm" fw={600} span td={takenBack(p) ? 'line-through' : undefined}>
                {dollarsText(p.total)}
              </Text>
            </Table.Td>
            <Table.Td data-label="Paid for">
              <PaidFor payment={p} />
            </Table.Td>
            {actions && (
              <Table.Td className={classes.actions}>
                {((onRefund && canRefund(p)) || (onReturn && canReturn(p))) && (
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {onRefund && canRefund(p) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => onRefund(p)}
                        aria-label={`Refund ${label(p)}`}
                      >
                        Refund
                      </Button>
                    )}
                    {onReturn && canReturn(p) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onReturn(p)}
                        aria-label={`Return ${label(p)}`}
                      >
                        Return check
                      </Button>
                    )}
                  </Group>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
