import type { ParentTermsDocument } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parentAccountQueryKey } from './get-parent-account';

/** Under the account's key, so a change that refreshes the family refreshes the text read too. */
export const parentTermsQueryKey = [...parentAccountQueryKey, 'terms'] as const;

export const getParentTerms = () => api.get<ParentTermsDocument[]>('/api/parents/account/terms');

/** GET api/parents/account/terms: the studio's documents in the versions in force, to read. */
export const parentTermsQueryOptions = () =>
  queryOptions({ queryKey: parentTermsQueryKey, queryFn: getParentTerms });

export const useParentTerms = (enabled: boolean) => useQuery({ ...parentTermsQueryOptions(), enabled });
