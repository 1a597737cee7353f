import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/**
 * DELETE mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID}/{count}: `count` is the class's
 * registration count as the owner saw it (at least 1), so the server can refuse when it has changed.
 */
export const deleteDanceNumber = ({
  clSchID,
  dncNumID,
  count,
}: {
  clSchID: string;
  dncNumID: string;
  count: number;
}) =>
  api.delete<{ msg: string }>(
    `/api/mystudio/schedule/class/danceNumber/${seg(clSchID)}/${seg(dncNumID)}/${Math.max(1, count)}`,
  );

export const useDeleteDanceNumber = () => useScheduleMutation(deleteDanceNumber);
