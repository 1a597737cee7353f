import { Button, Group, NumberInput, Text } from '@mantine/core';
import { type PaymentPlan, updatePlanDiscountInput } from '@pirouette/domain';
import { useState } from 'react';
import { notifyResult } from '../../../lib/notify';
import { useUpdatePlanDiscount } from '../api/payment-system';

const toPercent = (fraction: number) => Number((fraction * 100).toFixed(2));

/** A plan's discount, typed as a percentage and sent as a fraction; the default plan has none. */
export function DiscountEditor({ plan }: { plan: PaymentPlan }) {
  const [value, setValue] = useState<number | string>(toPercent(plan.discount));
  const update = useUpdatePlanDiscount();
  if (plan.isDefault) {
    return (
      <Text size="sm" c="dimmed">
        No discount: the other plans are priced against this one.
      </Text>
    );
  }
  const fraction = typeof value === 'number' ? Number((value / 100).toFixed(4)) : Number.NaN;
  const check = updatePlanDiscountInput.safeParse({ discount: fraction });
  const error = value === '' ? 'Required' : check.success ? null : check.error.issues[0]?.message;
  const changed = fraction !== plan.discount;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberInput
        label="Discount"
        aria-label={`${plan.name} discount`}
        suffix=" %"
        decimalScale={2}
        min={0}
        max={99.99}
        allowNegative={false}
        clampBehavior="none"
        value={value}
        onChange={setValue}
        error={changed ? error : null}
        w={120}
        size="sm"
      />
      <Button
        size="sm"
        mt={25}
        variant={changed ? 'filled' : 'default'}
        disabled={!changed || !!error}
        loading={update.isPending}
        onClick={() =>
          update.mutate({ params: { id: plan.id }, body: { discount: fraction } }, notifyResult())
        }
      >
        Save
      </Button>
    </Group>
  );
}
