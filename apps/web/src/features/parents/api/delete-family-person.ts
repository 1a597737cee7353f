import type { PersonType } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { parentAccountQueryKey } from './get-parent-account';

/** DELETE api/parents/account/user/{type}/{id}: a student, user or contact leaves the family. */
export const deleteFamilyPerson = ({ type, id }: { type: PersonType; id: string }) =>
  api.delete<{ msg: string }>(`/api/parents/account/user/${seg(type)}/${seg(id)}`);

export function useDeleteFamilyPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFamilyPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentAccountQueryKey }),
  });
}
