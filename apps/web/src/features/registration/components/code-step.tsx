import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { messages, verificationCode } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useRequestCode, useValidateCode } from '../api/registration';

type Props = { email: string; onVerified: (hasSignIn: boolean) => void; onChangeEmail: () => void };

/** Step 2: the 6-digit code from the mail. */
export function CodeStep({ email, onVerified, onChangeEmail }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validate = useValidateCode();
  const resend = useRequestCode();

  const submit = (value: string) => {
    if (validate.isPending) return;
    const parsed = verificationCode.safeParse(value);
    if (!parsed.success) {
      setError(value.trim() ? messages.codeInvalid : messages.codeRequired);
      return;
    }
    setError(null);
    validate.mutate(
      { params: { email, code: parsed.data } },
      { onSuccess: (result) => onVerified(result.hasSignIn), onError: (e) => setError(errorText(e)) },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <Stack gap="md">
        <Text c="dimmed">
          We sent a 6-digit code to <b>{email}</b>. Enter it below; it is valid for 10 minutes.
        </Text>
        <Group justify="center">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            size="lg"
            value={code}
            onChange={setCode}
            onComplete={submit}
            error={!!error}
            aria-label="Verification code"
            autoFocus
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={validate.isPending}>
          Verify code
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            Use another e-mail
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { params: { email } },
                {
                  onSuccess: () => notifySuccess(messages.codeSent),
                  onError: (e) => setError(errorText(e)),
                },
              )
            }
          >
            Send a new code
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
