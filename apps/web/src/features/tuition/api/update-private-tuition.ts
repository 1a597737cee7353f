import type { MessageResult, UpdatePrivateTuitionInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privateTuitionsQueryKey } from './get-private-tuitions';

export const updatePrivateTuition = (body: UpdatePrivateTuitionInput) =>
  api.put<MessageResult>('/api/mystudio/tuition/privates', body);

export function useUpdatePrivateTuition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivateTuition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privateTuitionsQueryKey }),
  });
}
