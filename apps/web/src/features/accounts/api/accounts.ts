import {
  accountCalls,
  type BodyOf,
  familyPeopleCalls,
  LIST_REFRESH_THROTTLE_MS,
  scheduleCalls,
} from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, queryKeyOf, scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { type AccountListRequest, listQuery } from '../list-params';

/**
 * Every accounts call lives under one path, so one scope names them all: a change to a family refreshes
 * the lists (whose rows show its students, phone and e-mail) and its overview, before the caller hears of
 * it, so a dialog closes onto the server's truth.
 */
const accounts = scopeOf(accountCalls.info);

/** One family's overview: its information, students, terms, how it heard of the studio, its log. */
export const accountScope = (id: string) => scopeOf(accountCalls.info, { id });

// ——— The lists ———

/** The list call's input for a request (also the server's, rendering the list's first page: decision 097). */
export const accountListInput = (request: AccountListRequest) => ({
  params: { status: request.status },
  query: listQuery(request),
});

/** The key of one page of a list (the list page asks for it again when the status changes). */
export const accountListQueryKey = (request: AccountListRequest) =>
  queryKeyOf(accountCalls.list, accountListInput(request));

/**
 * A page of a list. Answers stay fresh for a minute, so going back and forth between the active list's
 * "All" and "Filtered" views shows what was fetched without asking again (001 §4). Turning a page keeps
 * the last one on screen until the next arrives; another status starts blank rather than show the wrong
 * list (the key's fourth part is the status: `mystudio, account, list, status, query`).
 */
export const useAccounts = (request: AccountListRequest) =>
  useQuery({
    ...callQuery(accountCalls.list, accountListInput(request), { staleTime: LIST_REFRESH_THROTTLE_MS }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === request.status ? previous : undefined,
  });

export type AccountEmailsRequest = BodyOf<typeof accountCalls.emails>;

/**
 * Every account of the current view (all its pages) and their e-mails. A POST read like a query: the key
 * holds the body, which the path alone does not show.
 */
export const useAccountEmails = (request: AccountEmailsRequest, enabled: boolean) =>
  useQuery({
    ...callQuery(accountCalls.emails, { body: request }, { enabled }),
    queryKey: [...queryKeyOf(accountCalls.emails, { body: request }), request],
  });

/**
 * The choices of the accounts filter: the locations, rooms and every class of the current term (the
 * schedule's POST with no term). Under the schedule's key, so a schedule change refreshes them, and
 * apart from the week the schedule's GET keeps at the same path.
 */
export const useFilterOptions = (enabled = true) =>
  useQuery({
    ...callQuery(scheduleCalls.term, {}, { enabled, staleTime: LIST_REFRESH_THROTTLE_MS }),
    queryKey: [...queryKeyOf(scheduleCalls.term), 'term', 'current'],
  });

/** The front desk creates a family; the answer names it. */
export const useCreateFamily = () => useCallMutation(accountCalls.create, { invalidates: [accounts] });

/**
 * Deletes a family. The lists and e-mail lists are marked stale (the list page fetches them on arrival);
 * the family's own overview is not fetched again: the page forgets it once it is left.
 */
export const useDeleteAccount = () =>
  useCallMutation(accountCalls.remove, {
    invalidates: [scopeOf(accountCalls.list), scopeOf(accountCalls.emails)],
  });

// ——— One family ———

export const useAccountInfo = (id: string) => useCall(accountCalls.info, { params: { id } });

export const useAccountStudents = (id: string) => useCall(accountCalls.students, { params: { id } });

export const useAccountTerms = (id: string) => useCall(accountCalls.terms, { params: { id } });

export const useAccountAbout = (id: string) => useCall(accountCalls.about, { params: { id } });

export const LOG_PAGE_SIZE = 10;

/** A page of the family's log, newest first; turning a page keeps the last one on screen meanwhile. */
export const useAccountLog = (id: string, page: number) =>
  useQuery({
    ...callQuery(accountCalls.log, { params: { id }, query: { page, pageSize: LOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** (Re)sends a user the e-mail to set a password. */
export const useSendInvitation = () => useCallMutation(accountCalls.invite, { invalidates: [accounts] });

/** A new student, user or contact of the family (`aID` and `coAcctMemID` both name it: decision 013). */
export const useAddPerson = () => useCallMutation(familyPeopleCalls.ownerAdd, { invalidates: [accounts] });

/** An edited student, user or contact; `user.id` names it. */
export const useUpdatePerson = () =>
  useCallMutation(familyPeopleCalls.ownerEdit, { invalidates: [accounts] });

/** The family's id is the account key. */
export const useDeletePerson = () =>
  useCallMutation(familyPeopleCalls.ownerRemove, { invalidates: [accounts] });

/** The family's address, phone and e-mail: every field is required (001 §5). */
export const useUpdateContactInfo = () =>
  useCallMutation(familyPeopleCalls.ownerContactInfo, { invalidates: [accounts] });
