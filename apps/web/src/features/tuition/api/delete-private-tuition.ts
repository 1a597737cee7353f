import type { MessageResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { privateTuitionsQueryKey } from './get-private-tuitions';

export const deletePrivateTuition = (id: string) =>
  api.delete<MessageResult>(`/api/mystudio/tuition/privates/${seg(id)}`);

export function useDeletePrivateTuition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrivateTuition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privateTuitionsQueryKey }),
  });
}
