import type { MeResult } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isUnauthorized } from '../../../lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/** The session, or null when nobody is signed in (401 is an answer here, not an error). */
export async function getMe(): Promise<MeResult | null> {
  try {
    return await api.get<MeResult>('/api/auth/me');
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useMe = () => useQuery(meQueryOptions());
