import type { TeacherInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teachersQueryKey } from './get-teachers';

export const createTeacher = (body: TeacherInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/teachers', body);

export function useCreateTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeacher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachersQueryKey }),
  });
}
