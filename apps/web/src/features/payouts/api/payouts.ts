import { payoutCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, useCall } from '../../../lib/call';

/** The payouts page's reads (issue 34, decision 051): the payouts, one payout's contents, card clearing. */

export const PAYOUTS_PAGE_SIZE = 20;
export const CLEARING_PAGE_SIZE = 10;

/** One page of payouts; a turned page keeps the last one on screen meanwhile. */
export const usePayouts = (page: number) =>
  useQuery({
    ...callQuery(payoutCalls.list, { query: { page, pageSize: PAYOUTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** What one payout contains, read when it is opened. */
export const usePayout = (id: string, open: boolean) =>
  useCall(payoutCalls.byId, { params: { id } }, { enabled: open });

/** Card clearing's balance and one page of the payments not yet paid out. */
export const useClearing = (page: number) =>
  useQuery({
    ...callQuery(payoutCalls.clearing, { query: { page, pageSize: CLEARING_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
