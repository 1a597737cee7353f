import type { PrivateDetail } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { privatesQueryKey } from './get-privates';

export const privateDetailQueryKey = (id: string) => [...privatesQueryKey, 'detail', id] as const;

export const getPrivate = (id: string) => api.get<PrivateDetail>(`/api/mystudio/privates/${seg(id)}`);

/** One lesson's details and its registrations. */
export const privateQueryOptions = (id: string) =>
  queryOptions({ queryKey: privateDetailQueryKey(id), queryFn: () => getPrivate(id) });

export const usePrivate = (id: string | null) =>
  useQuery({ ...privateQueryOptions(id ?? ''), enabled: !!id });
