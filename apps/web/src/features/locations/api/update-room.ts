import type { UpdateRoomInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationsQueryKey } from './get-locations';

export const updateRoom = (body: UpdateRoomInput) =>
  api.put<{ msg: string }>('/api/mystudio/locations/room', body);

export function useUpdateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQueryKey }),
  });
}
