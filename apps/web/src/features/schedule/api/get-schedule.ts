import type { ScheduleAnswer } from '@pirouette/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every schedule call shares this root: a write anywhere in the schedule refreshes all of it. */
export const scheduleQueryKey = ['mystudio', 'schedule'] as const;

export type ScheduleSelection = { yrTrmID: string | null; locID: string | null; rmID: string | null };

/** GET mystudio/schedule/?yrTrmID&locID&rmID: locations, rooms, the chosen room's classes and what is chosen. */
export function getSchedule({ yrTrmID, locID, rmID }: ScheduleSelection) {
  const query = new URLSearchParams();
  if (yrTrmID) query.set('yrTrmID', yrTrmID);
  if (locID) query.set('locID', locID);
  if (rmID) query.set('rmID', rmID);
  const search = query.toString();
  return api.get<ScheduleAnswer>(`/api/mystudio/schedule/${search ? `?${search}` : ''}`);
}

export const scheduleQueryOptions = (selection: ScheduleSelection) =>
  queryOptions({
    queryKey: [...scheduleQueryKey, 'week', selection] as const,
    queryFn: () => getSchedule(selection),
    // Switching rooms keeps the last week on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useSchedule = (selection: ScheduleSelection, enabled = true) =>
  useQuery({ ...scheduleQueryOptions(selection), enabled });
