import type { SwitchAccountResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export const switchAccount = (membershipId: string) =>
  api.get<SwitchAccountResult>(`/api/auth/userAccount/${seg(membershipId)}`);

export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: async () => {
      // Data of the previous studio must not show under the new one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
