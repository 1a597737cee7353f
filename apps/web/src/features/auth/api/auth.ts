import { authCalls, type LoginResult, type MeResult } from '@pirouette/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callQuery, queryKeyOf, useCallMutation } from '../../../lib/call';

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

/** Whatever was cached belonged to nobody or to someone else: everything but the session's own queries goes. */
const notAuth = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== meQueryKey[0];

/** The address the sign-in form offers again (remember me); asked once per page load, never retried. */
export const useRememberedEmail = () =>
  useQuery({
    ...callQuery(authCalls.remembered, undefined, { staleTime: Number.POSITIVE_INFINITY }),
    retry: false,
  });

/** The session a login answer gives, in the shape of `me`: its token is left behind, the cookie carries it. */
export const sessionFromLogin = (result: LoginResult): MeResult => ({
  user: result.user,
  yrTrm: result.yrTrm,
  nAccts: result.nAccts,
  accts: result.accts,
});

/**
 * Signs in. `beforeSession` runs once the server has answered and before the session reaches the
 * cache: the guards redirect as soon as it does, so where the page lands is decided first (issue 31
 * item 14: an owner never glimpses the accounts list on the way to the checklist).
 */
export function useLogin(beforeSession?: (result: LoginResult) => Promise<void>) {
  const queryClient = useQueryClient();
  return useCallMutation(authCalls.login, {
    onSuccess: async (result) => {
      queryClient.removeQueries({ predicate: notAuth });
      await beforeSession?.(result);
      queryClient.setQueryData(meQueryKey, sessionFromLogin(result));
    },
  });
}

/**
 * Signs out, then loads `destination` as a new page: nothing of the session survives in memory
 * (000 §2: the admin side refreshes the page, the parent side goes to its studio's sign-in).
 */
export const useLogout = (destination: string) =>
  useCallMutation(authCalls.logout, {
    onSettled: () => {
      window.location.assign(destination);
    },
  });

export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useCallMutation(authCalls.switchAccount, {
    // Data of the previous studio must not show under the new one: it goes before the session is
    // asked for again, so not through `invalidates`, which would refresh the session first.
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: notAuth });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
