import { authCalls, type MeResult } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, queryKeyOf } from './call';

/** The session's query key; the query client forgets the session under it when a call answers 401. */
export const meQueryKey = queryKeyOf(authCalls.me);

/** The session, or null when nobody is signed in (the server answers null then: decision 041). */
export const getMe = (): Promise<MeResult | null> => callApi(authCalls.me);

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useMe = () => useQuery(meQueryOptions());

/**
 * The session inside guarded pages. The guard renders them only with a session, so null here means it
 * just ended (logout, expiry) and the guard is about to send the person away.
 */
export function useSession(): MeResult | null {
  return useMe().data ?? null;
}
