import type { LoginInput, LoginResult, MeResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export const login = (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input);

/** The session a login answer gives, in the shape of `me`: its token is left behind, the cookie carries it. */
export const sessionFromLogin = (result: LoginResult): MeResult => ({
  user: result.user,
  yrTrm: result.yrTrm,
  nAccts: result.nAccts,
  accts: result.accts,
});

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      // Whatever was cached belonged to nobody or to someone else.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, sessionFromLogin(result));
    },
  });
}
