import {
  type CompetitionWorkingListsInput,
  competitionEntryCalls,
  competitionEventCalls,
  competitionRegistrationCalls,
} from '@pirouette/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi, useCall, useCallMutation } from '../../../lib/call';

/**
 * The competition registration calls as the owner's screen makes them (issue 19 points 2–3, decision
 * 032). The working lists are a read sent as a POST (002 §7), kept under the call's path with what was
 * asked. A registration or a removal changes the lists, the event's registrations and the families'
 * money: it refreshes everything under `mystudio/competition` and the accounts' money.
 */

const refreshed = () => [
  ['mystudio', 'competition'],
  ['mystudio', 'account'],
];

export const useCompetitionEvents = () => useCall(competitionEventCalls.list);
export const useEntriesOf = (eventId: string | null) =>
  useCall(competitionEntryCalls.ofEvent, { params: { eventId: eventId ?? 'none' } }, { enabled: !!eventId });

export const useWorkingLists = (body: CompetitionWorkingListsInput | null) =>
  useQuery({
    queryKey: ['mystudio', 'competition', 'registration', body],
    queryFn: () => callApi(competitionRegistrationCalls.workingLists, { body: body! }),
    enabled: !!body,
  });

export const useRegisteredOfEvent = (eventId: string | null) =>
  useCall(
    competitionRegistrationCalls.registered,
    { params: { eventId: eventId ?? 'none' } },
    { enabled: !!eventId },
  );

export const useRegisterNumbers = () =>
  useCallMutation(competitionRegistrationCalls.registerClass, { invalidates: refreshed() });
export const useRegisterPrivates = () =>
  useCallMutation(competitionRegistrationCalls.registerPrivate, { invalidates: refreshed() });
export const useRegisterDancers = () =>
  useCallMutation(competitionRegistrationCalls.registerStudents, { invalidates: refreshed() });
export const useRemoveNumberRegistration = () =>
  useCallMutation(competitionRegistrationCalls.removeClass, { invalidates: refreshed() });
export const useRemovePrivateRegistration = () =>
  useCallMutation(competitionRegistrationCalls.removePrivate, { invalidates: refreshed() });
