import { Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { dollarsText, formatDateOnly } from '@pirouette/domain';
import { Fragment } from 'react';
import { lazyNearViewport } from '../../../components/near-viewport';
import { periodText, signedText } from '../lib/tuition-lines';
import { Marks, NUMBERS, type Plan, rowLabel, Why } from './tuition-payment-parts';

/**
 * The table is loaded when it is about to be seen (the card is far down the portal): Mantine's table
 * brings its scroll area, and that the floating-ui library, which nothing else of the portal's first
 * screen needs. A phone shows the list below instead and never loads it.
 */
const PaymentsTable = lazyNearViewport(
  () => import('./tuition-payments-table').then((m) => m.PaymentsTable),
  ({ plan }) => (
    <Stack gap={6} aria-busy="true" aria-label="Loading the payment schedule">
      {plan.payments.map((p) => (
        <Skeleton key={rowLabel(p)} h={28} />
      ))}
    </Stack>
  ),
);

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
