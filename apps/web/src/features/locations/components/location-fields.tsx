import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { LocationFields } from '@pirouette/domain';
import { PhoneInput } from '../../../components/phone-input';
import { US_STATES } from '../../../lib/us-states';

type Props = {
  /** The input props of one field of the location, wherever the form keeps it. */
  inputProps: (field: keyof LocationFields) => GetInputPropsReturnType;
};

/** A location's own fields, every one required (002 §5). */
export function LocationFieldsInputs({ inputProps }: Props) {
  return (
    <Stack gap="sm">
      <TextInput label="Name" placeholder="Main studio" required data-autofocus {...inputProps('name')} />
      <TextInput label="Street address" autoComplete="street-address" required {...inputProps('address')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="City" autoComplete="address-level2" required {...inputProps('city')} />
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
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...inputProps('zipcode')}
        />
      </SimpleGrid>
      <PhoneInput label="Phone" required {...inputProps('phone')} />
    </Stack>
  );
}
