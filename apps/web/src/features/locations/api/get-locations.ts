import { LIST_REFRESH_THROTTLE_MS, type StudioLocation } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const locationsQueryKey = ['mystudio', 'locations'] as const;

export const getLocations = () => api.get<StudioLocation[]>('/api/mystudio/locations');

/** 002 §4: locations are fetched again at most once a minute; a write of ours refreshes them at once. */
export const locationsQueryOptions = () =>
  queryOptions({ queryKey: locationsQueryKey, queryFn: getLocations, staleTime: LIST_REFRESH_THROTTLE_MS });

export const useLocations = () => useQuery(locationsQueryOptions());
