import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type LoginResult, loginInput, messages } from '@pirouette/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type RefObject, useContext, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify';
import { RenderedPhone } from '../../../lib/rendered';
import { zodResolver } from '../../../lib/zod-form';
import { useLogin, useRememberedEmail } from '../api/auth';

type LoginValues = { email: string; password: string; remember: boolean };

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

  const fields = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    remember: useRef<HTMLInputElement>(null),
  };
  const live = useTypedBeforeHydration(form, fields);

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
          ref={fields.email}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          ref={fields.password}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label="Remember me"
            key={form.key('remember')}
            ref={fields.remember}
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

type Fields = Record<keyof LoginValues, RefObject<HTMLInputElement | null>>;

/**
 * A sign-in page the server rendered (decision 133) can be typed into before its scripts have arrived:
 * once hydrated, what its fields hold is taken as typed (React keeps a field's text but not the form's
 * values), and only then does its button answer; before, it is disabled, so neither a press nor Enter
 * sends the page anywhere. A form the browser renders itself is live from its first render.
 */
function useTypedBeforeHydration(
  form: { getValues(): LoginValues; setValues(v: Partial<LoginValues>): void },
  fields: Fields,
) {
  const [live, setLive] = useState(useContext(RenderedPhone) === null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form mounts
  useEffect(() => {
    const values = form.getValues();
    const typed = {
      email: fields.email.current?.value ?? values.email,
      password: fields.password.current?.value ?? values.password,
      remember: fields.remember.current?.checked ?? values.remember,
    };
    if ((Object.keys(typed) as (keyof LoginValues)[]).some((k) => typed[k] !== values[k]))
      form.setValues(typed);
    setLive(true);
  }, []);
  return live;
}
