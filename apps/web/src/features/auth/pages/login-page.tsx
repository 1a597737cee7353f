import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { studioSetupCalls } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterSignIn, loginRedirect } from '../../../app/guards/guard-decision';
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
          beforeSession={async (result) => {
            const session = sessionFromLogin(result);
            const to = await landingAfterSignIn(session, location.search, setupComplete);
            // The guest guard takes the person on as soon as the session is known (000 §6), and a page
            // of this one's choosing would race it (the next page's code loads lazily): a landing of its
            // own is handed to the guard as the page to return to, so there is one redirect, the guard's.
            if (to !== afterSignIn(session, location.search))
              await navigate(loginRedirect(to), { replace: true });
          }}
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
