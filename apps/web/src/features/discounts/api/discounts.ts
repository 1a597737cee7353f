import { type DiscountItem, discountCalls, inApplicationOrder } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeyOf, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every discount query: a change to one discount refreshes them all. */
const discounts = scopeOf(discountCalls.list);

/** The studio's discounts in application order (value a fraction or cents, rValue cents). */
export const useDiscounts = () => useCall(discountCalls.list);

export const useCreateDiscount = () => useCallMutation(discountCalls.add, { invalidates: [discounts] });
export const useUpdateDiscount = () => useCallMutation(discountCalls.edit, { invalidates: [discounts] });
export const useDeleteDiscount = () => useCallMutation(discountCalls.remove, { invalidates: [discounts] });

type ReorderContext = { previous?: DiscountItem[] } | undefined;

/** Every discount of the studio in its new order; the list moves at once and moves back if the call fails. */
export function useReorderDiscounts() {
  const queryClient = useQueryClient();
  const listKey = queryKeyOf(discountCalls.list);
  return useCallMutation(discountCalls.reorder, {
    invalidates: [discounts],
    onMutate: async ({ body: { ids } }): Promise<ReorderContext> => {
      await queryClient.cancelQueries({ queryKey: discounts });
      const previous = queryClient.getQueryData<DiscountItem[]>(listKey);
      if (previous) {
        const place = new Map(ids.map((id, i) => [id, i]));
        const moved = previous.map((d) => ({ ...d, order: place.get(d.id) ?? d.order }));
        queryClient.setQueryData(listKey, inApplicationOrder(moved));
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      const { previous } = (context as ReorderContext) ?? {};
      if (previous) queryClient.setQueryData(listKey, previous);
      // The server's order may not be the one this list had: read it again, as after a success.
      return queryClient.invalidateQueries({ queryKey: discounts });
    },
  });
}
