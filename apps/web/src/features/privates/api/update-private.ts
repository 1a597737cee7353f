import type { UpdatePrivateInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privatesQueryKey } from './get-privates';

/** The spec's PUT mystudio/privates/ carries the id in the body, beside the fields. */
export const updatePrivate = (body: UpdatePrivateInput) =>
  api.put<{ msg: string }>('/api/mystudio/privates/', body);

export function useUpdatePrivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privatesQueryKey }),
  });
}
