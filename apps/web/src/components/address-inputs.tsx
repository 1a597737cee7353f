import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { US_STATES } from '../lib/us-states';

type Field = 'address' | 'city' | 'state' | 'zipcode';

type Props = {
  /** One field's props from the form, under the form's own path (Mantine's getInputProps). */
  inputProps: (field: Field) => object;
  /** The optional second address line's props, for the forms that have one. */
  line2?: object;
  /** The browser's address autofill: off where someone else's address is typed (the front desk, staff). */
  autofill?: boolean;
  /** Focuses the street address when a dialog opens. */
  autoFocus?: boolean;
};

/** A US postal address: street (and a second line), city, state and ZIP code, each required but line 2. */
export function AddressInputs({ inputProps, line2, autofill = true, autoFocus = false }: Props) {
  const auto = (token: string) => (autofill ? token : 'off');
  return (
    <>
      <TextInput
        label="Street address"
        autoComplete={auto(line2 ? 'address-line1' : 'street-address')}
        required
        data-autofocus={autoFocus || undefined}
        {...inputProps('address')}
      />
      {line2 && <TextInput label="Address line 2" autoComplete={auto('address-line2')} {...line2} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" autoComplete={auto('address-level2')} required {...inputProps('city')} />
        <Select
          label="State"
          data={US_STATES}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          {...inputProps('state')}
        />
        <TextInput
          label="ZIP code"
          autoComplete={auto('postal-code')}
          inputMode="numeric"
          required
          {...inputProps('zipcode')}
        />
      </SimpleGrid>
    </>
  );
}
