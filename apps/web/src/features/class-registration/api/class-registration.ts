import { accountCalls, ownerRegistrationCalls, parentRegistrationCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { parentScopes } from '../../../lib/parent-scopes';

/**
 * Class registration's calls (issue 15), the parent's and the owner's. A change reaches the builder,
 * the family's tuition and activity and (for the parent) the portal's account, which lists classes.
 */

/** The parent's schedule builder: the term's classes, the family, its registrations, prices and plans. */
export const useRegistrationBuilder = () => useCall(parentRegistrationCalls.builder);

/** Registers (and drops) the selection with the plan and the terms, in one transaction. */
export const useSubmitRegistration = () =>
  useCallMutation(parentRegistrationCalls.submit, { invalidates: parentScopes });

// ——— The owner's ———

/**
 * An owner's change reaches the family's builder and tuition (the overview's tuition section reads the
 * same call), the approvals list, and the accounts (a family's status and its students' classes).
 */
export const ownerScopes = [
  scopeOf(ownerRegistrationCalls.builder),
  scopeOf(ownerRegistrationCalls.tuition),
  scopeOf(ownerRegistrationCalls.pending),
  scopeOf(accountCalls.info),
];

/** The schedule builder for one family of the studio. */
export const useOwnerRegistrationBuilder = (coAcctMemID: string) =>
  useCall(ownerRegistrationCalls.builder, { params: { coAcctMemID } }, { enabled: coAcctMemID !== '' });

export const useOwnerSubmitRegistration = () =>
  useCallMutation(ownerRegistrationCalls.submit, { invalidates: ownerScopes });

export const useOwnerDropRegistration = () =>
  useCallMutation(ownerRegistrationCalls.drop, { invalidates: ownerScopes });
