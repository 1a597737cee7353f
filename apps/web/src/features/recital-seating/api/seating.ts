import { seatingCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

const scopes = [scopeOf(seatingCalls.get)];

/** A recital's seating, prices and sales settings. */
export const useSeating = (recitalId: string) => useCall(seatingCalls.get, { params: { id: recitalId } });
export const useSaveSeating = () => useCallMutation(seatingCalls.save, { invalidates: scopes });
export const useSaveSales = () => useCallMutation(seatingCalls.sales, { invalidates: scopes });
