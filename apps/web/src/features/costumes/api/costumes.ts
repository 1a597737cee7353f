import {
  costumeAssignmentCalls,
  costumeCompanyCalls,
  costumeMeasurementCalls,
  costumeSettingsCalls,
  costumeStyleCalls,
  danceNumberCalls,
} from '@pirouette/domain';
import { queryKeyOf, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The costume calls as the owner's screens make them (issue 18, decision 029). Every costume read sits
 * under `mystudio/costumes`, so a change refreshes what it touches by path.
 */

const companies = () => scopeOf(costumeCompanyCalls.list);
const styles = () => scopeOf(costumeStyleCalls.ofNumber);
const assigned = () => scopeOf(costumeAssignmentCalls.assigned);
const settings = () => scopeOf(costumeSettingsCalls.get);
/** An assignment moves the family's money: their account reads and the transactions too. */
const money = () => [['mystudio', 'account'], ['transactions']];

export const useCostumeCompanies = () => useCall(costumeCompanyCalls.list);
export const useAddCompany = () => useCallMutation(costumeCompanyCalls.add, { invalidates: [companies()] });
export const useEditCompany = () => useCallMutation(costumeCompanyCalls.edit, { invalidates: [companies()] });
export const useRemoveCompany = () =>
  useCallMutation(costumeCompanyCalls.remove, { invalidates: [companies()] });

export const useSizeChart = (id: string | null) =>
  useCall(costumeCompanyCalls.sizeChart, { params: { id: id ?? '' } }, { enabled: !!id });
export const useSaveSizeChart = () =>
  useCallMutation(costumeCompanyCalls.saveSizeChart, { invalidates: [companies(), assigned()] });

export const useCostumeSettings = () => useCall(costumeSettingsCalls.get);
export const useSaveCostumeSettings = () =>
  useCallMutation(costumeSettingsCalls.save, { invalidates: [settings()] });

export const useNumberStyles = (dncNumID: string | null) =>
  useCall(costumeStyleCalls.ofNumber, { params: { dncNumID: dncNumID ?? '' } }, { enabled: !!dncNumID });
export const useAddStyle = () =>
  useCallMutation(costumeStyleCalls.addV2, { invalidates: [styles(), assigned(), companies()] });
export const useRemoveStyle = () =>
  useCallMutation(costumeStyleCalls.removeReference, { invalidates: [styles(), assigned(), companies()] });

export const useAssigned = (dncNumID: string | null) =>
  useCall(costumeAssignmentCalls.assigned, { params: { dncNumID: dncNumID ?? '' } }, { enabled: !!dncNumID });
export const useSizePriceAssign = () =>
  useCallMutation(costumeAssignmentCalls.sizePriceAssign, {
    invalidates: [assigned(), styles(), ...money()],
  });
export const useAssign = () =>
  useCallMutation(costumeAssignmentCalls.assign, { invalidates: [assigned(), ...money()] });
export const useUnassign = () =>
  useCallMutation(costumeAssignmentCalls.unassign, { invalidates: [assigned(), ...money()] });

export const useAddMeasurements = () =>
  useCallMutation(costumeMeasurementCalls.add, {
    invalidates: (input) => [assigned(), queryKeyOf(costumeMeasurementCalls.list, { params: input.params })],
  });

/** The current term's dance numbers with their class, in the week's order: one call. */
export function useDanceNumbers() {
  const query = useCall(danceNumberCalls.ofTerm, { query: {} });
  const numbers = (query.data?.numbers ?? []).map((n) => ({
    id: n.id,
    name: n.name,
    className: n.className,
    genre: n.genre,
    costume: n.costume === 1,
    dancers: n.dancers,
    styles: n.costumeStyles,
  }));
  return { numbers, pending: query.isPending, error: query.error, refetch: () => void query.refetch() };
}
export type DanceNumberChoice = ReturnType<typeof useDanceNumbers>['numbers'][number];
