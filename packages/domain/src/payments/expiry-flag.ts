import { type DateOnly, dayNumber } from '../dates';
import { cardExpiry } from './rules';

/**
 * A card that will have expired by the family's next automatic charge (issue 37 item 4, decision 071):
 * the family is told at least 7 days before that charge. The flag is raised from `EXPIRY_FLAG_DAYS`
 * before the due date (a day in hand over the 7), and on any later day up to it when auto-pay was turned
 * on late; a card renewed in the meantime (the account updater) has its new expiry and is not flagged.
 */
export const EXPIRY_FLAG_DAYS = 8;

/** Whether the card can no longer be charged on `dueOn` (it is good through its expiry month's last day). */
export const expiredBy = (card: { expMonth: number; expYear: number }, dueOn: DateOnly) =>
  cardExpiry(card, dueOn) === 'expired';

/** Whether the family should be told today that its card will have expired by its next charge. */
export function flagExpiryBeforeCharge(
  card: { expMonth: number; expYear: number },
  nextDue: DateOnly,
  today: DateOnly,
): boolean {
  const daysLeft = dayNumber(nextDue) - dayNumber(today);
  return daysLeft >= 0 && daysLeft <= EXPIRY_FLAG_DAYS && expiredBy(card, nextDue);
}
