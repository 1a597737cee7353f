import type { MarkableSetupStep, StudioSetup } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { studioSetupQueryKey } from './get-studio-setup';

/** POST api/mystudio/setup/{step}: ticks a step only the owner can know is done; the checklist now. */
export const markSetupStep = (step: MarkableSetupStep) =>
  api.post<StudioSetup>(`/api/mystudio/setup/${seg(step)}`);

export function useMarkSetupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSetupStep,
    onSuccess: (setup) => queryClient.setQueryData(studioSetupQueryKey, setup),
  });
}
