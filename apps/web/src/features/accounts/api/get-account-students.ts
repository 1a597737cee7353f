import type { FamilyStudent, StudentClass } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { accountQueryKey } from './get-account-info';

export type AccountStudentsAnswer = { students: FamilyStudent[]; classes: StudentClass[] };

/** GET api/mystudio/account/{id}/students: the students and their classes in the current term. */
export const getAccountStudents = (id: string) =>
  api.get<AccountStudentsAnswer>(`/api/mystudio/account/${seg(id)}/students`);

export const accountStudentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...accountQueryKey(id), 'students'] as const,
    queryFn: () => getAccountStudents(id),
  });

export const useAccountStudents = (id: string) => useQuery(accountStudentsQueryOptions(id));
