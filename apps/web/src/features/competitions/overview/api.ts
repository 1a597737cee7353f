import { competitionOverviewCalls } from '@pirouette/domain';
import { useCall, useCallMutation } from '../../../lib/call';

/**
 * The competition overview's calls as the owner's screen makes them (issue 19 point 4, decision 033).
 * Saving an order or the gap refreshes the overview's figures and the running order.
 */

const refreshed = () => [['mystudio', 'competition']];

export const useOverviewEvents = () => useCall(competitionOverviewCalls.events);
export const useRunningOrder = (eventId: string | null) =>
  useCall(competitionOverviewCalls.order, { params: { eventId: eventId ?? 'none' } }, { enabled: !!eventId });
export const useSaveRunningOrder = () =>
  useCallMutation(competitionOverviewCalls.saveOrder, { invalidates: refreshed() });
export const useSaveQuickChangeGap = () =>
  useCallMutation(competitionOverviewCalls.saveSettings, { invalidates: refreshed() });
