import { authCalls, paymentSystemCalls, tuitionPriceCalls, yearTermCalls } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every year-term query, their counts included. */
const yearTerms = scopeOf(yearTermCalls.list);
/** The session carries the current term. */
const session = scopeOf(authCalls.me);
/** A term's payment plans are built from its dates. */
const paymentSystem = scopeOf(paymentSystemCalls.get);
/** A term's class and private prices. */
const tuition = [scopeOf(tuitionPriceCalls.classes), scopeOf(tuitionPriceCalls.privates)];

export const useYearTerms = (enabled = true) => useCall(yearTermCalls.list, undefined, { enabled });

/**
 * What each term holds; asked for only when an owner is about to change the current term, and fresher
 * than the terms themselves, since classes and families change on other pages.
 */
export const useYearTermCounts = (enabled: boolean) =>
  useCall(yearTermCalls.counts, undefined, { enabled, staleTime: 30_000 });

/** A new term; the server generates its payment plans with it. */
export const useCreateYearTerm = () => useCallMutation(yearTermCalls.add, { invalidates: [yearTerms] });

/** New dates rebuild the term's payment plans; the session shows the current term's name. */
export const useUpdateYearTerm = () =>
  useCallMutation(yearTermCalls.edit, { invalidates: [yearTerms, session, paymentSystem] });

/** Its tuition prices and payment plans go with it. */
export const useDeleteYearTerm = () =>
  useCallMutation(yearTermCalls.remove, { invalidates: [yearTerms, ...tuition, paymentSystem] });

/**
 * Makes a term the studio's current one; the body's `expectedID` is the term the owner saw as current
 * when they confirmed: if another owner changed it meanwhile, the server refuses instead of undoing
 * their choice. The session carries the term, so it is fetched again after a refusal as well (the owner
 * then sees the term that is current now): hence on settling, where `invalidates` acts on success only.
 */
export function useSetCurrentYearTerm() {
  const queryClient = useQueryClient();
  return useCallMutation(yearTermCalls.setCurrent, {
    onSettled: () =>
      Promise.all([yearTerms, session].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
