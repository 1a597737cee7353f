import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { US_STATES } from '../../../lib/us-states';

type Field = 'address_1' | 'address_2' | 'city' | 'state' | 'zipcode';
/** A field's props from the form (Mantine's getInputProps). */
type InputProps = { value?: string; onChange?: (value: unknown) => void; error?: string };

/** A competition's address: every line optional (a company may give none, a venue only its name). */
export function AddressFields({ inputProps }: { inputProps: (field: Field) => InputProps }) {
  const state = inputProps('state');
  return (
    <>
      <TextInput label="Street address" autoComplete="off" {...inputProps('address_1')} />
      <TextInput label="Address line 2" autoComplete="off" {...inputProps('address_2')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" autoComplete="off" {...inputProps('city')} />
        <Select
          label="State"
          data={US_STATES}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          value={state.value || null}
          // A cleared state is '' to the schema, as one never chosen.
          onChange={(v) => state.onChange?.(v ?? '')}
          error={state.error}
        />
        <TextInput label="ZIP code" inputMode="numeric" autoComplete="off" {...inputProps('zipcode')} />
      </SimpleGrid>
    </>
  );
}
