import type { RequirementInput } from '@pirouette/domain';
import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** POST mystudio/schedule/class/{id}/otherRequirement: a genre at a level, required or optional. */
export const createRequirement = ({ id, data }: { id: string; data: RequirementInput }) =>
  api.post<{ otherReqID: string; msg: string; minGenreRequired: number }>(
    `/api/mystudio/schedule/class/${seg(id)}/otherRequirement`,
    data,
  );

export const useCreateRequirement = () => useScheduleMutation(createRequirement);
