import { costumeListCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, useCallMutation } from '../../../lib/call';
import { balanceQuery, type CostumeListState, depositQuery } from '../lib/lists';

/**
 * The deposits and balances lists as the owner's two screens read them (issue 18 point 3, decision 029
 * "Deposits and balances lists"): a page under the filters kept in the address, turning a page or a
 * filter showing the last one meanwhile; and each list's CSV, made by the server when the owner asks.
 * Nothing here changes money: the lists are read fresh on each visit.
 */

export const useDepositList = (state: CostumeListState) =>
  useQuery({
    ...callQuery(costumeListCalls.deposits, { query: depositQuery(state) }),
    placeholderData: keepPreviousData,
  });

export const useBalanceList = (state: CostumeListState) =>
  useQuery({
    ...callQuery(costumeListCalls.balances, { query: balanceQuery(state) }),
    placeholderData: keepPreviousData,
  });

/** The deposits list's rows under its filters, every page, as CSV (a read, made on demand). */
export const useDepositsCsv = () => useCallMutation(costumeListCalls.depositsCsv);
export const useBalancesCsv = () => useCallMutation(costumeListCalls.balancesCsv);
