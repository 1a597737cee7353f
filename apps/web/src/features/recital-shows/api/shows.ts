import { recitalShowCalls } from '@pirouette/domain';
import { useCall, useCallMutation } from '../../../lib/call';

/**
 * The recital's shows and running order as the owner's page calls them (issue 38, decision 072). A
 * change refreshes every recital answer (the picker's list too).
 */

const refreshed = () => [
  ['mystudio', 'recitals'],
  ['mystudio', 'recital-shows'],
];
const NONE = '00000000-0000-4000-8000-000000000000';

export const useBoard = (recitalId: string | null) =>
  useCall(recitalShowCalls.board, { params: { recitalId: recitalId ?? NONE } }, { enabled: !!recitalId });
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
