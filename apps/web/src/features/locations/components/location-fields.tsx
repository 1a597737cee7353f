import { Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { LocationFields } from '@pirouette/domain';
import { AddressInputs } from '../../../components/address-inputs';
import { PhoneInput } from '../../../components/phone-input';

type Props = {
  /** The input props of one field of the location, wherever the form keeps it. */
  inputProps: (field: keyof LocationFields) => GetInputPropsReturnType;
};

/** A location's own fields, every one required (002 §5). */
export function LocationFieldsInputs({ inputProps }: Props) {
  return (
    <Stack gap="sm">
      <TextInput label="Name" placeholder="Main studio" required data-autofocus {...inputProps('name')} />
      <AddressInputs inputProps={inputProps} />
      <PhoneInput label="Phone" required {...inputProps('phone')} />
    </Stack>
  );
}
