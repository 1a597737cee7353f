import type { FrontDeskFamilyInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountsQueryKey } from './get-accounts';

/** POST api/mystudio/account: the front desk creates a family; the answer names it. */
export const createFamily = (body: FrontDeskFamilyInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/account', body);

export function useCreateFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFamily,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
