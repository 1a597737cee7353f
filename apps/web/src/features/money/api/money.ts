import { accountCalls, ledgerCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The family ledger's calls as the owner's money panel makes them (issue 16 point 6). A change to a
 * family's money reaches its panel, every transaction read (the credit list, past transactions, a
 * transaction by id, the studio's overview), its statement, the plan payments' paid marks and the
 * accounts list, whose rows show each family's balance.
 */

export const moneyScope = (id: string) => scopeOf(ledgerCalls.familyMoney, { id });

const afterChange = (id: string) => [
  moneyScope(id),
  scopeOf(ledgerCalls.creditList),
  scopeOf(ledgerCalls.familyStatement, { id }),
  scopeOf(ledgerCalls.planPayments),
  scopeOf(accountCalls.list),
];

/** The panel: balance, overdue, credit, the current transaction and the latest history. */
export const useFamilyMoney = (id: string) =>
  useCall(ledgerCalls.familyMoney, { params: { id } }, { enabled: id !== '' });

/** The family's credit by where it came from (the credit tab, and the refund dialog's limits). */
export const useCreditList = (id: string, enabled = true) =>
  useCall(ledgerCalls.creditList, { params: { id } }, { enabled: enabled && id !== '' });

export const PAST_PAGE_SIZE = 5;

/** A page of the family's transactions, newest first; a turned page keeps the last on screen. */
export const usePastTransactions = (coAcctMemID: string, page: number, enabled = true) =>
  useQuery({
    ...callQuery(
      ledgerCalls.familyList,
      { params: { coAcctMemID }, query: { page, pageSize: PAST_PAGE_SIZE } },
      { enabled: enabled && coAcctMemID !== '' },
    ),
    placeholderData: keepPreviousData,
  });

/** One transaction with its items and payments (a past one, opened from the list). */
export const useTransaction = (id: string, enabled = true) =>
  useCall(ledgerCalls.byId, { params: { id } }, { enabled: enabled && id !== '' });

export const useAddItem = (id: string) =>
  useCallMutation(ledgerCalls.addItem, { invalidates: afterChange(id) });

export const useRemoveItem = (id: string) =>
  useCallMutation(ledgerCalls.removeItem, { invalidates: afterChange(id) });

export const useRecordPayments = (id: string) =>
  useCallMutation(ledgerCalls.recordPayments, { invalidates: afterChange(id) });

export const useRefund = (id: string) =>
  useCallMutation(ledgerCalls.refund, { invalidates: afterChange(id) });

export const useReturnCheck = (id: string) =>
  useCallMutation(ledgerCalls.bounce, { invalidates: afterChange(id) });

/** E-mails the family what it owes and why, with the balance the owner saw (409 when it changed). */
export const useBalanceEmail = () => useCallMutation(ledgerCalls.balanceEmail);
