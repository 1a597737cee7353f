import { LIST_REFRESH_THROTTLE_MS, type ScheduleAnswer } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleQueryKey } from '../../schedule/api/get-schedule';

/**
 * POST api/mystudio/schedule/ with no term: the locations, rooms and every class of the current term,
 * the choices of the accounts filter. Under the schedule's key, so a schedule change refreshes them.
 */
export const getFilterOptions = () => api.post<ScheduleAnswer>('/api/mystudio/schedule/', null);

export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...scheduleQueryKey, 'term', 'current'] as const,
    queryFn: getFilterOptions,
    staleTime: LIST_REFRESH_THROTTLE_MS,
  });

export const useFilterOptions = (enabled = true) => useQuery({ ...filterOptionsQueryOptions(), enabled });
