import { compareDates, type DateOnly, makeDate } from '../dates';

/**
 * Card payments' rules (issue 17, decision 028): what a processor's decline means to a parent, which
 * declines are worth trying again, when a card is flagged as expiring, and when auto-pay tries again.
 */

/**
 * Declines that trying again will not cure: the card itself is unusable. Auto-pay stops and asks the
 * family for a new card; every other decline (funds, a bank's refusal) is tried again on the retry
 * schedule (retry-schedule.ts, decision 070).
 */
const HARD_DECLINES = new Set([
  'EXPIRED_CARD',
  'INVALID_CARD',
  'INVALID_CARD_NUMBER',
  'CARD_LOST_OR_STOLEN',
  'LOST_OR_STOLEN_CARD',
  'LOST_CARD',
  'STOLEN_CARD',
  'PICKUP_CARD',
  'CARD_NOT_SUPPORTED',
  'INVALID_ACCOUNT',
  'ACCOUNT_CLOSED',
]);

export const isHardDecline = (code: string | null): boolean => code !== null && HARD_DECLINES.has(code);

/** A decline in plain words, for the parent at checkout and the owner's auto-pay page. */
export function declineSentence(code: string | null): string {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'The card was declined: there are not enough funds on it.';
    case 'EXPIRED_CARD':
      return 'The card has expired: add a new card.';
    case 'INVALID_CARD':
    case 'INVALID_CARD_NUMBER':
      return 'The card was declined as not valid: check it or add another card.';
    case 'CARD_LOST_OR_STOLEN':
    case 'LOST_OR_STOLEN_CARD':
    case 'LOST_CARD':
    case 'STOLEN_CARD':
    case 'PICKUP_CARD':
      return 'The card was reported lost or stolen: add another card.';
    case 'CANCELED':
    case 'CANCELLED':
      return 'The card processor cancelled the payment: nothing was charged.';
    case 'CALL_ISSUER':
    case 'DO_NOT_HONOR':
    case 'GENERIC_DECLINE':
      return "The card was declined by the card's bank.";
    default:
      return "The card was declined by the card's bank.";
  }
}

/** A card by its brand and last four: "Visa •••• 4242". */
export const cardLabel = (card: { brand: string; last4: string }) => `${card.brand} •••• ${card.last4}`;

/**
 * A card's standing on a day: good through the last day of its expiry month; flagged from the first day
 * of the month before (a month ahead); expired after.
 */
export function cardExpiry(
  card: { expMonth: number; expYear: number },
  today: DateOnly,
): 'ok' | 'soon' | 'expired' {
  const lastMonth = makeDate(card.expYear, card.expMonth, 1);
  const afterLast =
    card.expMonth === 12 ? makeDate(card.expYear + 1, 1, 1) : makeDate(card.expYear, card.expMonth + 1, 1);
  const flagFrom =
    card.expMonth === 1 ? makeDate(card.expYear - 1, 12, 1) : makeDate(card.expYear, card.expMonth - 1, 1);
  if (compareDates(today, afterLast) >= 0) return 'expired';
  if (compareDates(today, flagFrom) >= 0 || compareDates(today, lastMonth) >= 0) return 'soon';
  return 'ok';
}

/** The month (`YYYY-MM`) a card expires, as kept to tell a family once. */
export const expiryMonthOf = (card: { expMonth: number; expYear: number }) =>
  `${card.expYear}-${String(card.expMonth).padStart(2, '0')}`;
