import { accountCalls, ownerRegistrationCalls, scheduleCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * Approving or rejecting reaches more than the list: an approved class joins its family's plan (the
 * family's tuition and builder), a rejected one frees its place (the schedule's counts and the class's
 * registrations), and the family's log and status move (the accounts).
 */
const touched = [
  scopeOf(ownerRegistrationCalls.pending),
  scopeOf(ownerRegistrationCalls.tuition),
  scopeOf(ownerRegistrationCalls.builder),
  scopeOf(scheduleCalls.week).filter((segment) => segment !== ''),
  scopeOf(accountCalls.info),
];

/** The studio's registrations waiting for approval, oldest first. */
export const usePendingRegistrations = (extras?: { refetchInterval?: number }) =>
  useCall(ownerRegistrationCalls.pending, undefined, extras);

/** Approves (1) or rejects (-1) one registration. */
export const useSetRegistrationStatus = () =>
  useCallMutation(ownerRegistrationCalls.status, { invalidates: touched });

/** Approves or rejects many at once, in one transaction. */
export const useSetRegistrationStatusBulk = () =>
  useCallMutation(ownerRegistrationCalls.statusBulk, { invalidates: touched });
