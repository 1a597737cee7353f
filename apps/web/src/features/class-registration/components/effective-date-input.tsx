import { TextInput } from '@mantine/core';
import { formatDateOnly } from '@pirouette/domain';
import { isInWindow } from '../lib/effective-date';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  window: { min: string; max: string };
  disabled?: boolean;
};

/** The owner's effective date: a date input held to the window the server accepts. */
export function EffectiveDateInput({ label, value, onChange, window, disabled }: Props) {
  const ok = isInWindow(value, window);
  return (
    <TextInput
      type="date"
      label={label}
      value={value}
      min={window.min}
      max={window.max}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
      error={ok ? undefined : `Between ${formatDateOnly(window.min)} and ${formatDateOnly(window.max)}`}
      description={ok ? `From ${formatDateOnly(window.min)} to ${formatDateOnly(window.max)}` : undefined}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
