/** What the payment schedule's list (phones) and table (wider screens) both show of a payment. */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { dollarsText, type FamilyTuition, formatDateOnly } from '@pirouette/domain';
import { periodText, signedText, splitLine } from '../lib/tuition-lines';

export type Plan = NonNullable<FamilyTuition['plan']>;
export type Payment = Plan['payments'][number];

export const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
export const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** What sets a payment apart: an adjustment of a past payment, a change by the latest revision, no charge. */
export function Marks({ payment }: { payment: Payment }) {
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
export function Standing({ payment }: { payment: Payment }) {
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
 * Why the amount is what it is, in the text's own colour: parents read how it adds up (DESIGN.md, issue
 * 31 item 17), it is no aside. A single line is the amount's own sentence ("5 × $159.50"); several are
 * shown with their amounts, which add up to the payment.
 */
export function Why({ payment }: { payment: Payment }) {
  if (payment.lines.length === 1)
    return (
      <Text size="xs" data-testid="payment-line">
        {payment.lines[0]!.label}
      </Text>
    );
  return (
    <Stack gap={0}>
      {payment.lines.map(splitLine).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a payment's lines keep their order and have no id
        <Group key={i} gap="xs" wrap="nowrap" justify="space-between" data-testid="payment-line">
          <Text size="xs" miw={0}>
            {line.label}
          </Text>
          <Text size="xs" style={NUMBERS} data-testid="payment-line-amount">
            {signedText(line.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export const rowLabel = (p: Payment) =>
  `${p.name}, ${periodText(p.dateStart, p.dateEnd)}, due ${formatDateOnly(p.dateDue)}: ${signedText(p.val)}`;
