import { recitalFeeCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCallMutation } from '../../../lib/call';

/** Every fee query of a recital: a change refreshes them all (every page). */
const feesOf = (id: string) => scopeOf(recitalFeeCalls.overview, { id });

/** The recital's fee page: settings, totals, a page of 50 rows; the last page stays shown meanwhile. */
export const useFeeOverview = (id: string, page: number) =>
  useQuery({
    ...callQuery(recitalFeeCalls.overview, { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useSaveFeeSettings = (id: string) =>
  useCallMutation(recitalFeeCalls.settings, { invalidates: [feesOf(id)] });

export const usePostFees = (id: string) =>
  useCallMutation(recitalFeeCalls.post, { invalidates: [feesOf(id)] });
