import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { teachersQueryKey } from './get-teachers';

export const deleteTeacher = (id: string) => api.delete<{ msg: string }>(`/api/mystudio/teachers/${seg(id)}`);

export function useDeleteTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeacher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachersQueryKey }),
  });
}
