import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { locationsQueryKey } from './get-locations';

export const deleteRoom = (id: string) =>
  api.delete<{ msg: string }>(`/api/mystudio/locations/room/${seg(id)}`);

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQueryKey }),
  });
}
