import { recitalShowCalls, UNASSIGNED_COLUMN } from '@pirouette/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callQuery, queryKeyOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The recital's shows and running order as the owner's page calls them (issue 38, decision 072). A
 * change refreshes every recital answer (the picker's list too).
 */

const refreshed = () => [
  ['mystudio', 'recitals'],
  ['mystudio', 'recital-shows'],
];
const NONE = '00000000-0000-4000-8000-000000000000';

const boardInput = (recitalId: string, show: string | undefined, page: number) => ({
  params: { recitalId },
  query: { show, page },
});

/**
 * The numbers board of a recital, one column a page (decision 106). The first answer is the server's
 * choice (the numbers without a show when there are any, else the first show); that column is then asked
 * for by name, its answer kept under that name, so a number placed does not move the owner to another
 * column. A turned page or another column keeps the last answer on screen meanwhile.
 */
export function useBoard(recitalId: string | null) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<{ recitalId: string; column?: string; page: number } | null>(null);
  const mine = choice && choice.recitalId === recitalId ? choice : null;
  const page = mine?.page ?? 1;
  const board = useQuery({
    ...callQuery(recitalShowCalls.board, boardInput(recitalId ?? NONE, mine?.column, page), {
      enabled: !!recitalId,
    }),
    // Another page or column of the same recital keeps the last answer on screen; another recital does not.
    placeholderData: (previous, query) =>
      recitalId && query?.queryKey.includes(recitalId) ? keepPreviousData(previous) : undefined,
  });
  const answer = board.isPlaceholderData ? undefined : board.data;
  useEffect(() => {
    if (!recitalId || !answer) return;
    // A page emptied by numbers moved away (the column shorter now): back to its last page.
    const last = Math.max(1, Math.ceil(answer.total / answer.pageSize));
    if (page > last) {
      setChoice({ recitalId, column: mine?.column, page: last });
      return;
    }
    if (mine?.column !== undefined) return;
    const column = answer.column ?? UNASSIGNED_COLUMN;
    queryClient.setQueryData(queryKeyOf(recitalShowCalls.board, boardInput(recitalId, column, page)), answer);
    setChoice({ recitalId, column, page });
  }, [recitalId, mine?.column, answer, page, queryClient]);
  return {
    board,
    /** The column shown: a show's id, or `unassigned`. */
    column: mine?.column ?? (answer ? (answer.column ?? UNASSIGNED_COLUMN) : undefined),
    page,
    showColumn: (column: string) => recitalId && setChoice({ recitalId, column, page: 1 }),
    turnPage: (next: number) => recitalId && setChoice({ recitalId, column: mine?.column, page: next }),
  };
}
export const useShowOrder = (showId: string | null) =>
  useCall(recitalShowCalls.order, { params: { showId: showId ?? NONE } }, { enabled: !!showId });
/** The programme printed for one show (decision 087): that show's numbers alone. */
export const useProgramme = (recitalId: string | null, showId: string | null, enabled: boolean) =>
  useCall(
    recitalShowCalls.programme,
    { params: { recitalId: recitalId ?? NONE }, query: { show: showId ?? NONE } },
    { enabled: !!recitalId && !!showId && enabled },
  );
export const useBackstage = (showId: string | null) =>
  useCall(recitalShowCalls.backstage, { params: { showId: showId ?? NONE } }, { enabled: !!showId });

export const useCreateRecital = () => useCallMutation(recitalShowCalls.create, { invalidates: refreshed() });
export const useUpdateRecital = () => useCallMutation(recitalShowCalls.update, { invalidates: refreshed() });
export const useArchiveRecital = () =>
  useCallMutation(recitalShowCalls.archive, { invalidates: refreshed() });
export const useAddShow = () => useCallMutation(recitalShowCalls.addShow, { invalidates: refreshed() });
export const useUpdateShow = () => useCallMutation(recitalShowCalls.updateShow, { invalidates: refreshed() });
export const useRemoveShow = () => useCallMutation(recitalShowCalls.removeShow, { invalidates: refreshed() });
export const usePlaceNumber = () =>
  useCallMutation(recitalShowCalls.placeNumber, { invalidates: refreshed() });
export const usePropose = () => useCallMutation(recitalShowCalls.propose);
export const useSaveAssignment = () =>
  useCallMutation(recitalShowCalls.saveAssignment, { invalidates: refreshed() });
export const useSaveOrder = () => useCallMutation(recitalShowCalls.saveOrder, { invalidates: refreshed() });
