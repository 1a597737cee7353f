import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhoneInput } from '../../../components/phone-input';
import { PASSWORD_HINT } from '../../../lib/format';
import { type DetailsValues, stepErrors } from '../registration-wizard';

type Props = { form: UseFormReturnType<DetailsValues>; onNext: () => void };

/** Step 3: the owner — name, phone and a password following the verify_password rule. */
export function OwnerStep({ form, onNext }: Props) {
  const next = () => {
    const errors = stepErrors('owner', form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) onNext();
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <Stack gap="md">
        <Text c="dimmed">
          Your e-mail <b>{form.getValues().login.email}</b> is confirmed. Tell us who you are.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('user.firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('user.lastName')}
          />
        </SimpleGrid>
        <PhoneInput label="Mobile phone" required {...form.getInputProps('user.phone')} />
        <PasswordInput
          label="Password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          {...form.getInputProps('login.password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}
