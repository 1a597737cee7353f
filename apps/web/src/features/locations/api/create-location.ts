import type { NewLocationInput, NewLocationResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationsQueryKey } from './get-locations';

export const createLocation = (body: NewLocationInput) =>
  api.post<NewLocationResult>('/api/mystudio/locations', body);

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQueryKey }),
  });
}
