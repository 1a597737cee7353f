import { accountCalls, ledgerCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { type PaymentsState, paymentsQuery } from '../lib/payments-params';

/**
 * A plan payment marked paid or unpaid records or reverses a payment: the family's balance, its money
 * panel and transactions, the accounts lists' balances, the payments list and the overview all move.
 * Every account call lives under `mystudio/account`, every transaction call under `transactions`.
 */
const touchedByPayment = [scopeOf(accountCalls.info), scopeOf(ledgerCalls.overview).slice(0, 1)];

/** A page of the term's plan payments; turning a page or a filter keeps the last one shown meanwhile. */
export const usePlanPayments = (state: PaymentsState) =>
  useQuery({
    ...callQuery(ledgerCalls.planPayments, { query: paymentsQuery(state) }),
    placeholderData: keepPreviousData,
  });

/** Marks a plan payment paid (`status` '1', a payment recorded for it) or unpaid ('0', reversed). */
export const useSetPaid = () => useCallMutation(ledgerCalls.setPaid, { invalidates: touchedByPayment });

/** The studio's money at a glance. */
export const useMoneyOverview = () => useCall(ledgerCalls.overview);

/** The ledger between two days as CSV (a read, made when the owner asks for the file). */
export const useExportCsv = () => useCallMutation(ledgerCalls.exportCsv);

/** E-mails every family that owes money what it owes and why (one message each). */
export const useBalanceEmails = () => useCallMutation(ledgerCalls.balanceEmails);
