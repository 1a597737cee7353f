import { Button, Grid, Skeleton, Stack } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useLocations } from '../../locations/api/locations';
import { useYearTerms } from '../../year-terms/api/year-terms';
import { RegisteredList } from '../registration/registered-list';
import { RegistrationWork, RemovalDialog } from '../registration/registration-work';
import { useRegistrationActions, useRegistrationChoice } from '../registration/use-registration';

/**
 * Competition registration (issue 19 points 2–3, decision 032): choose an event, an entry, a year term,
 * a location and a type (kept in the address); select classes, dance numbers, dancers or private
 * lessons in the working lists and register them, or take them off; beside them, the event's
 * registrations by dancer with each fee and whether it is paid.
 */
export function CompetitionRegistrationPage() {
  const section = findSection('competition/registration');
  const session = useSession();
  const terms = useYearTerms();
  const locations = useLocations();
  const reg = useRegistrationChoice({
    term: session?.yrTrm?.id ?? terms.data?.[0]?.id ?? null,
    loc: locations.data?.[0]?.id ?? null,
  });
  const actions = useRegistrationActions(reg);
  const { events, registered } = reg;

  const header = <PageHeader title={section.title} description={section.description} />;
  const loading = events.isPending || terms.isPending || locations.isPending;
  if (loading)
    return (
      <Stack gap="xl">
        {header}
        <Skeleton h={120} radius="md" aria-busy="true" aria-label="Loading competition registration" />
      </Stack>
    );
  const failed = events.error ?? terms.error ?? locations.error;
  if (failed)
    return (
      <Stack gap="xl">
        {header}
        <LoadError message={errorText(failed, messages.loadFailed)} onRetry={() => events.refetch()} />
      </Stack>
    );
  if ((events.data ?? []).length === 0)
    return (
      <Stack gap="xl">
        {header}
        <EmptyState
          title={section.emptyTitle}
          icon={IconTrophy}
          action={
            <Button component={Link} to="/accounts/admin/competition/companies">
              Add a competition event
            </Button>
          }
        >
          Add a competition company, its location and an event with its entries first; then register your
          dance numbers and dancers here.
        </EmptyState>
      </Stack>
    );

  return (
    <Stack gap="xl">
      {header}
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RegistrationWork
            reg={reg}
            actions={actions}
            terms={terms.data ?? []}
            locations={locations.data ?? []}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {registered.data ? (
            <RegisteredList data={registered.data} />
          ) : registered.isError ? (
            <LoadError
              message={errorText(registered.error, messages.loadFailed)}
              onRetry={() => registered.refetch()}
            />
          ) : (
            <Skeleton h={200} radius="md" />
          )}
        </Grid.Col>
      </Grid>
      <RemovalDialog entryName={reg.entry?.name} actions={actions} />
    </Stack>
  );
}
