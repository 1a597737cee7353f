import type { MessageResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { paymentSystemQueryKey } from './get-payment-system';

export const updateOptionDueDay = ({ id, dayPaymentDue }: { id: string; dayPaymentDue: number }) =>
  api.put<MessageResult>(`/api/mystudio/paymentSystem/option/${seg(id)}`, { dayPaymentDue });

export function useUpdateOptionDueDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOptionDueDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentSystemQueryKey }),
  });
}
