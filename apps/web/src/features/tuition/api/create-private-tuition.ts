import type { CreatedResult, NewPrivateTuitionInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privateTuitionsQueryKey } from './get-private-tuitions';

export const createPrivateTuition = (body: NewPrivateTuitionInput) =>
  api.post<CreatedResult>('/api/mystudio/tuition/privates', body);

export function useCreatePrivateTuition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrivateTuition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privateTuitionsQueryKey }),
  });
}
