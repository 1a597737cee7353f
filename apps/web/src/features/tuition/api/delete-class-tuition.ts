import type { MessageResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { classTuitionsQueryKey } from './get-class-tuitions';

export const deleteClassTuition = (id: string) =>
  api.delete<MessageResult>(`/api/mystudio/tuition/classes/${seg(id)}`);

export function useDeleteClassTuition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassTuition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTuitionsQueryKey }),
  });
}
