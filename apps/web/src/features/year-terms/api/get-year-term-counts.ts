import type { YearTermCounts } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { yearTermsQueryKey } from './get-year-terms';

/** Under the terms' key, so whatever refreshes the terms refreshes their counts too. */
export const yearTermCountsQueryKey = [...yearTermsQueryKey, 'counts'] as const;

export const getYearTermCounts = () => api.get<YearTermCounts>('/api/mystudio/yearTerms/counts');

export const yearTermCountsQueryOptions = () =>
  queryOptions({ queryKey: yearTermCountsQueryKey, queryFn: getYearTermCounts, staleTime: 30_000 });

/** What each term holds; asked for only when an owner is about to change the current term. */
export const useYearTermCounts = (enabled: boolean) => useQuery({ ...yearTermCountsQueryOptions(), enabled });
