import { depositCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** What a deposit changes: the payments waiting and the list of deposits. */
const touchedByDeposit = [scopeOf(depositCalls.undeposited), scopeOf(depositCalls.list)];

/** A page of the cash, checks and terminal slips waiting to be deposited, and their sums (all up to `upTo` when given). */
export const useUndeposited = (page: number, upTo?: string) =>
  useQuery({
    ...callQuery(depositCalls.undeposited, {
      query: { page, pageSize: UNDEPOSITED_PAGE_SIZE, ...(upTo ? { upTo } : {}) },
    }),
    placeholderData: keepPreviousData,
  });
export const UNDEPOSITED_PAGE_SIZE = 25;

/** A page of the studio's deposits, newest first. */
export const useDeposits = (page: number) =>
  useQuery({
    ...callQuery(depositCalls.list, { query: { page, pageSize: DEPOSITS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
export const DEPOSITS_PAGE_SIZE = 10;

export const useMakeDeposit = () => useCallMutation(depositCalls.make, { invalidates: touchedByDeposit });

/** A deposit's slip. */
export const useDepositSlip = (id: string) => useCall(depositCalls.slip, { params: { id } });
