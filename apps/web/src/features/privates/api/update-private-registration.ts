import type { ActivityStepInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { privatesQueryKey } from './get-privates';

export type RegistrationStep = ActivityStepInput & { regID: string };

/** One step of a registration's activity (002 §4): 1 active (all four and the status), 2–4 one flag. */
export const updatePrivateRegistration = ({ regID, step, status }: RegistrationStep) =>
  api.put<{ msg: string } | null>(`/api/mystudio/privates/reg/${seg(regID)}`, { step, status });

export function useUpdatePrivateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivateRegistration,
    // Success or not, what the screen shows next is what the server holds; the switch waits for it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: privatesQueryKey }),
  });
}
