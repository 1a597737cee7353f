import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterSignIn } from '../../../app/guards/guard-decision';
import { sessionFromLogin } from '../api/auth';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            Sign in
          </Title>
          <Text c="dimmed" mt={4}>
            Welcome back. Sign in to manage your studio or your family’s account.
          </Text>
        </div>
        <LoginForm
          onSignedIn={(result) =>
            navigate(afterSignIn(sessionFromLogin(result), location.search), { replace: true })
          }
        />
        <Text size="sm" ta="center" c="dimmed">
          Running a studio and new here?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Register your studio
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
