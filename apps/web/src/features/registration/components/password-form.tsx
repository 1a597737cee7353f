import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, newPassword } from '@pirouette/domain';
import { PASSWORD_HINT } from '../../../lib/format';
import { PASSWORD_MISMATCH } from '../registration-wizard';

export type PasswordValues = { password: string; confirm: string };

/** The errors of a new password and its confirmation (the verify_password rule, 000 §5). */
export function passwordErrors(values: PasswordValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = newPassword.safeParse(values.password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? messages.passwordRule;
  else if (values.confirm !== values.password) errors.confirm = PASSWORD_MISMATCH;
  return errors;
}

/** A new password, typed twice. */
export function PasswordForm({
  onSubmit,
  submitting,
}: {
  onSubmit: (password: string) => void;
  submitting: boolean;
}) {
  const form = useForm<PasswordValues>({
    initialValues: { password: '', confirm: '' },
    validate: passwordErrors,
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.password))}>
      <Stack gap="md">
        <PasswordInput
          label="New password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={submitting}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
