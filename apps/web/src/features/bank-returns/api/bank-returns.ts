import { bankReturnCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/call';

/** The bank returns page's read (decision 068): the rates and one page of returns of a period. */

export const RETURNS_PAGE_SIZE = 20;

/** A period as asked: none (the last 60 days, the server's default) or from–to. */
export type ReturnsPeriod = { from: string; to: string } | null;

/** The period's rates and one page of its returns; a turned page keeps the last one on screen meanwhile. */
export const useBankReturns = (period: ReturnsPeriod, page: number) =>
  useQuery({
    ...callQuery(bankReturnCalls.returns, {
      query: { ...(period ?? {}), page, pageSize: RETURNS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
