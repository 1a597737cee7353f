import { authCalls, type MeResult } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { callApi, queryKeyOf } from './call';
import { DEVICE_COPY_KEYS } from './device-copies';

/** The session's query key; the query client forgets the session under it when a call answers 401. */
export const meQueryKey = queryKeyOf(authCalls.me);

/** The session, or null when nobody is signed in (the server answers null then: decision 041). */
export const getMe = (): Promise<MeResult | null> => callApi(authCalls.me);

/**
 * The session last read on this device (decision 063): when the server cannot be reached at all (no
 * connection, not an answer), the installed app still opens on it, so a teacher can reload the roll
 * offline; the calls themselves still need the session cookie. Forgotten as soon as the server says
 * nobody is signed in.
 */
const KEPT_ME = DEVICE_COPY_KEYS.me;

async function getMeKept(): Promise<MeResult | null> {
  try {
    const me = await getMe();
    try {
      if (me) window.localStorage.setItem(KEPT_ME, JSON.stringify(me));
      else window.localStorage.removeItem(KEPT_ME);
    } catch {
      // Storage refused: nothing kept.
    }
    return me;
  } catch (error) {
    // No answer at all (a network error, status 0): the kept session, if any.
    const unreachable = !isApiError(error) || error.status === 0;
    const kept = unreachable ? window.localStorage.getItem(KEPT_ME) : null;
    if (kept) return JSON.parse(kept) as MeResult;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMeKept,
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
