import type { PrivateFieldsInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privatesQueryKey } from './get-privates';

export const createPrivate = (body: PrivateFieldsInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/privates/', body);

export function useCreatePrivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrivate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privatesQueryKey }),
  });
}
