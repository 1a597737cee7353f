import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { genresQueryKey } from './get-genres';

/** Retires a genre (it stays on the classes that name it) or brings it back. */
export const setGenreRetired = ({ id, retired }: { id: string; retired: boolean }) =>
  api.put<{ msg: string }>(`/api/mystudio/genres/${seg(id)}/${retired ? 'retire' : 'restore'}`);

export function useSetGenreRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGenreRetired,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: genresQueryKey }),
  });
}
