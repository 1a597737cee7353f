import { Alert, Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { centsText, formatDateOnly, type RegistrationBuilder } from '@pirouette/domain';
import type { PlanPreview } from '../lib/quote';
import { PaymentList } from './payment-list';

type Props = {
  builder: RegistrationBuilder;
  previews: PlanPreview[];
  chosen: string | null;
  onChoose: (planId: string) => void;
  /** The owner's wizard: the family's plan, from the effective date chosen (a parent's is today). */
  owner?: { from: string };
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const paymentsText = (n: number) => (n === 1 ? '1 payment' : `${n} payments`);

/**
 * Step 2: the payment plan. A family's first registration of the term chooses one of the term's plans,
 * each shown with its total and payments from today; a family with a plan keeps it, and sees its
 * payments revised from today, each change explained.
 */
export function PlanStep({ builder, previews, chosen, onChoose, owner }: Props) {
  if (builder.plan) {
    const own = previews[0];
    if (!own)
      return <Alert color="red">{`The ${builder.plan.name} plan is no longer offered this term.`}</Alert>;
    return (
      <Paper withBorder p="md" radius="md" data-testid="plan-revision">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={700}>
              {owner
                ? `The family's ${own.name} plan, from ${formatDateOnly(owner.from)}`
                : `Your ${own.name} plan, from today`}
            </Text>
            <Text fw={700} style={NUMBERS}>
              {centsText(own.revision.total)} for the term
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Payments already due keep their amount; what changes is added as an adjustment or to the payments
            still to come.
          </Text>
          <PaymentList payments={own.revision.payments} />
        </Stack>
      </Paper>
    );
  }
  return (
    <Radio.Group value={chosen} onChange={onChoose} aria-label="Payment plan">
      <Stack gap="sm">
        {previews.map((p) => {
          const counted = p.revision.payments.filter((x) => x.isRelivent).length;
          return (
            <Radio.Card
              key={p.planId}
              value={p.planId}
              radius="md"
              p="md"
              data-testid="plan-option"
              style={{
                borderColor: chosen === p.planId ? 'var(--mantine-color-plum-6)' : undefined,
                borderWidth: chosen === p.planId ? 2 : undefined,
              }}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text fw={700}>{p.name}</Text>
                        {p.isDefault && (
                          <Badge size="xs" variant="light">
                            Default
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {paymentsText(counted)} · tuition {centsText(p.revision.monthly)} a month
                      </Text>
                    </Stack>
                  </Group>
                  <Text fw={800} size="lg" style={NUMBERS} data-testid="plan-total">
                    {centsText(p.revision.total)}
                  </Text>
                </Group>
                <PaymentList payments={p.revision.payments} />
              </Stack>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
