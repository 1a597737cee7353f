import type { RequirementUpdateInput } from '@pirouette/domain';
import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** PUT mystudio/schedule/class/{id}/otherRequirement: body otherReqID, genreID, levelID, isRequired. */
export const updateRequirement = ({ id, data }: { id: string; data: RequirementUpdateInput }) =>
  api.put<{ msg: string }>(`/api/mystudio/schedule/class/${seg(id)}/otherRequirement`, data);

export const useUpdateRequirement = () => useScheduleMutation(updateRequirement);
