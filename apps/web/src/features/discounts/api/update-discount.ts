import type { DiscountWriteInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const updateDiscount = ({ id, body }: { id: string; body: DiscountWriteInput }) =>
  api.put<{ msg: string }>(`/api/mystudio/discounts/${seg(id)}`, body);

export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
