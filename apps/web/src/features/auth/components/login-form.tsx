import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type LoginResult, loginInput, messages } from '@pirouette/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import { zodResolver } from '../../../lib/zod-form';
import { useLogin, useRememberedEmail } from '../api/auth';

/** The fields a visitor may fill in before the page's scripts arrive. */
const TYPED_FIRST = ['email', 'password', 'remember'] as const;

/**
 * E-mail, password and remember-me; on success shows 'Login Successful' and hands the session on (a
 * page under the guest guard is taken on by the guard). `beforeSession` (see `useLogin`) runs before
 * the session is known to the rest of the app.
 */
export function LoginForm({
  onSignedIn,
  beforeSession,
}: {
  onSignedIn?: (result: LoginResult) => void;
  beforeSession?: (result: LoginResult) => Promise<void>;
}) {
  const login = useLogin(beforeSession);
  const remembered = useRememberedEmail();
  const form = useForm({
    initialValues: { email: '', password: '', remember: false },
    validate: zodResolver(loginInput),
  });

  // Typed into the page the server rendered before its scripts arrived (decision 133).
  const live = useTypedBeforeHydration(form, TYPED_FIRST);

  const rememberedEmail = remembered.data?.email;
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefill once when the remembered address arrives
  useEffect(() => {
    if (rememberedEmail && !form.isTouched('email') && !form.getValues().email) {
      form.setValues({ email: rememberedEmail, remember: true });
    }
  }, [rememberedEmail]);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        login.mutate(
          { body: loginInput.parse(values) },
          {
            onSuccess: (result) => {
              notifications.show({ color: 'teal', message: messages.loginSuccessful });
              onSignedIn?.(result);
            },
          },
        ),
      )}
    >
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {errorText(login.error)}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label="Remember me"
            key={form.key('remember')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor component={Link} to="/verify/email/pass" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={login.isPending} disabled={!live} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
