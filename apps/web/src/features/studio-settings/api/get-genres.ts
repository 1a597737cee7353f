import type { GenreItem } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const genresQueryKey = ['mystudio', 'genres'] as const;

/** The studio's genres, retired ones included (`?all=1`) so they can be restored. */
export const getAllGenres = () => api.get<GenreItem[]>('/api/mystudio/genres?all=1');

export const allGenresQueryOptions = () =>
  queryOptions({ queryKey: [...genresQueryKey, 'all'], queryFn: getAllGenres, staleTime: 60_000 });

export const useAllGenres = () => useQuery(allGenresQueryOptions());
