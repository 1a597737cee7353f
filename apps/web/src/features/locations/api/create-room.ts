import type { NewRoomInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationsQueryKey } from './get-locations';

export const createRoom = (body: NewRoomInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/locations/room', body);

export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQueryKey }),
  });
}
