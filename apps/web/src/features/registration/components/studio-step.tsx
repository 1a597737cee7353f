import { Alert, Button, Checkbox, Divider, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ABOUT_US_OPTIONS } from '@pirouette/domain';
import { AddressInputs } from '../../../components/address-inputs';
import { PhoneInput } from '../../../components/phone-input';
import type { DetailsValues } from '../registration-wizard';

type Props = {
  form: UseFormReturnType<DetailsValues>;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  error: string | null;
};

function AddressFields({
  form,
  prefix,
}: {
  form: UseFormReturnType<DetailsValues>;
  prefix: 'studioInfo' | 'accountInfo';
}) {
  return (
    <>
      <AddressInputs inputProps={(f) => form.getInputProps(`${prefix}.${f}`)} />
      <PhoneInput
        label={prefix === 'studioInfo' ? 'Studio phone' : 'Billing phone'}
        required
        {...form.getInputProps(`${prefix}.phone`)}
      />
    </>
  );
}

/** Step 4: the studio, the billing address and how the owner heard of us. */
export function StudioStep({ form, onBack, onSubmit, submitting, error }: Props) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Studio name"
          required
          autoComplete="organization"
          {...form.getInputProps('studioInfo.name')}
        />
        <AddressFields form={form} prefix="studioInfo" />
        <TextInput label="Studio e-mail" type="email" required {...form.getInputProps('studioInfo.email')} />
        <Divider label="Billing address" labelPosition="left" mt="xs" />
        <Checkbox
          label="Same as the studio address"
          {...form.getInputProps('billingSameAsStudio', { type: 'checkbox' })}
        />
        {!form.getValues().billingSameAsStudio && <AddressFields form={form} prefix="accountInfo" />}
        <Divider label="About us" labelPosition="left" mt="xs" />
        <Select
          label="How did you hear about Pirouette?"
          data={[...ABOUT_US_OPTIONS]}
          required
          {...form.getInputProps('aboutUS.option')}
        />
        <Textarea
          label="Anything else we should know?"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('aboutUS.notes')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={submitting}>
            Register studio
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
