import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { studioSetupCalls } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { callQuery } from '../../../lib/call';
import { sessionFromLogin } from '../api/auth';
import { LoginForm } from '../components/login-form';
import { landingAfterSignIn } from '../landing';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const setupComplete = async () => (await queryClient.fetchQuery(callQuery(studioSetupCalls.get))).complete;
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
          onSignedIn={async (result) =>
            navigate(await landingAfterSignIn(sessionFromLogin(result), location.search, setupComplete), {
              replace: true,
            })
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
