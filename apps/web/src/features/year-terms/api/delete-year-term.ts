import type { MessageResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { paymentSystemQueryKey } from '../../payment-system/api/get-payment-system';
import { tuitionQueryKey } from '../../tuition/api/tuition-query-key';
import { yearTermsQueryKey } from './get-year-terms';

export const deleteYearTerm = (id: string) => api.delete<MessageResult>(`/api/mystudio/yearTerms/${seg(id)}`);

/** Its tuition prices and payment plans go with it. */
export function useDeleteYearTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteYearTerm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: yearTermsQueryKey }),
        queryClient.invalidateQueries({ queryKey: tuitionQueryKey }),
        queryClient.invalidateQueries({ queryKey: paymentSystemQueryKey }),
      ]),
  });
}
