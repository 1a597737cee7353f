import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { isId } from '@pirouette/domain';
import { IconTools } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { isApiError } from '../../../lib/api-client';
import { useParentCompany } from '../../registration/api/get-parent-company';
import { StudioHeading } from '../components/studio-heading';
import { UnknownStudio } from '../components/unknown-studio';

/** /parent/:pID?/register — the family sign-up wizard comes with a later release; this says so. */
export function ParentRegisterPage() {
  const { pID } = useParams();
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
          Family registration
        </StudioHeading>
        <Alert color="plum" icon={<IconTools />} title="Online registration is being set up">
          <Text size="sm">
            Registering your family and dancers online is not open yet. Please contact the studio to register,
            or sign in if you already have an account.
          </Text>
        </Alert>
        <Button component={Link} to={`/parent/${pID}`} variant="light">
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}
