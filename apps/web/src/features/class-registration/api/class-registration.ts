import { accountCalls, ownerRegistrationCalls, parentRegistrationCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCallMutation } from '../../../lib/call';
import { parentScopes } from '../../../lib/parent-scopes';

/**
 * Class registration's calls (issue 15), the parent's and the owner's. A change reaches the builder,
 * the family's tuition and activity and (for the parent) the portal's account, which lists classes.
 */

/** Which week the builder asks for (decision 082): a location, or a class to open at; null for the default. */
export type WeekAsked = { locID: string | null; clSchID?: string | null };

const queryOf = (week: WeekAsked) => ({ locID: week.locID ?? undefined, clSchID: week.clSchID ?? undefined });

/**
 * The parent's schedule builder: one location's week, the family, its registrations, prices and plans.
 * The location is part of the query key; while another location's week loads, the one shown stays.
 */
export const useRegistrationBuilder = (week: WeekAsked, enabled = true) =>
  useQuery({
    ...callQuery(parentRegistrationCalls.builder, { query: queryOf(week) }, { enabled }),
    placeholderData: keepPreviousData,
  });

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

/** The schedule builder for one family of the studio, one location's week as the parent's. */
export const useOwnerRegistrationBuilder = (coAcctMemID: string, week: WeekAsked) =>
  useQuery({
    ...callQuery(
      ownerRegistrationCalls.builder,
      { params: { coAcctMemID }, query: queryOf(week) },
      { enabled: coAcctMemID !== '' },
    ),
    placeholderData: keepPreviousData,
  });

export const useOwnerSubmitRegistration = () =>
  useCallMutation(ownerRegistrationCalls.submit, { invalidates: ownerScopes });

export const useOwnerDropRegistration = () =>
  useCallMutation(ownerRegistrationCalls.drop, { invalidates: ownerScopes });
