import { LIST_REFRESH_THROTTLE_MS, type Teacher } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const teachersQueryKey = ['mystudio', 'teachers'] as const;

export const getTeachers = () => api.get<Teacher[]>('/api/mystudio/teachers');

/** 002 §4: the teachers list is checked again at most once a minute, like the locations. */
export const teachersQueryOptions = () =>
  queryOptions({ queryKey: teachersQueryKey, queryFn: getTeachers, staleTime: LIST_REFRESH_THROTTLE_MS });

export const useTeachers = () => useQuery(teachersQueryOptions());
