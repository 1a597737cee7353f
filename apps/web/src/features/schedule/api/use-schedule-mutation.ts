import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryKey } from './get-schedule';

/**
 * A schedule write: once it succeeds, every schedule query (the week, the open class's info) is fetched
 * again before the caller hears of it, so a dialog closes onto the server's truth.
 */
export function useScheduleMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKey }),
  });
}
