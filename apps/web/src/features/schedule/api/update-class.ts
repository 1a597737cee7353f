import type { ClassSaved, UpdateClassInput } from '@pirouette/domain';
import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** PUT mystudio/schedule/class/{id}: the class's fields, whole. */
export const updateClass = ({ id, data }: { id: string; data: UpdateClassInput }) =>
  api.put<ClassSaved>(`/api/mystudio/schedule/class/${seg(id)}`, data);

export const useUpdateClass = () => useScheduleMutation(updateClass);
