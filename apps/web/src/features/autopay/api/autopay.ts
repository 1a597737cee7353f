import { accountCalls, autopayCalls, cardCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * Auto-pay's calls as the screens make them (issue 17 point 5, decision 028): the owner's "Payments
 * auto charge" page with its retry and pause, and the family's own switch on the portal.
 */

/** Every read of the owner's page, whatever its page of runs. */
export const autopayPageScope = () => scopeOf(autopayCalls.page);

/** The family's auto-pay on the portal. */
export const familyAutopayScope = () => scopeOf(autopayCalls.familyAutopay);

/**
 * A charge now moves the family's money: its panel and every account read (all under
 * `mystudio/account`), every transaction read, and the page itself (its runs, totals and next charges).
 */
const afterCharge = () => [autopayPageScope(), scopeOf(accountCalls.info), ['transactions']];

export const RUNS_PAGE_SIZE = 25;

/** The page with one page of past runs; a turned page keeps the last one on screen meanwhile. */
export const useAutopayPage = (page: number) =>
  useQuery({
    ...callQuery(autopayCalls.page, { query: { page, pageSize: RUNS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** Charges a family's balance due today to its card on file now (a try numbered from 4). */
export const useChargeNow = () => useCallMutation(autopayCalls.retry, { invalidates: afterCharge });

/** Pauses or resumes a family's automatic payments. */
export const usePauseAutopay = () =>
  useCallMutation(autopayCalls.pause, { invalidates: [autopayPageScope()] });

/** The family's auto-pay: on or off, paused, the authorization to read, the next charge. */
export const useFamilyAutopay = () => useCall(autopayCalls.familyAutopay);

export const useSetFamilyAutopay = () =>
  useCallMutation(autopayCalls.setFamilyAutopay, { invalidates: [familyAutopayScope()] });

/**
 * The authorization names the card on file, and removing the card turns auto-pay off: when the
 * portal's card changes (saved, replaced, removed), the family's auto-pay is read again. This only
 * watches the card's query, which the payment method card fetches; it never fetches it itself.
 */
export function useAutopayFollowsCard() {
  const queryClient = useQueryClient();
  const card = useQuery({ ...callQuery(cardCalls.cardOnFile), enabled: false });
  const cardId = card.data === undefined ? undefined : (card.data.card?.id ?? null);
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (cardId === undefined) return;
    if (seen.current !== undefined && seen.current !== cardId)
      void queryClient.invalidateQueries({ queryKey: familyAutopayScope() });
    seen.current = cardId;
  }, [cardId, queryClient]);
}
