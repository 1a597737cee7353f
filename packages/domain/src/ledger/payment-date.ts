import { compareDates, type DateOnly } from '../dates';
import { formatDateOnly } from '../format';
import { ledgerMessages } from './labels';

/**
 * The day a desk payment says it was received (issue 31 item 10, decision 037): at most the studio's
 * today, and not before the family's account was opened (its creation, as a day in the studio's zone).
 * The sentence that refuses it, or null. Today is always allowed, even when the clocks disagree on which
 * came first (the family's row is stamped by the database, today by the server).
 */
export function paymentDateProblem(
  receivedOn: DateOnly,
  bounds: { today: DateOnly; opened: DateOnly },
): string | null {
  if (compareDates(receivedOn, bounds.today) > 0)
    return ledgerMessages.paymentInFuture(formatDateOnly(bounds.today));
  const opened = compareDates(bounds.opened, bounds.today) > 0 ? bounds.today : bounds.opened;
  if (compareDates(receivedOn, opened) < 0) return ledgerMessages.paymentBeforeFamily(formatDateOnly(opened));
  return null;
}
