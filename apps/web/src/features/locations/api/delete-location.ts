import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { locationsQueryKey } from './get-locations';

export const deleteLocation = (id: string) =>
  api.delete<{ msg: string }>(`/api/mystudio/locations/${seg(id)}`);

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQueryKey }),
  });
}
