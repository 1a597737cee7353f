import type { AccountLogEntry } from '@pirouette/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { accountQueryKey } from './get-account-info';

export type AccountLogPage = { items: AccountLogEntry[]; total: number; page: number; pageSize: number };

export const LOG_PAGE_SIZE = 10;

/** GET api/mystudio/account/{id}/logs?page&pageSize: the family's log, newest first. */
export const getAccountLog = (id: string, page: number) =>
  api.get<AccountLogPage>(`/api/mystudio/account/${seg(id)}/logs?page=${page}&pageSize=${LOG_PAGE_SIZE}`);

export const accountLogQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...accountQueryKey(id), 'logs', page] as const,
    queryFn: () => getAccountLog(id, page),
    placeholderData: keepPreviousData,
  });

export const useAccountLog = (id: string, page: number) => useQuery(accountLogQueryOptions(id, page));
