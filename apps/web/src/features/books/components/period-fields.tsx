import { Group, TextInput } from '@mantine/core';
import type { Period } from '../lib/books';

type Props = {
  value: Period;
  onChange: (next: Period) => void;
  /** Which end is wrong, shown under it. */
  error?: { from: boolean; to: boolean; message: string } | null;
  /** Names the fields apart when a page has several periods. */
  label: string;
};

/** A period's first and last days. */
export function PeriodFields({ value, onChange, error, label }: Props) {
  return (
    <Group gap="sm" grow align="flex-start" wrap="nowrap">
      <TextInput
        type="date"
        label="From"
        aria-label={`${label}: from`}
        size="sm"
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        error={error?.from ? error.message : undefined}
      />
      <TextInput
        type="date"
        label="To"
        aria-label={`${label}: to`}
        size="sm"
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        error={error?.to && !error.from ? error.message : undefined}
      />
    </Group>
  );
}
