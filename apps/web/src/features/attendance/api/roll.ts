import { type RollMarksInput, rollCalls } from '@pirouette/domain';
import { callApi, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every roll query: a change to one meeting refreshes its roll and the day's counts. */
export const rollScopes = [scopeOf(rollCalls.roll), scopeOf(rollCalls.day)];

/**
 * A day's meetings (the studio's today when no date is given); the owner's at one location (decision
 * 088: the one asked, else the first by name), a teacher's own everywhere.
 */
export const useDayMeetings = (date: string | null, locID: string | null = null) =>
  useCall(
    rollCalls.day,
    { query: { ...(date ? { date } : {}), ...(locID ? { locID } : {}) } },
    { staleTime: 30_000 },
  );

/** The roll of one meeting. */
export const useRoll = (classId: string, date: string) =>
  useCall(rollCalls.roll, { params: { clSchID: classId, date } });

/** Sends a meeting's waiting taps; the answer lists what landed. */
export const sendMarks = (classId: string, date: string, body: RollMarksInput) =>
  callApi(rollCalls.mark, { params: { clSchID: classId, date }, body });

export const useMarkTrials = () => useCallMutation(rollCalls.mark, { invalidates: rollScopes });
export const useAddTrial = () => useCallMutation(rollCalls.addTrial, { invalidates: rollScopes });
export const useRemoveTrial = () => useCallMutation(rollCalls.removeTrial, { invalidates: rollScopes });
