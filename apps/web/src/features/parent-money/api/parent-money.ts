import { ledgerCalls } from '@pirouette/domain';
import { useQueries } from '@tanstack/react-query';
import { callQuery, useCall } from '../../../lib/call';

/**
 * The parent's money (issue 16 point 7): the money card's figures and current bill, the family's bills
 * with their payments, its credit, and statements. Every call names the family the session holds; the
 * server refuses any other.
 */

/** The family's bills, newest first: the first `count` of them. */
export const useFamilyBills = (coAcctMemID: string, count: number) =>
  useCall(
    ledgerCalls.familyList,
    { params: { coAcctMemID }, query: { page: 1, pageSize: count } },
    { enabled: count > 0 },
  );

/** Whole bills (items and payments) by id, each read once and kept by its own key. */
export const useBills = (ids: readonly string[]) =>
  useQueries({
    queries: ids.map((id) => callQuery(ledgerCalls.byId, { params: { id } })),
  });

/** The family's credit and where it came from. */
export const useFamilyCredit = (coAcctMemID: string, enabled = true) =>
  useCall(
    ledgerCalls.creditList,
    { params: { id: coAcctMemID } },
    { enabled: enabled && coAcctMemID !== '' },
  );

/** The family's statement between two days (not asked for while the range is refused). */
export const useParentStatement = (range: { from: string; to: string }, enabled = true) =>
  useCall(ledgerCalls.parentStatement, { query: range }, { enabled });
