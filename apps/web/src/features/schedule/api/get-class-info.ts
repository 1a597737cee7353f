import type { ClassInfo } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { scheduleQueryKey } from './get-schedule';

export const classInfoQueryKey = (id: string) => [...scheduleQueryKey, 'class', id] as const;

/** GET mystudio/schedule/class/info/{id}: dance numbers, activity, registrations, genres, requirements. */
export const getClassInfo = (id: string) =>
  api.get<ClassInfo>(`/api/mystudio/schedule/class/info/${seg(id)}`);

export const classInfoQueryOptions = (id: string) =>
  queryOptions({ queryKey: classInfoQueryKey(id), queryFn: () => getClassInfo(id) });

export const useClassInfo = (id: string) => useQuery(classInfoQueryOptions(id));
