import { accountCalls, ownerRegistrationCalls, scheduleCalls } from '@pirouette/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi, scopeOf, useCall, useCallMutation } from '../../../lib/call';

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

/**
 * How many registrations wait for the owner (the sidebar's count), without the list. Under the pending
 * list's path, so whatever refreshes the list refreshes the count.
 */
export const usePendingCount = (extras?: { refetchInterval?: number }) =>
  useCall(ownerRegistrationCalls.pendingCount, undefined, extras);

/** Approves (1) or rejects (-1) one registration. */
export const useSetRegistrationStatus = () =>
  useCallMutation(ownerRegistrationCalls.status, { invalidates: touched });

/** Approves or rejects many at once, in one transaction. */
export const useSetRegistrationStatusBulk = () =>
  useCallMutation(ownerRegistrationCalls.statusBulk, { invalidates: touched });

/**
 * What approving these registrations would post (issue 31 point 4), worked out by the server running
 * the approval itself and keeping nothing: per family, the day billing starts and each charge.
 */
export const useApprovalPreview = (ids: string[], billFrom: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['approval-preview', ...ids, billFrom ?? ''],
    queryFn: () => callApi(ownerRegistrationCalls.statusPreview, { body: { ids, billFrom } }),
    enabled: enabled && ids.length > 0,
    retry: false,
  });
