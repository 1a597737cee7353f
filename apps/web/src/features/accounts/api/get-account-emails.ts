import type { AccountFilter, AccountStatus } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountsQueryKey } from './get-accounts';

export type AccountEmailsRequest = { status: AccountStatus; q: string; filter: AccountFilter };
export type AccountEmails = { ids: string[]; emails: string[] };

/** POST api/mystudio/account/filter/accounts: every account of the current view (all its pages) and their e-mails. */
export const getAccountEmails = (request: AccountEmailsRequest) =>
  api.post<AccountEmails>('/api/mystudio/account/filter/accounts', request);

export const accountEmailsQueryOptions = (request: AccountEmailsRequest) =>
  queryOptions({
    queryKey: [...accountsQueryKey, 'emails', request] as const,
    queryFn: () => getAccountEmails(request),
  });

export const useAccountEmails = (request: AccountEmailsRequest, enabled: boolean) =>
  useQuery({ ...accountEmailsQueryOptions(request), enabled });
