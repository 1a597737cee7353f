import type { MessageResult, UpdateYearTermInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth/api/get-me';
import { paymentSystemQueryKey } from '../../payment-system/api/get-payment-system';
import { yearTermsQueryKey } from './get-year-terms';

export const updateYearTerm = (body: UpdateYearTermInput) =>
  api.put<MessageResult>('/api/mystudio/yearTerms', body);

/** New dates rebuild the term's payment plans; the session shows the current term's name. */
export function useUpdateYearTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateYearTerm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: yearTermsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: paymentSystemQueryKey }),
      ]),
  });
}
