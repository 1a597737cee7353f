import type { DiscountItem } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const discountsQueryKey = ['mystudio', 'discounts'] as const;

/** The studio's discounts in application order (value a fraction or cents, rValue cents). */
export const getDiscounts = () => api.get<DiscountItem[]>('/api/mystudio/discounts');

export const discountsQueryOptions = () =>
  queryOptions({ queryKey: discountsQueryKey, queryFn: getDiscounts, staleTime: 60_000 });

export const useDiscounts = () => useQuery(discountsQueryOptions());
