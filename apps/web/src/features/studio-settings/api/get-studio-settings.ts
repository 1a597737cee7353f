import type { StudioSettingsResult } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const studioSettingsQueryKey = ['mystudio', 'settings'] as const;

/** The studio's details and money settings (amounts in cents). */
export const getStudioSettings = () => api.get<StudioSettingsResult>('/api/mystudio/settings');

export const studioSettingsQueryOptions = () =>
  queryOptions({ queryKey: studioSettingsQueryKey, queryFn: getStudioSettings, staleTime: 60_000 });

export const useStudioSettings = () => useQuery(studioSettingsQueryOptions());
