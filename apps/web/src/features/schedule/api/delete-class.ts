import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { classInfoQueryKey } from './get-class-info';
import { scheduleQueryKey } from './get-schedule';

/** DELETE mystudio/schedule/class/{id}/room/{roomID}: the class, its registrations and dance numbers. */
export const deleteClass = ({ id, roomID }: { id: string; roomID: string }) =>
  api.delete<{ msg: string }>(`/api/mystudio/schedule/class/${seg(id)}/room/${seg(roomID)}`);

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClass,
    onSuccess: (_data, { id }) => {
      // The deleted class's info is gone for good: dropped, not fetched again into a 404.
      queryClient.removeQueries({ queryKey: classInfoQueryKey(id) });
      const gone = JSON.stringify(classInfoQueryKey(id));
      return queryClient.invalidateQueries({
        queryKey: scheduleQueryKey,
        predicate: (query) => JSON.stringify(query.queryKey) !== gone,
      });
    },
  });
}
