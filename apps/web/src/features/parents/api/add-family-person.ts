import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PersonSubmission } from '../../families/person-form';
import { parentAccountQueryKey } from './get-parent-account';

/** POST api/parents/account/user `{type, user}`: a new student, user or contact of the parent's family. */
export const addFamilyPerson = (input: PersonSubmission) =>
  api.post<{ id: string; msg: string }>('/api/parents/account/user', input);

export function useAddFamilyPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFamilyPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentAccountQueryKey }),
  });
}
