import { Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { dollarsText, type FamilyTuition, formatDateOnly } from '@pirouette/domain';
import { Fragment } from 'react';
import { periodText, signedText, splitLine } from '../lib/tuition-lines';

type Plan = NonNullable<FamilyTuition['plan']>;
type Payment = Plan['payments'][number];

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** What sets a payment apart: an adjustment of a past payment, a change by the latest revision, no charge. */
function Marks({ payment }: { payment: Payment }) {
  return (
    <>
      {payment.kind === 'adjustment' && (
        <Badge size="xs" variant="light" color="orange" data-testid="adjustment-mark">
          Adjustment
        </Badge>
      )}
      {payment.changed && (
        <Badge size="xs" variant="outline" color="plum" data-testid="changed-mark">
          Changed
        </Badge>
      )}
      {!payment.isRelivent && (
        <Badge size="xs" variant="light" color="gray">
          Not charged
        </Badge>
      )}
      <Standing payment={payment} />
    </>
  );
}

/** Where the payment stands in the family's books: paid, partly paid, charged, or credited. */
function Standing({ payment }: { payment: Payment }) {
  if (payment.charged === 0) return null;
  if (payment.val < 0)
    return (
      <Badge size="xs" variant="light" color="teal" data-testid="standing-mark">
        Credited
      </Badge>
    );
  if (payment.isPayed === 1)
    return (
      <Badge size="xs" variant="light" color="green" data-testid="standing-mark">
        Paid
      </Badge>
    );
  return (
    <Badge size="xs" variant="light" color={payment.paid > 0 ? 'yellow' : 'blue'} data-testid="standing-mark">
      {payment.paid > 0 ? `Paid ${dollarsText(payment.paid)} of ${dollarsText(payment.charged)}` : 'Charged'}
    </Badge>
  );
}

/**
 * Why the amount is what it is. A single line is the amount's own sentence ("5 × $159.50"); several are
 * shown with their amounts, which add up to the payment.
 */
function Why({ payment }: { payment: Payment }) {
  if (payment.lines.length === 1)
    return (
      <Text size="xs" c="dimmed" data-testid="payment-line">
        {payment.lines[0]!.label}
      </Text>
    );
  return (
    <Stack gap={0}>
      {payment.lines.map(splitLine).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a payment's lines keep their order and have no id
        <Group key={i} gap="xs" wrap="nowrap" justify="space-between" data-testid="payment-line">
          <Text size="xs" c="dimmed" miw={0}>
            {line.label}
          </Text>
          <Text size="xs" c="dimmed" style={NUMBERS} data-testid="payment-line-amount">
            {signedText(line.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

const rowLabel = (p: Payment) =>
  `${p.name}, ${periodText(p.dateStart, p.dateEnd)}, due ${formatDateOnly(p.dateDue)}: ${signedText(p.val)}`;

const GROUP_BORDER = { borderTop: '1px solid var(--mantine-color-gray-3)' } as const;

/**
 * Wide screens: a payment is a group of rows, its name, period, due date and amount first, then each line
 * of its working under it, the line's amount under the payment's, like a receipt.
 */
function PaymentsTable({ plan }: { plan: Plan }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} horizontalSpacing="sm" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment</Table.Th>
            <Table.Th style={NOWRAP}>Pays for</Table.Th>
            <Table.Th style={NOWRAP}>Due</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {plan.payments.map((p) => {
          const several = p.lines.length > 1;
          return (
            <Table.Tbody
              key={p.id}
              style={GROUP_BORDER}
              c={p.isRelivent ? undefined : 'dimmed'}
              aria-label={rowLabel(p)}
              data-testid="payment"
              data-kind={p.kind}
            >
              <Table.Tr>
                <Table.Td pb={2}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {p.name}
                    </Text>
                    <Marks payment={p} />
                  </Group>
                </Table.Td>
                <Table.Td pb={2} style={NOWRAP}>
                  <Text size="sm">{periodText(p.dateStart, p.dateEnd)}</Text>
                </Table.Td>
                <Table.Td pb={2} style={NOWRAP}>
                  <Text size="sm">{formatDateOnly(p.dateDue)}</Text>
                </Table.Td>
                <Table.Td pb={2} ta="right" fw={600} style={NUMBERS} data-testid="payment-amount">
                  {signedText(p.val)}
                </Table.Td>
              </Table.Tr>
              {p.lines.map(splitLine).map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a payment's lines keep their order and have no id
                <Table.Tr key={i} data-testid="payment-line">
                  <Table.Td colSpan={3} py={0} pb={i === p.lines.length - 1 ? 8 : 0}>
                    <Text size="xs" c="dimmed">
                      {line.label}
                    </Text>
                  </Table.Td>
                  <Table.Td py={0} ta="right">
                    {several && (
                      <Text size="xs" c="dimmed" style={NUMBERS} data-testid="payment-line-amount">
                        {signedText(line.amount)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          );
        })}
        <Table.Tfoot style={GROUP_BORDER}>
          <Table.Tr>
            <Table.Th colSpan={3}>Plan total</Table.Th>
            <Table.Th ta="right" style={NUMBERS} data-testid="plan-total">
              {dollarsText(plan.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: each payment as a short block, its amount first. */
function PaymentsList({ plan }: { plan: Plan }) {
  return (
    <Stack gap={0}>
      {plan.payments.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && <Divider />}
          <Stack
            gap={4}
            py="sm"
            c={p.isRelivent ? undefined : 'dimmed'}
            aria-label={rowLabel(p)}
            data-testid="payment"
            data-kind={p.kind}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Group gap={6} miw={0}>
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
                <Marks payment={p} />
              </Group>
              <Text fw={700} style={NUMBERS} data-testid="payment-amount">
                {signedText(p.val)}
              </Text>
            </Group>
            <Text size="xs">
              {periodText(p.dateStart, p.dateEnd)} · due {formatDateOnly(p.dateDue)}
            </Text>
            <Why payment={p} />
          </Stack>
        </Fragment>
      ))}
      <Divider />
      <Group justify="space-between" pt="sm">
        <Text fw={700} size="sm">
          Plan total
        </Text>
        <Text fw={700} style={NUMBERS} data-testid="plan-total">
          {dollarsText(plan.total)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The plan's payments: what each pays for, when it is due, how much and why. */
export function TuitionPayments({ plan }: { plan: Plan }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return narrow ? <PaymentsList plan={plan} /> : <PaymentsTable plan={plan} />;
}
