import { Select } from '@mantine/core';
import { DUE_DAY, type PaymentPlanOption } from '@pirouette/domain';
import { notifyResult } from '../../../lib/notify';
import { useUpdateOptionDueDay } from '../api/payment-system';

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}

const DAYS = Array.from({ length: DUE_DAY.max - DUE_DAY.min + 1 }, (_, i) => {
  const day = DUE_DAY.min + i;
  return { value: String(day), label: ordinal(day) };
});

/** The day of the month an option's payment is due, saved as soon as it is picked. */
export function DueDaySelect({ option }: { option: PaymentPlanOption }) {
  const update = useUpdateOptionDueDay();
  return (
    <Select
      aria-label={`Due day of ${option.name}`}
      data={DAYS}
      value={String(update.isPending ? update.variables.body.dayPaymentDue : option.dayPaymentDue)}
      allowDeselect={false}
      disabled={update.isPending}
      size="xs"
      w={84}
      comboboxProps={{ withinPortal: true }}
      onChange={(v) => {
        if (!v || Number(v) === option.dayPaymentDue) return;
        update.mutate({ params: { id: option.id }, body: { dayPaymentDue: Number(v) } }, notifyResult());
      }}
    />
  );
}
