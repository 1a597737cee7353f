import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { accountListsQueryKey, accountsQueryKey } from './get-accounts';

/** DELETE api/mystudio/account/{acctId}/{coAcctMemID}: both name the family (decision 013). */
export const deleteAccount = (id: string) =>
  api.delete<{ msg?: string }>(`/api/mystudio/account/${seg(id)}/${seg(id)}`);

/**
 * Deletes a family. The lists and e-mail lists are marked stale (the list page fetches them on arrival);
 * the family's own overview is not fetched again: the page forgets it once it is left.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: [...accountsQueryKey, 'emails'] });
    },
  });
}
