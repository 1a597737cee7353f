import type { ClassSaved, NewClassInput } from '@pirouette/domain';
import { api } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** POST mystudio/schedule/class: the class and its first dance numbers. */
export const createClass = (body: NewClassInput) =>
  api.post<ClassSaved>('/api/mystudio/schedule/class', body);

export const useCreateClass = () => useScheduleMutation(createClass);
