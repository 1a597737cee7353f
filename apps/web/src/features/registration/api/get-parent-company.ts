import { isId, type ParentCompanyResult } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

export const getParentCompany = (companyId: string) =>
  api.get<ParentCompanyResult>(`/api/registration/parent/company/${seg(companyId)}`);

export const parentCompanyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['registration', 'parent-company', companyId] as const,
    queryFn: () => getParentCompany(companyId),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The studio behind a parent link; an id of the wrong shape is not asked for at all (000 §1). */
export const useParentCompany = (companyId: string | undefined) =>
  useQuery({ ...parentCompanyQueryOptions(companyId ?? ''), enabled: isId(companyId) });
