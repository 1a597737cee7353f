import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailParams, messages } from '@pirouette/domain';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { zodResolver } from '../../../lib/zod-form';
import { useRequestPasswordReset } from '../api/registration';
import { ResultDialog } from './result-dialog';

/** Asks for a reset link; the address must look like one before anything is sent (000 §5). */
export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: zodResolver(emailParams) });
  return (
    <>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          request.mutate(
            { params: emailParams.parse(values) },
            {
              onSuccess: () => setSent(true),
              onError: (error) => notifyError(error),
            },
          ),
        )}
      >
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={request.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
      <ResultDialog opened={sent} kind="info" title={messages.checkEmailInbox} onClose={() => setSent(false)}>
        {messages.resetMailSent}
      </ResultDialog>
    </>
  );
}
