import { cardCalls, ledgerCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * Card payments' calls as the screens make them (issue 17, decision 028): the parent's card on file,
 * saving and removing it, paying by it; the owner's view of a family's card. A payment reaches every
 * figure of the family's money the portal shows (its balance, bills, credit and statement).
 */

/** The parent's card on file, and how the browser tokenizes a new one. */
export const cardScope = () => scopeOf(cardCalls.cardOnFile);

/** What a card payment changes: the money card, the bills read by id or listed, the credit, the statement. */
export const afterCardPayment = () => [
  scopeOf(ledgerCalls.parentMoney),
  scopeOf(ledgerCalls.parentStatement),
  ['transactions'],
];

/**
 * The parent's money: balance, past due, credit, the current bill with its items explained and its
 * payments. What the checkout pays, and what the portal's money card (parent-money) shows, read from here.
 */
export const useParentMoney = () => useCall(ledgerCalls.parentMoney);

export const useCardOnFile = (enabled = true) => useCall(cardCalls.cardOnFile, undefined, { enabled });

export const useSaveCard = () => useCallMutation(cardCalls.saveCard, { invalidates: [cardScope()] });

export const useRemoveCard = () => useCallMutation(cardCalls.removeCard, { invalidates: [cardScope()] });

/**
 * Pays by the card on file or another; the family's money is read again whatever the outcome said, and
 * the card on file too (another card may have been saved with its payment).
 */
export const useAuthorize = () =>
  useCallMutation(cardCalls.authorize, { invalidates: () => [...afterCardPayment(), cardScope()] });

/** A family's card on file, as the owner sees it on the account overview. */
export const useFamilyCard = (id: string) =>
  useCall(cardCalls.familyCard, { params: { id } }, { enabled: id !== '' });

export const useRemoveFamilyCard = (id: string) =>
  useCallMutation(cardCalls.removeFamilyCard, { invalidates: [scopeOf(cardCalls.familyCard, { id })] });

/** The families a card limit stopped, latest first (the owner's dashboard). */
export const useCardLimitHits = (page: number, pageSize: number) =>
  useCall(cardCalls.limitHits, { query: { page, pageSize } });
