import type { StudioDetails, StudioDetailsInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth/api/get-me';
import { studioSettingsQueryKey } from './get-studio-settings';

export const updateStudioDetails = (body: StudioDetailsInput) =>
  api.put<{ msg: string; studio: StudioDetails }>('/api/mystudio/settings/studio', body);

/** The session carries the studio's name and time zone, so it is fetched again too. */
export function useUpdateStudioDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudioDetails,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
