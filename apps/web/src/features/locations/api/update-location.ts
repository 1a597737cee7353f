import type { UpdateLocationInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationsQueryKey } from './get-locations';

export const updateLocation = (body: UpdateLocationInput) =>
  api.put<{ msg: string }>('/api/mystudio/locations', body);

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQueryKey }),
  });
}
