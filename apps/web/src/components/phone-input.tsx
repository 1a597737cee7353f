import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneTyping } from '../lib/format';

type Props = Omit<TextInputProps, 'onChange' | 'value'> & {
  value?: string;
  onChange: (value: string) => void;
};

/** A US phone number, shown as (000) 000-0000 while it is typed. */
export function PhoneInput({ value, onChange, ...props }: Props) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(555) 555-5555"
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(formatPhoneTyping(event.currentTarget.value))}
    />
  );
}
