import type { StudentOption } from '@pirouette/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const studentOptionsQueryKey = ['mystudio', 'inputs', 'student'] as const;

export const getStudentOptions = (q: string) =>
  api.get<StudentOption[]>(`/api/mystudio/inputs/student?q=${encodeURIComponent(q)}`);

/** The studio's students whose name matches `q` (all of them, up to the server's limit, for ''). */
export const studentOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...studentOptionsQueryKey, q],
    queryFn: () => getStudentOptions(q),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useStudentOptions = (q: string, enabled = true) =>
  useQuery({ ...studentOptionsQueryOptions(q), enabled });
