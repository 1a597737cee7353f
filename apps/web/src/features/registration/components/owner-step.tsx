import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { registrationMessages } from '@pirouette/domain';
import { IconUserCheck } from '@tabler/icons-react';
import { PhoneInput } from '../../../components/phone-input';
import { PASSWORD_HINT } from '../../../lib/format';
import { type DetailsValues, stepErrors } from '../registration-wizard';

type Props = { form: UseFormReturnType<DetailsValues>; onNext: () => void };

/**
 * Step 3: the owner — name, phone and a password following the verify_password rule. An address that
 * already signs in is told so here, right after its code, and keeps its password (none is asked).
 */
export function OwnerStep({ form, onNext }: Props) {
  const { hasSignIn, login } = form.getValues();
  const email = login.email;
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
        {hasSignIn ? (
          <Alert color="teal" icon={<IconUserCheck />} title="You already have a sign-in" role="status">
            {registrationMessages.existingSignIn(email)}
          </Alert>
        ) : (
          <Text c="dimmed">
            Your e-mail <b>{email}</b> is confirmed. Tell us who you are.
          </Text>
        )}
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
        {!hasSignIn && (
          <>
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
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}
