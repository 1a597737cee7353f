import { LIST_REFRESH_THROTTLE_MS, locationCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every location query: a change to a location or a room refreshes them all. */
const locations = scopeOf(locationCalls.list);

/** 002 §4: locations are fetched again at most once a minute; a write of ours refreshes them at once. */
export const useLocations = () =>
  useCall(locationCalls.list, undefined, { staleTime: LIST_REFRESH_THROTTLE_MS });

export const useCreateLocation = () => useCallMutation(locationCalls.add, { invalidates: [locations] });
export const useUpdateLocation = () => useCallMutation(locationCalls.edit, { invalidates: [locations] });
export const useDeleteLocation = () => useCallMutation(locationCalls.remove, { invalidates: [locations] });

export const useCreateRoom = () => useCallMutation(locationCalls.addRoom, { invalidates: [locations] });
export const useUpdateRoom = () => useCallMutation(locationCalls.editRoom, { invalidates: [locations] });
export const useDeleteRoom = () => useCallMutation(locationCalls.removeRoom, { invalidates: [locations] });
