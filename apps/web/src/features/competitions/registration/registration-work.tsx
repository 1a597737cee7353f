import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { messages, type StudioLocation, type YearTerm } from '@pirouette/domain';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/notify';
import { RegisterBar } from './register-bar';
import { RegistrationFilters } from './registration-filters';
import { EMPTY_SELECTION, requestsOf } from './selection';
import { StateLegend } from './state-mark';
import type { RegistrationChoice, useRegistrationActions } from './use-registration';
import { ClassLists, PrivateLists, type Removal } from './working-lists';

type Actions = ReturnType<typeof useRegistrationActions>;

/** The working lists of the chosen entry, term, location and type, or why there are none. */
function WorkingLists({ reg, onRemove }: { reg: RegistrationChoice; onRemove: (r: Removal) => void }) {
  const { choice, entry, lists, selection, setSelection } = reg;
  if (lists.isPending && entry) return <Skeleton h={160} radius="md" />;
  if (lists.isError)
    return (
      <LoadError message={errorText(lists.error, messages.loadFailed)} onRetry={() => lists.refetch()} />
    );
  if (!entry)
    return (
      <Text c="dimmed" size="sm">
        Choose an entry of the event to register dancers on it.
      </Text>
    );
  if (!lists.data) return null;
  const prv = choice.type === 'prv';
  if (prv ? lists.data.privs.length === 0 : lists.data.cls.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {prv
          ? 'No private lesson of this term at this location.'
          : 'No class of this term at this location has a dance number.'}
      </Text>
    );
  const listProps = { lists: lists.data, selection, onSelect: setSelection, onRemove };
  return prv ? <PrivateLists {...listProps} /> : <ClassLists {...listProps} />;
}

/** The left column: the filters, the legend, the working lists and the bar that registers the selection. */
export function RegistrationWork({
  reg,
  actions,
  terms,
  locations,
}: {
  reg: RegistrationChoice;
  actions: Actions;
  terms: YearTerm[];
  locations: StudioLocation[];
}) {
  const { choice, entry, lists, selection, setSelection } = reg;
  const { count } = lists.data ? requestsOf(lists.data, selection) : { count: 0 };
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <RegistrationFilters
          choice={choice}
          events={reg.events.data ?? []}
          entries={reg.entries.data ?? []}
          terms={terms}
          locations={locations}
          onChange={reg.change}
        />
      </Paper>
      <StateLegend />
      <WorkingLists reg={reg} onRemove={actions.setRemoval} />
      {entry && (
        <RegisterBar
          count={count}
          price={entry.priceCustomer}
          loading={actions.registering}
          onClear={() => setSelection(EMPTY_SELECTION)}
          onRegister={actions.register}
        />
      )}
    </Stack>
  );
}

/** Asks before a number, lesson or dancer comes off the entry, and says what happens to the fees. */
export function RemovalDialog({ entryName, actions }: { entryName: string | undefined; actions: Actions }) {
  const { removal } = actions;
  return (
    <ConfirmDeleteDialog
      opened={!!removal}
      title={removal?.studentName ? 'Take the dancer off the entry' : 'Take off the entry'}
      confirmLabel="Remove"
      loading={actions.removing}
      onConfirm={actions.remove}
      onClose={() => actions.setRemoval(null)}
    >
      {removal?.studentName
        ? `${removal.studentName} comes off ${entryName ?? 'the entry'} with ${removal.name}.`
        : `Every dancer of ${removal?.name ?? ''} comes off ${entryName ?? 'the entry'}.`}{' '}
      Before the event's first day their fees come off the families' bills; on or after it, the fees stay.
    </ConfirmDeleteDialog>
  );
}
