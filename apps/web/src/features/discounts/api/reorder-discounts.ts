import { type DiscountItem, inApplicationOrder } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const reorderDiscounts = (ids: string[]) =>
  api.put<{ msg: string }>('/api/mystudio/discounts/order', { ids });

/** Every discount of the studio in its new order; the list moves at once and moves back if the call fails. */
export function useReorderDiscounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderDiscounts,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: discountsQueryKey });
      const previous = queryClient.getQueryData<DiscountItem[]>(discountsQueryKey);
      if (previous) {
        const place = new Map(ids.map((id, i) => [id, i]));
        const moved = previous.map((d) => ({ ...d, order: place.get(d.id) ?? d.order }));
        queryClient.setQueryData(discountsQueryKey, inApplicationOrder(moved));
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(discountsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
