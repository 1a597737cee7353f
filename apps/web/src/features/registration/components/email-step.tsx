import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailParams } from '@pirouette/domain';
import { errorText } from '../../../lib/notify';
import { zodResolver } from '../../../lib/zod-form';
import { useRequestCode } from '../api/registration';

/** Step 1: the address that will own the studio; a 6-digit code is mailed to it. */
export function EmailStep({
  initialEmail,
  onCodeSent,
}: {
  initialEmail: string;
  onCodeSent: (email: string) => void;
}) {
  const requestCode = useRequestCode();
  const form = useForm({ initialValues: { email: initialEmail }, validate: zodResolver(emailParams) });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const { email } = emailParams.parse(values);
        requestCode.mutate({ params: { email } }, { onSuccess: () => onCodeSent(email) });
      })}
    >
      <Stack gap="md">
        <Text c="dimmed">
          Start with your e-mail address. We will send you a 6-digit code to confirm it belongs to you.
        </Text>
        {requestCode.isError && (
          <Alert color="red" role="alert">
            {errorText(requestCode.error)}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestCode.isPending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}
