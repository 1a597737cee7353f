import type { MessageResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { paymentSystemQueryKey } from './get-payment-system';

/** `discount` is a fraction: 0.05 is 5 % off. */
export const updatePlanDiscount = ({ id, discount }: { id: string; discount: number }) =>
  api.put<MessageResult>(`/api/mystudio/paymentSystem/plan/${seg(id)}`, { discount });

export function useUpdatePlanDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlanDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentSystemQueryKey }),
  });
}
