import type { DiscountWriteInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const createDiscount = (body: DiscountWriteInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/discounts', body);

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
