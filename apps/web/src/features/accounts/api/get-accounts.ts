import { type AccountList, LIST_REFRESH_THROTTLE_MS } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { type AccountListRequest, listQueryString } from '../list-params';

/** Every accounts call shares this root: a change to a family refreshes the lists and its overview. */
export const accountsQueryKey = ['mystudio', 'accounts'] as const;
export const accountListsQueryKey = [...accountsQueryKey, 'list'] as const;

/** GET api/mystudio/account/list/{active|inactive|incomplete}?page&pageSize&q&…filter: one page. */
export const getAccounts = (request: AccountListRequest) =>
  api.get<AccountList>(`/api/mystudio/account/list/${seg(request.status)}?${listQueryString(request)}`);

export const accountListQueryKey = (request: AccountListRequest) =>
  [...accountListsQueryKey, request.status, request] as const;

/**
 * A page of a list. Answers stay fresh for a minute, so going back and forth between the active list's
 * "All" and "Filtered" views shows what was fetched without asking again (001 §4). Turning a page keeps
 * the last one on screen until the next arrives; another status starts blank rather than show the wrong list.
 */
export const accountsQueryOptions = (request: AccountListRequest) =>
  queryOptions({
    queryKey: accountListQueryKey(request),
    queryFn: () => getAccounts(request),
    staleTime: LIST_REFRESH_THROTTLE_MS,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === request.status ? previous : undefined,
  });

export const useAccounts = (request: AccountListRequest) => useQuery(accountsQueryOptions(request));
