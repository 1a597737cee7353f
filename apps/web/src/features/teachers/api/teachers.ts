import { LIST_REFRESH_THROTTLE_MS, teacherCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every teacher query: a change to one teacher refreshes them all. */
const teachers = scopeOf(teacherCalls.list);

/** 002 §4: the teachers list is checked again at most once a minute, like the locations. */
export const useTeachers = () =>
  useCall(teacherCalls.list, undefined, { staleTime: LIST_REFRESH_THROTTLE_MS });

export const useCreateTeacher = () => useCallMutation(teacherCalls.add, { invalidates: [teachers] });
export const useUpdateTeacher = () => useCallMutation(teacherCalls.edit, { invalidates: [teachers] });
export const useDeleteTeacher = () => useCallMutation(teacherCalls.remove, { invalidates: [teachers] });
