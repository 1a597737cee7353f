import type { RegistrationType } from '@pirouette/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify';
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
} from './api';
import type { Choice } from './registration-filters';
import { EMPTY_SELECTION, requestsOf, type Selection } from './selection';
import type { Removal } from './working-lists';

const KEYS = ['event', 'entry', 'term', 'loc', 'type'] as const;

/**
 * What the registration page shows: the choice of event, entry, term, location and type (kept in the
 * address, each defaulting to the first there is), the lists it asks for, and the selection in them.
 * The term and location to start from are the page's (`defaults`).
 */
export function useRegistrationChoice(defaults: { term: string | null; loc: string | null }) {
  const [params, setParams] = useSearchParams();
  const events = useCompetitionEvents();
  const eventId = params.get('event') ?? events.data?.[0]?.id ?? null;
  const entries = useEntriesOf(eventId);
  const choice: Choice = {
    event: eventId,
    entry: params.get('entry') ?? entries.data?.[0]?.id ?? null,
    term: params.get('term') ?? defaults.term,
    loc: params.get('loc') ?? defaults.loc,
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
  const asked = KEYS.map((k) => choice[k]).join('|');
  // Another entry, term, location or type is another list: nothing of the last one stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` is what the selection belongs to
  useEffect(() => setSelection(EMPTY_SELECTION), [asked]);

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

  return {
    events,
    entries,
    choice,
    entry,
    lists,
    registered,
    selection,
    setSelection,
    change,
  };
}

export type RegistrationChoice = ReturnType<typeof useRegistrationChoice>;

/** Registering the selection on the entry, and taking a number, lesson or dancer off it. */
export function useRegistrationActions({
  choice,
  entry,
  lists,
  selection,
  setSelection,
}: RegistrationChoice) {
  const [removal, setRemoval] = useState<Removal | null>(null);
  const registerNumbers = useRegisterNumbers();
  const registerPrivates = useRegisterPrivates();
  const registerDancers = useRegisterDancers();
  const removeNumber = useRemoveNumberRegistration();
  const removePrivate = useRemovePrivateRegistration();
  const registering = registerNumbers.isPending || registerPrivates.isPending || registerDancers.isPending;

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

  return {
    register,
    registering,
    removal,
    setRemoval,
    remove,
    removing: removeNumber.isPending || removePrivate.isPending,
  };
}
