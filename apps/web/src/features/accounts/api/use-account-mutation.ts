import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsQueryKey } from './get-accounts';

/**
 * A change to a family: once it succeeds, the family's overview and the lists (whose rows show its
 * students, phone and e-mail) are fetched again before the caller hears of it, so a dialog closes onto
 * the server's truth.
 */
export function useAccountMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
