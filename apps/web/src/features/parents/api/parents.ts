import {
  familyPeopleCalls,
  parentAccountCalls,
  parentTermsCalls,
  registrationCalls,
} from '@pirouette/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { FIRST_ANSWER_FRESH_MS } from '../../../lib/first-answers';

/**
 * What a change of the parent's family makes stale: the family, and the texts of its terms (read apart,
 * at their own path), so a change that refreshes the family refreshes the text read too.
 */
const family = [scopeOf(parentAccountCalls.account), scopeOf(parentTermsCalls.read)];

/**
 * The parent's own family, whole (001 §7 Parent). Read before the portal's first render on its first
 * load (the route's loader, decision 083), and taken as it is by the page then: fresh for a few seconds,
 * so mounting does not ask again at once; a change of the family still reads it again (invalidation).
 */
export const parentAccountQuery = () =>
  callQuery(parentAccountCalls.account, undefined, { staleTime: FIRST_ANSWER_FRESH_MS });
export const useParentAccount = () => useQuery(parentAccountQuery());

/** The studio's documents in the versions in force, to read. */
export const useParentTerms = (enabled: boolean) => useCall(parentTermsCalls.read, undefined, { enabled });

/**
 * Accepts a document in the version the parent read. Either way the family and the texts are fetched
 * again: after an acceptance the portal shows it, and after a refusal (the studio saved a newer version
 * meanwhile) the dialog shows the new text. A refusal is outside what `invalidates` covers, so it is
 * refreshed here.
 */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useCallMutation(parentTermsCalls.accept, {
    invalidates: family,
    onError: () => Promise.all(family.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A new student, user or contact of the parent's family. */
export const useAddFamilyPerson = () => useCallMutation(familyPeopleCalls.parentAdd, { invalidates: family });

/** An edited student, user or contact (`user.id` names it). */
export const useUpdateFamilyPerson = () =>
  useCallMutation(familyPeopleCalls.parentEdit, { invalidates: family });

/** A student, user or contact leaves the family. */
export const useDeleteFamilyPerson = () =>
  useCallMutation(familyPeopleCalls.parentRemove, { invalidates: family });

/** The family's address, phone and e-mail. */
export const useUpdateFamilyContactInfo = () =>
  useCallMutation(familyPeopleCalls.parentContactInfo, { invalidates: family });

// ——— Signing up at a studio (its parent link) ———

/**
 * The first step's check of its address, so a taken one is said where it is typed (issue 13): 200, or
 * 409 with the reason.
 */
export const useCheckParentEmail = () => useCallMutation(registrationCalls.checkParentEmail);

/** A parent registers their family at the studio of the sign-up link. */
export const useRegisterParent = () => useCallMutation(registrationCalls.registerParent);
