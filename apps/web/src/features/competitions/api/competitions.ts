import {
  competitionCompanyCalls,
  competitionEntryCalls,
  competitionEventCalls,
  competitionLocationCalls,
} from '@pirouette/domain';
import { useCall, useCallMutation } from '../../../lib/call';

/**
 * The competition calls as the owner's screens make them (issue 19, decision 031). Every read sits
 * under `mystudio/competition`, and a company's list counts its locations and events, a location its
 * events, an event its entries: a change refreshes the whole area, which is a handful of small reads.
 */

const all = () => [['mystudio', 'competition']];

export const useCompetitionCompanies = () => useCall(competitionCompanyCalls.list);
export const useAddCompetitionCompany = () =>
  useCallMutation(competitionCompanyCalls.add, { invalidates: all() });
export const useEditCompetitionCompany = () =>
  useCallMutation(competitionCompanyCalls.edit, { invalidates: all() });
export const useRemoveCompetitionCompany = () =>
  useCallMutation(competitionCompanyCalls.remove, { invalidates: all() });

export const useCompetitionLocations = (companyId: string | null) =>
  useCall(
    competitionLocationCalls.ofCompany,
    { params: { companyId: companyId ?? '' } },
    { enabled: !!companyId },
  );
export const useAddCompetitionLocation = () =>
  useCallMutation(competitionLocationCalls.add, { invalidates: all() });
export const useEditCompetitionLocation = () =>
  useCallMutation(competitionLocationCalls.edit, { invalidates: all() });
export const useRemoveCompetitionLocation = () =>
  useCallMutation(competitionLocationCalls.remove, { invalidates: all() });

export const useAddEventWithEntries = () =>
  useCallMutation(competitionEventCalls.addWithEntries, { invalidates: all() });
export const useEditCompetitionEvent = () =>
  useCallMutation(competitionEventCalls.edit, { invalidates: all() });
export const useRemoveCompetitionEvent = () =>
  useCallMutation(competitionEventCalls.remove, { invalidates: all() });

export const useEventEntries = (eventId: string | null) =>
  useCall(competitionEntryCalls.ofEvent, { params: { eventId: eventId ?? '' } }, { enabled: !!eventId });
export const useAddCompetitionEntry = () =>
  useCallMutation(competitionEntryCalls.add, { invalidates: all() });
export const useEditCompetitionEntry = () =>
  useCallMutation(competitionEntryCalls.edit, { invalidates: all() });
export const useRemoveCompetitionEntry = () =>
  useCallMutation(competitionEntryCalls.remove, { invalidates: all() });
