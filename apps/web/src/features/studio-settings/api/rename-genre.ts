import type { GenreNameInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { genresQueryKey } from './get-genres';

export const renameGenre = ({ id, body }: { id: string; body: GenreNameInput }) =>
  api.put<{ msg: string }>(`/api/mystudio/genres/${seg(id)}`, body);

export function useRenameGenre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGenre,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: genresQueryKey }),
  });
}
