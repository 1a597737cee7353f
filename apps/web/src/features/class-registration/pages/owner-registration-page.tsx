import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { adminHref } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useOwnerRegistrationBuilder } from '../api/class-registration';
import { FamilyPicker } from '../components/family-picker';
import { OwnerWizard } from '../components/owner-wizard';
import { useBuilderWeeks, type WeekControl } from '../components/use-builder-week';

type Back = { to: string; label: string };

function BackLink({ back }: { back: Back }) {
  return (
    <Group>
      <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
        {back.label}
      </Button>
    </Group>
  );
}

/**
 * The owner registers a family's dancers for classes (issue 15 point 2). Opened from a family's
 * overview (`?family=`), or from a class's detail (`?class=`), when the family is picked first.
 */
export function OwnerRegistrationPage() {
  const [params, setParams] = useSearchParams();
  const familyId = params.get('family') ?? '';
  const classID = params.get('class');
  if (familyId) return <FamilyRegistration key={familyId} familyId={familyId} classID={classID} />;
  const back = classID
    ? { to: adminHref('schedule/class'), label: 'Back to the schedule' }
    : { to: adminHref('accounts'), label: 'Back to the accounts' };
  return (
    <Stack gap="lg">
      <BackLink back={back} />
      <PageHeader title="Register for classes" description="Pick the family, then its classes." />
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <FamilyPicker
            onPick={(id) =>
              setParams((p) => {
                const next = new URLSearchParams(p);
                next.set('family', id);
                return next;
              })
            }
          />
          <Text size="sm" c="dimmed">
            {classID
              ? 'The class you came from is picked once you choose the family.'
              : 'Families that have not registered yet are listed too.'}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

function FamilyRegistration({ familyId, classID }: { familyId: string; classID: string | null }) {
  const [locID, setLocID] = useState<string | null>(null);
  // From a class's detail the week opens at the class's location (decision 082).
  const builder = useOwnerRegistrationBuilder(familyId, { locID, clSchID: classID });
  const { builder: data, see } = useBuilderWeeks(builder.data);
  const week: WeekControl = { asked: locID, onAsk: setLocID, loading: builder.isPlaceholderData };
  const back = { to: accountHref(familyId), label: 'Back to the family' };
  const lastName = data?.acctInfo.stds[0]?.lastName;
  return (
    <Stack gap="lg">
      <BackLink back={back} />
      <PageHeader
        title={lastName ? `Register the ${lastName} family` : 'Register for classes'}
        description={data ? `Season ${data.term.name}` : undefined}
      />
      {/* Another location's week failed: said here, the week shown and the selection kept. */}
      {builder.isError && data && (
        <LoadError
          message={errorText(builder.error, messages.loadFailed)}
          onRetry={() => builder.refetch()}
        />
      )}
      {builder.isError && !data ? (
        <LoadError
          message={errorText(builder.error, messages.loadFailed)}
          onRetry={() => builder.refetch()}
        />
      ) : !data ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the schedule">
          <Skeleton h={40} />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : data.acctInfo.stds.length === 0 ? (
        <Text>This family has no dancers yet: add one on its overview first.</Text>
      ) : (
        <OwnerWizard
          builder={data}
          week={week}
          familyId={familyId}
          classID={classID}
          reload={() => builder.refetch().then((r) => r.data && see(r.data))}
          back={back}
        />
      )}
    </Stack>
  );
}
