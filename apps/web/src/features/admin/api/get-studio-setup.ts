import type { StudioSetup } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const studioSetupQueryKey = ['mystudio', 'setup'] as const;

export const getStudioSetup = () => api.get<StudioSetup>('/api/mystudio/setup');

/**
 * GET api/mystudio/setup: the studio's setup checklist. Fetched afresh when a page mounts, so a step
 * done on another page is ticked on the way back (the server answers it from its read cache until
 * something changes).
 */
export const studioSetupQueryOptions = () =>
  queryOptions({ queryKey: studioSetupQueryKey, queryFn: getStudioSetup, staleTime: 0 });

export const useStudioSetup = (enabled = true) => useQuery({ ...studioSetupQueryOptions(), enabled });
