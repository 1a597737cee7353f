import type { DanceNumberFieldsInput } from '@pirouette/domain';
import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** PUT mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID} with the number's fields. */
export const updateDanceNumber = ({
  clSchID,
  dncNumID,
  data,
}: {
  clSchID: string;
  dncNumID: string;
  data: DanceNumberFieldsInput;
}) =>
  api.put<{ msg: string }>(`/api/mystudio/schedule/class/danceNumber/${seg(clSchID)}/${seg(dncNumID)}`, data);

export const useUpdateDanceNumber = () => useScheduleMutation(updateDanceNumber);
