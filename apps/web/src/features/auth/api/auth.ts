import { authCalls, type LoginResult, type MeResult } from '@pirouette/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, useCallMutation } from '../../../lib/call';
import { forgetDeviceCopies } from '../../../lib/device-copies';
import { meQueryKey } from '../../../lib/use-session';

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
      forgetDeviceCopies();
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
