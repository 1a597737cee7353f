import type { PrivateTuition } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { tuitionQueryKey } from './tuition-query-key';

export const privateTuitionsQueryKey = [...tuitionQueryKey, 'privates'] as const;

export const getPrivateTuitions = (yearTermId: string) =>
  api.get<PrivateTuition[]>(`/api/mystudio/tuition/privates?yearTermID=${seg(yearTermId)}`);

export const privateTuitionsQueryOptions = (yearTermId: string) =>
  queryOptions({
    queryKey: [...privateTuitionsQueryKey, yearTermId],
    queryFn: () => getPrivateTuitions(yearTermId),
  });

export const usePrivateTuitions = (yearTermId: string) => useQuery(privateTuitionsQueryOptions(yearTermId));
