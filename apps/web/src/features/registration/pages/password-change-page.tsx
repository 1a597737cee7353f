import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@pirouette/domain';
import { Link, useNavigate, useParams } from 'react-router';
import { useChangePassword } from '../api/registration';
import { PasswordForm } from '../components/password-form';
import { ResetRequestForm } from '../components/reset-request-form';
import { ResultDialog } from '../components/result-dialog';

/** /verify/email/pass/:token? — with a mailed token, a new password; without, a request for the link. */
export function PasswordChangePage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const change = useChangePassword();

  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            {token ? 'Choose a new password' : 'Reset your password'}
          </Title>
          <Text c="dimmed" mt={4}>
            {token
              ? 'Pick a password you do not use elsewhere. Other signed-in devices will be signed out.'
              : 'Enter the e-mail address you sign in with and we will send you a link to choose a new password.'}
          </Text>
        </div>
        {token ? (
          <PasswordForm
            submitting={change.isPending}
            onSubmit={(password) =>
              change.mutate(
                { body: { token, password } },
                {
                  onError: () => {
                    // 000 §7: a failed change shows the failure text, then goes to sign-in.
                    notifications.show({ color: 'red', message: messages.passwordChangeFailed });
                    navigate('/login', { replace: true });
                  },
                },
              )
            }
          />
        ) : (
          <ResetRequestForm />
        )}
        <Text size="sm" ta="center" c="dimmed">
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
      <ResultDialog
        opened={change.isSuccess}
        kind="success"
        title={change.data?.msg ?? messages.passwordChanged}
      />
    </Paper>
  );
}
