import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PersonSubmission } from '../../families/person-form';
import { parentAccountQueryKey } from './get-parent-account';

/** PUT api/parents/account/user/ `{type, user: {id, …}}`: an edited student, user or contact. */
export const updateFamilyPerson = (input: PersonSubmission) =>
  api.put<{ msg: string }>('/api/parents/account/user/', input);

export function useUpdateFamilyPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFamilyPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentAccountQueryKey }),
  });
}
