import { formInputCalls, privateCalls } from '@pirouette/domain';
import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, queryKeyOf, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every privates query: a write refreshes the lists and the open lesson alike. */
const privates = scopeOf(privateCalls.overview);

/** The option lists change only when the owner edits them elsewhere: half a minute is fresh enough. */
const OPTIONS_STALE_MS = 30_000;

type PrivatesFilter = { yrTrmID: string | null; locID: string | null };

/** The term's teachers, locations and the private lessons of one location (the chosen one, else the server's). */
export const usePrivates = ({ yrTrmID, locID }: PrivatesFilter, enabled = true) =>
  useQuery({
    ...callQuery(
      privateCalls.overview,
      { query: { yrTrmID: yrTrmID ?? undefined, locID: locID ?? undefined } },
      { enabled },
    ),
    // Switching location keeps the last list on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

/**
 * One lesson's details and its registrations. With no lesson open there is no address to ask (a path
 * without its id is refused), so the query waits under a key of its own.
 */
export const usePrivate = (id: string | null) =>
  useQuery(
    id
      ? callQuery(privateCalls.detail, { params: { id } })
      : { queryKey: [...privates, 'no lesson'], queryFn: skipToken },
  );

/** The options of the private-lesson form: teachers, the term's private prices, genres, locations, types. */
export const usePrivateFormInputs = (yearTermID: string | null, enabled = true) =>
  useCall(
    formInputCalls.privateForm,
    { query: { yearTermID: yearTermID ?? undefined } },
    { enabled, staleTime: OPTIONS_STALE_MS },
  );

/** The studio's students whose name matches `q` (all of them, up to the server's limit, for ''). */
export const useStudentOptions = (q: string, enabled = true) =>
  useQuery({
    ...callQuery(formInputCalls.students, { query: { q } }, { enabled, staleTime: OPTIONS_STALE_MS }),
    placeholderData: keepPreviousData,
  });

export const useCreatePrivate = () => useCallMutation(privateCalls.add, { invalidates: [privates] });

/** The spec's PUT mystudio/privates carries the id in the body, beside the fields. */
export const useUpdatePrivate = () => useCallMutation(privateCalls.edit, { invalidates: [privates] });

export function useDeletePrivate() {
  const queryClient = useQueryClient();
  return useCallMutation(privateCalls.remove, {
    onSuccess: (_answer, { params }) => {
      // Everything under the privates key is fetched again except the deleted lesson (it would be a 404).
      const gone = JSON.stringify(queryKeyOf(privateCalls.detail, { params }));
      return queryClient.invalidateQueries({
        queryKey: privates,
        predicate: (query) => JSON.stringify(query.queryKey) !== gone,
      });
    },
  });
}

/**
 * Registers a student: `price` is the text after the '$' of the price field (002 §5); `override` when the
 * owner confirmed registering past the places the lesson's price names (decision 018).
 */
export const useCreatePrivateRegistration = () =>
  useCallMutation(privateCalls.register, { invalidates: [privates] });

/** One step of a registration's activity (002 §4): 1 active (all four and the status), 2–4 one flag. */
export function useUpdatePrivateRegistration() {
  const queryClient = useQueryClient();
  return useCallMutation(privateCalls.setActivity, {
    // Success or not, what the screen shows next is what the server holds; the switch waits for it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: privates }),
  });
}
