import type { MessageResult, UpdateClassTuitionInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { classTuitionsQueryKey } from './get-class-tuitions';

export const updateClassTuition = (body: UpdateClassTuitionInput) =>
  api.put<MessageResult>('/api/mystudio/tuition/classes', body);

export function useUpdateClassTuition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClassTuition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTuitionsQueryKey }),
  });
}
