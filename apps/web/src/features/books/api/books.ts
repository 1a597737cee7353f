import { booksCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, useCall } from '../../../lib/call';

/** The trial balance at the end of a day (issue 34 item 4); the last day asked stays shown meanwhile. */
export const useTrialBalance = (date: string, enabled: boolean) =>
  useQuery({
    ...callQuery(booksCalls.trialBalance, { query: { date } }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The chart of accounts, for the general ledger's account select. */
export const useBookAccounts = () => useCall(booksCalls.accounts);

/** A page of an account's general ledger, after a place (`after`) or from the period's start. */
export const useGeneralLedger = (
  q: { account: string; from: string; to: string; after?: string; pageSize: number },
  enabled: boolean,
) =>
  useQuery({
    ...callQuery(booksCalls.generalLedger, { query: q }),
    enabled,
    placeholderData: keepPreviousData,
  });
