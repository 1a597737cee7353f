import type { NewDanceNumberInput } from '@pirouette/domain';
import { api } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** POST mystudio/schedule/class/danceNumber: answers its id and the activity rows of the class's students. */
export const createDanceNumber = (body: NewDanceNumberInput) =>
  api.post<{ id: string; msg: string }>('/api/mystudio/schedule/class/danceNumber', body);

export const useCreateDanceNumber = () => useScheduleMutation(createDanceNumber);
