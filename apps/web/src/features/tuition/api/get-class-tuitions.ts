import type { ClassTuition } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { tuitionQueryKey } from './tuition-query-key';

export const classTuitionsQueryKey = [...tuitionQueryKey, 'classes'] as const;

export const getClassTuitions = (yearTermId: string) =>
  api.get<ClassTuition[]>(`/api/mystudio/tuition/classes?yearTermID=${seg(yearTermId)}`);

export const classTuitionsQueryOptions = (yearTermId: string) =>
  queryOptions({
    queryKey: [...classTuitionsQueryKey, yearTermId],
    queryFn: () => getClassTuitions(yearTermId),
  });

export const useClassTuitions = (yearTermId: string) => useQuery(classTuitionsQueryOptions(yearTermId));
