import { accountCalls, ownerRegistrationCalls, parentRegistrationCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { parentScopes } from '../../../lib/parent-scopes';

/**
 * Class registration's calls (issue 15), the parent's and the owner's. A change reaches the builder,
 * the family's tuition and activity and (for the parent) the portal's account, which lists classes.
 */

/** The parent's schedule builder: the term's classes, the family, its registrations, prices and plans. */
export const useRegistrationBuilder = () => useCall(parentRegistrationCalls.builder);

/** The family's registrations of the term and its plan's revisions. */
export const useRegistrationActivity = () => useCall(parentRegistrationCalls.activity);

/** The family's tuition worked out and its payment schedule. */
export const useFamilyTuition = () => useCall(parentRegistrationCalls.tuition);

/** Registers (and drops) the selection with the plan and the terms, in one transaction. */
export const useSubmitRegistration = () =>
  useCallMutation(parentRegistrationCalls.submit, { invalidates: parentScopes });

/** Drops one class from today. */
export const useDropRegistration = () =>
  useCallMutation(parentRegistrationCalls.drop, { invalidates: parentScopes });

/** Takes a dropped class back from today. */
export const useRestoreRegistration = () =>
  useCallMutation(parentRegistrationCalls.restore, { invalidates: parentScopes });

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

/** A family's tuition, for the owner. */
export const useOwnerFamilyTuition = (coAcctMemID: string) =>
  useCall(ownerRegistrationCalls.tuition, { params: { coAcctMemID } }, { enabled: coAcctMemID !== '' });

/** The studio's registrations waiting for approval. */
export const usePendingRegistrations = () => useCall(ownerRegistrationCalls.pending);

export const useOwnerSubmitRegistration = () =>
  useCallMutation(ownerRegistrationCalls.submit, { invalidates: ownerScopes });

export const useOwnerDropRegistration = () =>
  useCallMutation(ownerRegistrationCalls.drop, { invalidates: ownerScopes });

export const useOwnerRestoreRegistration = () =>
  useCallMutation(ownerRegistrationCalls.restore, { invalidates: ownerScopes });

/** Approves or rejects one pending registration. */
export const useSetRegistrationStatus = () =>
  useCallMutation(ownerRegistrationCalls.status, { invalidates: ownerScopes });

/** Approves or rejects many at once. */
export const useSetRegistrationStatusBulk = () =>
  useCallMutation(ownerRegistrationCalls.statusBulk, { invalidates: ownerScopes });
