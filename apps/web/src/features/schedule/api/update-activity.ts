import type { ClassInfo } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { type ActivityStep, applyStepToInfo } from '../activity';
import { classInfoQueryKey } from './get-class-info';

type Variables = { classID: string; dncNumActID: string; step: ActivityStep; status: 0 | 1 };

/** PUT mystudio/schedule/class/danceNumberActivity/{dncNumActID} body step, status (002 §4). */
export const updateActivity = ({ dncNumActID, step, status }: Variables) =>
  api.put<{ msg: string }>(`/api/mystudio/schedule/class/danceNumberActivity/${seg(dncNumActID)}`, {
    step,
    status,
  });

/**
 * The switch moves at once; a failure puts it back, and either way the class's info is fetched again,
 * so what stays on screen is the server's truth.
 */
export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    onMutate: async ({ classID, dncNumActID, step, status }) => {
      const key = classInfoQueryKey(classID);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ClassInfo>(key);
      if (previous) queryClient.setQueryData(key, applyStepToInfo(previous, dncNumActID, step, status));
      return { previous };
    },
    onError: (_error, { classID }, context) => {
      if (context?.previous) queryClient.setQueryData(classInfoQueryKey(classID), context.previous);
    },
    onSettled: (_data, _error, { classID }) =>
      queryClient.invalidateQueries({ queryKey: classInfoQueryKey(classID) }),
  });
}
