import type { StudioSetup } from '@pirouette/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * Asks for the checklist again after any change the owner makes on the page (a teacher added, a class
 * scheduled): the step it completes is ticked without a reload, whichever screen made it.
 */
export function useSetupFollowsChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: studioSetupQueryKey });
        }
      }),
    [queryClient],
  );
}
