import { closureCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** A closure saved or removed changes the closures listed and the meetings shown. */
const changes = { invalidates: [scopeOf(closureCalls.list), scopeOf(closureCalls.meetings)] };

/** The closures touching a period. */
export const useClosures = (from: string, to: string) =>
  useQuery({ ...callQuery(closureCalls.list, { query: { from, to } }), placeholderData: keepPreviousData });

/** The studio's class meetings in a period, each with its closure. */
export const useMeetings = (from: string, to: string) =>
  useQuery({
    ...callQuery(closureCalls.meetings, { query: { from, to } }),
    placeholderData: keepPreviousData,
  });

/** What a closure would cancel, asked once its days are valid. */
export const useClosurePreview = (
  query: { clSchID?: string; dateFrom: string; dateTo: string },
  enabled: boolean,
) => useCall(closureCalls.preview, { query }, { enabled });

export const useAddClosure = () => useCallMutation(closureCalls.add, changes);
export const useRemoveClosure = () => useCallMutation(closureCalls.remove, changes);
