import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { centsText, type PaymentPlan, type SchedulePlan } from '@pirouette/domain';
import { DiscountEditor } from './discount-editor';
import { PlanPayments } from './plan-payments';

const percentOff = (fraction: number) => `${Number((fraction * 100).toFixed(2))} % off`;

/**
 * One plan: its options as the term made them (their dates are not editable), the owner's discount and
 * due days, and beside each option what the example family would pay and why.
 */
export function PlanCard({ plan, example }: { plan: PaymentPlan; example: SchedulePlan | null }) {
  return (
    <Card p={0} aria-label={`${plan.name} plan`} component="section">
      <Group justify="space-between" align="flex-start" p="md" gap="md">
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={3} fz="lg">
              {plan.name}
            </Title>
            {plan.isDefault && <Badge variant="light">Default</Badge>}
            <Badge variant="outline" color="gray">
              {plan.nPays === 1 ? '1 payment' : `${plan.nPays} payments`}
            </Badge>
            {plan.discount > 0 && (
              <Badge variant="light" color="teal">
                {percentOff(plan.discount)}
              </Badge>
            )}
          </Group>
          <DiscountEditor key={`${plan.id}:${plan.discount}`} plan={plan} />
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Example total
          </Text>
          <Text
            fz={24}
            fw={700}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid={`total-${plan.name}`}
          >
            {example ? centsText(example.total) : '—'}
          </Text>
        </Stack>
      </Group>
      <PlanPayments plan={plan} example={example} />
    </Card>
  );
}
