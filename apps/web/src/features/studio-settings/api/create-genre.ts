import type { GenreNameInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { genresQueryKey } from './get-genres';

export const createGenre = (body: GenreNameInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/genres', body);

export function useCreateGenre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGenre,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: genresQueryKey }),
  });
}
