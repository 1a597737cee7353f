import { closingCalls, depositCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCallMutation } from '../../../lib/call';

/** A close or a reopening changes the books' state and what can be deposited on which day. */
const touchedByClosing = [scopeOf(closingCalls.state), scopeOf(depositCalls.undeposited)];

/** The books' closed-through day, the months to close or reopen, and a page of the log. */
export const useClosing = (page: number) =>
  useQuery({
    ...callQuery(closingCalls.state, { query: { page, pageSize: CLOSING_LOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
export const CLOSING_LOG_PAGE_SIZE = 10;

export const useCloseMonth = () => useCallMutation(closingCalls.close, { invalidates: touchedByClosing });
export const useReopenMonth = () => useCallMutation(closingCalls.reopen, { invalidates: touchedByClosing });
