import type { AccountInfo, FamilyContact, FamilyUser } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { accountsQueryKey } from './get-accounts';

/** One family's calls share this key: a change to the family refreshes its whole overview. */
export const accountQueryKey = (id: string) => [...accountsQueryKey, 'account', id] as const;

export type AccountInfoAnswer = { info: AccountInfo; users: FamilyUser[]; contacts: FamilyContact[] };

/** GET api/mystudio/account/{id}/info: the family's contact information, users and contacts. */
export const getAccountInfo = (id: string) =>
  api.get<AccountInfoAnswer>(`/api/mystudio/account/${seg(id)}/info`);

export const accountInfoQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...accountQueryKey(id), 'info'] as const, queryFn: () => getAccountInfo(id) });

export const useAccountInfo = (id: string) => useQuery(accountInfoQueryOptions(id));
