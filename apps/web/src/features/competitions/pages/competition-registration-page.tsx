import { Button, Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { messages, type RegistrationType } from '@pirouette/domain';
import { IconTrophy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useLocations } from '../../locations/api/locations';
import { useYearTerms } from '../../year-terms/api/year-terms';
import {
  useCompetitionEvents,
  useEntriesOf,
  useRegisterDancers,
  useRegisteredOfEvent,
  useRegisterNumbers,
  useRegisterPrivates,
  useRemoveNumberRegistration,
  useRemovePrivateRegistration,
  useWorkingLists,
} from '../registration/api';
import { RegisterBar } from '../registration/register-bar';
import { RegisteredList } from '../registration/registered-list';
import { type Choice, RegistrationFilters } from '../registration/registration-filters';
import { EMPTY_SELECTION, requestsOf, type Selection } from '../registration/selection';
import { StateLegend } from '../registration/state-mark';
import { ClassLists, PrivateLists, type Removal } from '../registration/working-lists';

const KEYS = ['event', 'entry', 'term', 'loc', 'type'] as const;

/**
 * Competition registration (issue 19 points 2–3, decision 032): choose an event, an entry, a year term,
 * a location and a type (kept in the address); select classes, dance numbers, dancers or private
 * lessons in the working lists and register them, or take them off; beside them, the event's
 * registrations by dancer with each fee and whether it is paid.
 */
export function CompetitionRegistrationPage() {
  const section = findSection('competition/registration');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const events = useCompetitionEvents();
  const terms = useYearTerms();
  const locations = useLocations();
  const eventId = params.get('event') ?? events.data?.[0]?.id ?? null;
  const entries = useEntriesOf(eventId);
  const choice: Choice = {
    event: eventId,
    entry: params.get('entry') ?? entries.data?.[0]?.id ?? null,
    term: params.get('term') ?? session?.yrTrm?.id ?? terms.data?.[0]?.id ?? null,
    loc: params.get('loc') ?? locations.data?.[0]?.id ?? null,
    type: (params.get('type') as RegistrationType | null) ?? 'cls',
  };
  const entry = entries.data?.find((e) => e.id === choice.entry) ?? null;
  const lists = useWorkingLists(
    entry && choice.term && choice.loc
      ? { entry: entry.id, yrTrm: choice.term, loc: choice.loc, type: choice.type }
      : null,
  );
  const registered = useRegisteredOfEvent(eventId);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const asked = KEYS.map((k) => choice[k]).join('|');
  // Another entry, term, location or type is another list: nothing of the last one stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` is what the selection belongs to
  useEffect(() => setSelection(EMPTY_SELECTION), [asked]);

  const registerNumbers = useRegisterNumbers();
  const registerPrivates = useRegisterPrivates();
  const registerDancers = useRegisterDancers();
  const removeNumber = useRemoveNumberRegistration();
  const removePrivate = useRemovePrivateRegistration();
  const registering = registerNumbers.isPending || registerPrivates.isPending || registerDancers.isPending;

  const change = (next: Partial<Choice>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        const merged = { ...choice, ...next };
        for (const k of KEYS) {
          const v = merged[k];
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { replace: true },
    );

  async function register() {
    if (!lists.data || !entry) return;
    const { whole, singles } = requestsOf(lists.data, selection);
    const prv = choice.type === 'prv';
    try {
      let msg = '';
      if (whole.length > 0) {
        const body = { entry: entry.id, sReg: whole };
        msg = prv
          ? (await registerPrivates.mutateAsync({ body })).msg
          : (
              await registerNumbers.mutateAsync({
                body: { ...body, type: choice.type === 'add' ? 'add' : 'cls' },
              })
            ).msg;
      }
      if (singles.length > 0) {
        msg = (
          await registerDancers.mutateAsync({ body: { entry: entry.id, type: choice.type, sReg: singles } })
        ).msg;
      }
      setSelection(EMPTY_SELECTION);
      notifySuccess(msg);
    } catch (error) {
      notifyError(error);
    }
  }

  function remove() {
    if (!removal || !entry) return;
    const mode = removal.studentId ? 'std' : removal.kind;
    const params = { entry: entry.id, id: removal.pID, acctStdID: removal.studentId ?? 'null' };
    const done = {
      onSuccess: (a: { msg: string }) => {
        setRemoval(null);
        notifySuccess(a.msg);
      },
      onError: (e: unknown) => notifyError(e),
    };
    if (removal.kind === 'dnc')
      removeNumber.mutate({ params: { ...params, mode: mode as 'std' | 'dnc' } }, done);
    else removePrivate.mutate({ params: { ...params, mode: mode as 'std' | 'prv' } }, done);
  }

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

  const { count } = lists.data ? requestsOf(lists.data, selection) : { count: 0 };
  const listProps = lists.data && {
    lists: lists.data,
    selection,
    onSelect: setSelection,
    onRemove: setRemoval,
  };
  const empty = lists.data &&
    (choice.type === 'prv' ? lists.data.privs.length === 0 : lists.data.cls.length === 0) && (
      <Text c="dimmed" size="sm">
        {choice.type === 'prv'
          ? 'No private lesson of this term at this location.'
          : 'No class of this term at this location has a dance number.'}
      </Text>
    );

  return (
    <Stack gap="xl">
      {header}
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <RegistrationFilters
                choice={choice}
                events={events.data ?? []}
                entries={entries.data ?? []}
                terms={terms.data ?? []}
                locations={locations.data ?? []}
                onChange={change}
              />
            </Paper>
            <StateLegend />
            {lists.isPending && entry ? (
              <Skeleton h={160} radius="md" />
            ) : lists.isError ? (
              <LoadError
                message={errorText(lists.error, messages.loadFailed)}
                onRetry={() => lists.refetch()}
              />
            ) : !entry ? (
              <Text c="dimmed" size="sm">
                Choose an entry of the event to register dancers on it.
              </Text>
            ) : (
              listProps &&
              (empty ||
                (choice.type === 'prv' ? <PrivateLists {...listProps} /> : <ClassLists {...listProps} />))
            )}
            {entry && (
              <RegisterBar
                count={count}
                price={entry.priceCustomer}
                loading={registering}
                onClear={() => setSelection(EMPTY_SELECTION)}
                onRegister={register}
              />
            )}
          </Stack>
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
      <ConfirmDeleteDialog
        opened={!!removal}
        title={removal?.studentName ? 'Take the dancer off the entry' : 'Take off the entry'}
        confirmLabel="Remove"
        loading={removeNumber.isPending || removePrivate.isPending}
        onConfirm={remove}
        onClose={() => setRemoval(null)}
      >
        {removal?.studentName
          ? `${removal.studentName} comes off ${entry?.name ?? 'the entry'} with ${removal.name}.`
          : `Every dancer of ${removal?.name ?? ''} comes off ${entry?.name ?? 'the entry'}.`}{' '}
        Before the event's first day their fees come off the families' bills; on or after it, the fees stay.
      </ConfirmDeleteDialog>
    </Stack>
  );
}
