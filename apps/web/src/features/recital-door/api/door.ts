import { type BackstageInput, backstageCalls, doorCalls, type ScansInput } from '@pirouette/domain';
import { callApi, scopeOf, useCall } from '../../../lib/call';

export const doorScopes = [scopeOf(doorCalls.page), scopeOf(backstageCalls.page)];

/** A show's door: counts, the latest scans, its tickets for the offline check. */
export const useDoor = (showId: string) =>
  useCall(doorCalls.page, { params: { showId } }, { refetchInterval: 30_000 });
export const sendScans = (showId: string, body: ScansInput) =>
  callApi(doorCalls.scan, { params: { showId }, body });

/** A show's numbers and dancers backstage. */
export const useBackstage = (showId: string) =>
  useCall(backstageCalls.page, { params: { showId } }, { refetchInterval: 30_000 });
export const sendBackstage = (showId: string, body: BackstageInput) =>
  callApi(backstageCalls.sign, { params: { showId }, body });
