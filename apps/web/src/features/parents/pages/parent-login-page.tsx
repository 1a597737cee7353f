import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { isId } from '@pirouette/domain';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { afterSignIn } from '../../../app/guards/guard-decision';
import { LoadError } from '../../../components/load-error';
import { isApiError } from '../../../lib/api-client';
import { sessionFromLogin } from '../../auth/api/auth';
import { LoginForm } from '../../auth/components/login-form';
import { useParentCompany } from '../../registration/api/registration';
import { StudioHeading } from '../components/studio-heading';
import { UnknownStudio } from '../components/unknown-studio';

/** /parent/:pID — a studio's parent sign-in. */
export function ParentLoginPage() {
  const { pID } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const studio = useParentCompany(pID);

  if (
    !isId(pID) ||
    (studio.isError && isApiError(studio.error) && [400, 404].includes(studio.error.status))
  ) {
    return (
      <Paper p={{ base: 'lg', sm: 32 }} withBorder shadow="sm">
        <UnknownStudio />
      </Paper>
    );
  }
  if (studio.isError) return <LoadError onRetry={() => studio.refetch()} />;

  return (
    <Paper p={{ base: 'lg', sm: 32 }} withBorder shadow="sm">
      <Stack gap="lg">
        <StudioHeading name={studio.data?.cName} loading={studio.isPending}>
          Sign in to your family account.
        </StudioHeading>
        <LoginForm
          onSignedIn={(result) =>
            navigate(afterSignIn(sessionFromLogin(result), location.search), { replace: true })
          }
        />
        <Text size="sm" ta="center" c="dimmed">
          New to the studio?{' '}
          <Anchor component={Link} to={`/parent/${pID}/register`} fw={600}>
            Create your family account
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
