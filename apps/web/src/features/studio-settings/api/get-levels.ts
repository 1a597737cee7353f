import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Level = { id: number; name: string };

export const levelsQueryKey = ['mystudio', 'levels'] as const;

export const getLevels = () => api.get<Level[]>('/api/mystudio/levels');

/** The seven fixed levels never change while the app runs. */
export const levelsQueryOptions = () =>
  queryOptions({ queryKey: levelsQueryKey, queryFn: getLevels, staleTime: Number.POSITIVE_INFINITY });

export const useLevels = () => useQuery(levelsQueryOptions());
