import { studioSetupCalls } from '@pirouette/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callQuery, queryKeyOf, scopeOf, useCallMutation } from '../../../lib/call';

const setup = scopeOf(studioSetupCalls.get);

/** How recent an answer is not asked again as a page mounts: the server's, in the page it rendered. */
const JUST_ANSWERED_MS = 5_000;

/**
 * GET api/mystudio/setup: the studio's setup checklist. Fetched afresh when a page mounts (not kept for
 * the minute its declaration allows), so a step done on another page is ticked on the way back; not when
 * it was answered a moment ago, as for the owner's list the server rendered (decision 097), whose
 * hydration would otherwise ask again and draw the page once more on a phone's busy first seconds.
 */
export const useStudioSetup = (enabled = true) =>
  useQuery({
    ...callQuery(studioSetupCalls.get, undefined, { enabled, staleTime: 0 }),
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_ANSWERED_MS,
  });

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
          void queryClient.invalidateQueries({ queryKey: setup });
        }
      }),
    [queryClient],
  );
}

/** POST api/mystudio/setup/{step}: ticks a step only the owner can know is done; it answers the checklist now. */
export function useMarkSetupStep() {
  const queryClient = useQueryClient();
  return useCallMutation(studioSetupCalls.mark, {
    onSuccess: (checklist) => queryClient.setQueryData(queryKeyOf(studioSetupCalls.get), checklist),
  });
}
