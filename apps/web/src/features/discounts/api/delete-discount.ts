import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const deleteDiscount = (id: string) =>
  api.delete<{ msg: string }>(`/api/mystudio/discounts/${seg(id)}`);

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
