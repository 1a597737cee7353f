import { ownerRegistrationCalls, waitlistCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { FIRST_ANSWER_FRESH_MS } from '../../../lib/first-answers';
import { parentScopes } from '../../../lib/parent-scopes';

/**
 * The waitlist's calls (issue 15 point 5). A parent's list lives beside the builder: joining changes the
 * class's count there, and taking an offer registers the dancer, which reaches everything a
 * registration does.
 */

const familyList = scopeOf(waitlistCalls.parentList);

/** The family's entries of the current term: waiting with their place, offers with their expiry. */
// Fresh for a few seconds, as the family's account: the portal's page the server rendered carries it
// (decision 093), and hydrating it does not ask again.
export const useFamilyWaitlist = (enabled = true) =>
  useCall(waitlistCalls.parentList, undefined, { enabled, staleTime: FIRST_ANSWER_FRESH_MS });

export const useJoinWaitlist = () =>
  useCallMutation(waitlistCalls.join, { invalidates: [familyList, ...parentScopes] });

/** Takes the offered place: the registration's transaction, with the plan and terms when needed. */
export const useAcceptOffer = () =>
  useCallMutation(waitlistCalls.accept, { invalidates: [familyList, ...parentScopes] });

export const useDeclineOffer = () =>
  useCallMutation(waitlistCalls.decline, { invalidates: [familyList, ...parentScopes] });

// ——— The owner's, one class at a time ———

const classScope = (id: string) => scopeOf(waitlistCalls.classList, { id });
/** An offer holds a place: the builders' places left move with it. */
const ownerAfter = (input: { params: { id: string } }) => [
  classScope(input.params.id),
  scopeOf(ownerRegistrationCalls.builder),
];

export const useClassWaitlist = (classId: string) =>
  useCall(waitlistCalls.classList, { params: { id: classId } }, { enabled: classId !== '' });

export const useReorderWaitlist = () =>
  useCallMutation(waitlistCalls.reorder, { invalidates: (input) => [classScope(input.params.id)] });

export const useOfferPlace = () => useCallMutation(waitlistCalls.offer, { invalidates: ownerAfter });

export const useRemoveFromWaitlist = () => useCallMutation(waitlistCalls.remove, { invalidates: ownerAfter });
