import { studioSetupCalls } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeyOf, scopeOf, useCall, useCallMutation } from '../../../lib/call';

const setup = scopeOf(studioSetupCalls.get);

/**
 * GET api/mystudio/setup: the studio's setup checklist. Fetched afresh when a page mounts (not kept for
 * the minute its declaration allows), so a step done on another page is ticked on the way back.
 */
export const useStudioSetup = (enabled = true) =>
  useCall(studioSetupCalls.get, undefined, { enabled, staleTime: 0 });

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
