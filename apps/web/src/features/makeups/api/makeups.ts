import { makeupCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The make-ups' calls (issue 36 point 4, decision 064). A booking or a cancellation changes the family's
 * list (its credits, and the places left of every meeting listed); the owner's grant and removal change
 * the family's list under `mystudio/account/{id}`.
 */

const parentList = scopeOf(makeupCalls.parentList);

/** The parent's family's credits, with the meetings each open one can be booked into. */
export const useParentMakeups = () => useCall(makeupCalls.parentList);

export const useBookMakeup = () => useCallMutation(makeupCalls.book, { invalidates: [parentList] });

export const useCancelMakeup = () => useCallMutation(makeupCalls.cancel, { invalidates: [parentList] });

const familyScope = (id: string) => scopeOf(makeupCalls.ofFamily, { id });

/** The owner's: one family's credits. */
export const useAccountMakeups = (accountId: string) =>
  useCall(makeupCalls.ofFamily, { params: { id: accountId } }, { enabled: accountId !== '' });

export const useGrantMakeup = () =>
  useCallMutation(makeupCalls.grant, { invalidates: (input) => [familyScope(input.params.id)] });

/** Removes a credit; the family's list is refreshed by the account it belongs to. */
export const useRemoveMakeup = (accountId: string) =>
  useCallMutation(makeupCalls.remove, { invalidates: [familyScope(accountId)] });

const settingsScope = scopeOf(makeupCalls.settings);

export const useAttendanceSettings = () => useCall(makeupCalls.settings);

export const useSaveAttendanceSettings = () =>
  useCallMutation(makeupCalls.saveSettings, { invalidates: [settingsScope] });
