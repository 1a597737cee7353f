import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { privateDetailQueryKey } from './get-private';
import { privatesQueryKey } from './get-privates';

export const deletePrivate = (id: string) => api.delete<{ msg: string }>(`/api/mystudio/privates/${seg(id)}`);

export function useDeletePrivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrivate,
    onSuccess: (_result, id) => {
      // Everything under the privates key is fetched again except the deleted lesson (it would be a 404).
      const gone = JSON.stringify(privateDetailQueryKey(id));
      return queryClient.invalidateQueries({
        queryKey: privatesQueryKey,
        predicate: (query) => JSON.stringify(query.queryKey) !== gone,
      });
    },
  });
}
