import { accountCalls, ledgerCalls, ownerRegistrationCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The family ledger's calls as the owner's money panel makes them (issue 16 point 6).
 */

/** Where every owner's read of one family sits (its money, statement, costumes, competitions, log…). */
const FAMILY_ACCOUNT = { path: '/api/mystudio/account/:id' } as const;

/**
 * What a change to a family's money reaches (issue 31 item 6): every card of its account page that
 * says what is owed or paid — the money panel, the statement, the costumes and competitions cards under
 * `mystudio/account/{id}`, and the tuition card, which sits under `mystudio/paymentSystem/account/{id}`
 * — every transaction read (the credit list, past transactions, a transaction by id, the studio's
 * overview and aging), the plan payments' paid marks and the accounts list, whose rows show each
 * family's balance. Without `id` (a change whose family the page does not know), every family's.
 */
export const touchedByMoney = (id?: string) => [
  scopeOf(FAMILY_ACCOUNT, { id }),
  scopeOf(ownerRegistrationCalls.tuition, { coAcctMemID: id }),
  scopeOf(ledgerCalls.overview).slice(0, 1),
  scopeOf(ledgerCalls.planPayments),
  scopeOf(accountCalls.list),
];

const afterChange = (id: string) => touchedByMoney(id);

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
