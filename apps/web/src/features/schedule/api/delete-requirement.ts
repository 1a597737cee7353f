import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** DELETE mystudio/schedule/class/{id}/otherRequirement/{otherReqID} */
export const deleteRequirement = ({ id, otherReqID }: { id: string; otherReqID: string }) =>
  api.delete<{ msg: string }>(`/api/mystudio/schedule/class/${seg(id)}/otherRequirement/${seg(otherReqID)}`);

export const useDeleteRequirement = () => useScheduleMutation(deleteRequirement);
