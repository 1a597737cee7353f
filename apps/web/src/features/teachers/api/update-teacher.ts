import type { TeacherInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { teachersQueryKey } from './get-teachers';

export const updateTeacher = ({ id, data }: { id: string; data: TeacherInput }) =>
  api.put<{ msg: string }>(`/api/mystudio/teachers/${seg(id)}`, data);

export function useUpdateTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeacher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachersQueryKey }),
  });
}
