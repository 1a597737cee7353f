import type { CreatedResult, NewClassTuitionInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { classTuitionsQueryKey } from './get-class-tuitions';

export const createClassTuition = (body: NewClassTuitionInput) =>
  api.post<CreatedResult>('/api/mystudio/tuition/classes', body);

export function useCreateClassTuition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassTuition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTuitionsQueryKey }),
  });
}
