import type { PaymentSystem } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

export const paymentSystemQueryKey = ['mystudio', 'paymentSystem'] as const;

export const getPaymentSystem = (yearTermId: string) =>
  api.get<PaymentSystem>(`/api/mystudio/paymentSystem?yearTermID=${seg(yearTermId)}`);

export const paymentSystemQueryOptions = (yearTermId: string) =>
  queryOptions({
    queryKey: [...paymentSystemQueryKey, yearTermId],
    queryFn: () => getPaymentSystem(yearTermId),
  });

export const usePaymentSystem = (yearTermId: string | null) =>
  useQuery({ ...paymentSystemQueryOptions(yearTermId ?? ''), enabled: !!yearTermId });
