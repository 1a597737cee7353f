import { ledgerCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, useCallMutation } from '../../../lib/call';
import { touchedByMoney } from '../../money/api/money';
import { type PaymentsState, paymentsQuery } from '../lib/payments-params';

/**
 * A plan payment marked paid or unpaid records or reverses a payment: what a payment reaches, for
 * every family (the toggle names the plan payment, not its family).
 */
const touchedByPayment = touchedByMoney();

/** A page of the term's plan payments; turning a page or a filter keeps the last one shown meanwhile. */
export const usePlanPayments = (state: PaymentsState) =>
  useQuery({
    ...callQuery(ledgerCalls.planPayments, { query: paymentsQuery(state) }),
    placeholderData: keepPreviousData,
  });

/** Marks a plan payment paid (`status` '1', a payment recorded for it) or unpaid ('0', reversed). */
export const useSetPaid = () => useCallMutation(ledgerCalls.setPaid, { invalidates: touchedByPayment });

/**
 * The studio's money at a glance; its revenue over the period asked (issue 34 item 4), the last 12
 * months without one. Another period keeps the page shown while it is read.
 */
export const useMoneyOverview = (period?: { from: string; to: string } | null) =>
  useQuery({
    ...callQuery(ledgerCalls.overview, period ? { query: period } : undefined),
    placeholderData: keepPreviousData,
  });

/** A page of the families with something open, most owed first, each aged (issue 31 item 8). */
export const useAgingByFamily = (page: number, pageSize = AGING_PAGE_SIZE) =>
  useQuery({
    ...callQuery(ledgerCalls.aging, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
export const AGING_PAGE_SIZE = 10;

/** The ledger between two days as CSV (a read, made when the owner asks for the file). */
export const useExportCsv = () => useCallMutation(ledgerCalls.exportCsv);

/** E-mails every family that owes money what it owes and why (one message each). */
export const useBalanceEmails = () => useCallMutation(ledgerCalls.balanceEmails);
