import type { YearTerm } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const yearTermsQueryKey = ['mystudio', 'yearTerms'] as const;

export const getYearTerms = () => api.get<YearTerm[]>('/api/mystudio/yearTerms');

export const yearTermsQueryOptions = () =>
  queryOptions({ queryKey: yearTermsQueryKey, queryFn: getYearTerms, staleTime: 60_000 });

export const useYearTerms = (enabled = true) => useQuery({ ...yearTermsQueryOptions(), enabled });
