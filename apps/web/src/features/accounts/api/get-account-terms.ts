import type { TermsStatus } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { accountQueryKey } from './get-account-info';

/** GET api/mystudio/account/{id}/toc: the studio's terms documents and the family's acceptance of each. */
export const getAccountTerms = (id: string) => api.get<TermsStatus[]>(`/api/mystudio/account/${seg(id)}/toc`);

export const accountTermsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...accountQueryKey(id), 'toc'] as const, queryFn: () => getAccountTerms(id) });

export const useAccountTerms = (id: string) => useQuery(accountTermsQueryOptions(id));
