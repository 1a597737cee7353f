import {
  type AnswerOf,
  classCalls,
  classPartCalls,
  danceNumberCalls,
  formInputCalls,
  scheduleCalls,
} from '@pirouette/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, queryKeyOf, scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { type ActivityStep, applyStepToInfo } from '../activity';

/**
 * Every schedule query: the weeks, the terms and everything under a class. The week's path ends in '/',
 * so its scope ends in an empty segment; without it, it is the schedule's root, which a write anywhere in
 * the schedule refreshes whole.
 */
const schedule = scopeOf(scheduleCalls.week).filter((segment) => segment !== '');

type ScheduleSelection = { yrTrmID: string | null; locID: string | null; rmID: string | null };

/** Locations, rooms, the chosen room's classes and what is chosen (the server's choice when none is). */
export const useSchedule = ({ yrTrmID, locID, rmID }: ScheduleSelection, enabled = true) =>
  useQuery({
    ...callQuery(
      scheduleCalls.week,
      { query: { yrTrmID: yrTrmID ?? undefined, locID: locID ?? undefined, rmID: rmID ?? undefined } },
      { enabled },
    ),
    // Switching rooms keeps the last week on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

/** Dance numbers, activity, registrations, genres and requirements of a class. */
export const useClassInfo = (id: string) => useCall(classCalls.info, { params: { id } });

/** The class dialog's options: teachers, rooms, the term's class prices, genres, levels, year terms. */
export const useClassFormInputs = (yearTermID: string | null) =>
  useCall(formInputCalls.classForm, { query: { yearTermID: yearTermID ?? undefined } });

/**
 * A schedule write: once it succeeds, every schedule query (the week, the open class's info) is fetched
 * again before the caller hears of it, so a dialog closes onto the server's truth.
 */
const refreshesSchedule = { invalidates: [schedule] };

export const useCreateClass = () => useCallMutation(classCalls.add, refreshesSchedule);
export const useUpdateClass = () => useCallMutation(classCalls.edit, refreshesSchedule);
/** The server clamps the value and answers the one kept. */
export const useUpdateMinGenre = () => useCallMutation(classCalls.setMinGenre, refreshesSchedule);

/** Deletes a class, its registrations and dance numbers. */
export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useCallMutation(classCalls.remove, {
    onSuccess: (_answer, { params }) => {
      // The deleted class's info is gone for good: dropped, not fetched again into a 404.
      queryClient.removeQueries({ queryKey: queryKeyOf(classCalls.info, { params: { id: params.id } }) });
      return queryClient.invalidateQueries({ queryKey: schedule });
    },
  });
}

export const useAddClassGenre = () => useCallMutation(classPartCalls.addGenre, refreshesSchedule);
export const useDeleteClassGenre = () => useCallMutation(classPartCalls.removeGenre, refreshesSchedule);
export const useCreateRequirement = () => useCallMutation(classPartCalls.addRequirement, refreshesSchedule);
export const useUpdateRequirement = () => useCallMutation(classPartCalls.editRequirement, refreshesSchedule);
export const useDeleteRequirement = () =>
  useCallMutation(classPartCalls.removeRequirement, refreshesSchedule);

/** Adds a dance number; the answer carries its id and the activity rows of the class's students. */
export const useCreateDanceNumber = () => useCallMutation(danceNumberCalls.add, refreshesSchedule);
export const useUpdateDanceNumber = () => useCallMutation(danceNumberCalls.edit, refreshesSchedule);
/**
 * `count` in the params is the class's registration count as the owner saw it (at least 1), so the server
 * can refuse when it has changed.
 */
export const useDeleteDanceNumber = () => useCallMutation(danceNumberCalls.remove, refreshesSchedule);

type ClassInfo = AnswerOf<typeof classCalls.info>;

/**
 * A student's activity in one of the class's dance numbers (002 §4). The switch moves at once; a failure
 * puts it back, and either way the class's info is fetched again, so what stays on screen is the
 * server's truth.
 */
export function useUpdateActivity(classID: string) {
  const queryClient = useQueryClient();
  const key = queryKeyOf(classCalls.info, { params: { id: classID } });
  return useCallMutation(danceNumberCalls.setActivity, {
    onMutate: async ({ params, body }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ClassInfo>(key);
      if (previous) {
        const status = body.status === 1 || body.status === true || body.status === '1' ? 1 : 0;
        queryClient.setQueryData(
          key,
          applyStepToInfo(previous, params.dncNumActID, body.step as ActivityStep, status),
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      const { previous } = (context ?? {}) as { previous?: ClassInfo };
      if (previous) queryClient.setQueryData(key, previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
