import { centsText, ledgerMessages as text } from '@pirouette/domain';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Book, BookPayment } from './book';

/**
 * What of a payment can still be given back (issue 31 items 1 and 7, decision 037): the one rule every
 * refund of a payment passes, whatever its destination (cash, check, terminal, credit, or back to the
 * card through the processor), read under the family's lock by the caller, which holds it until its
 * refund is written (booked, or written as a card refund's attempt).
 *
 * Refundable = what the payment paid, less its refunds booked and its card refunds under way (sent or
 * about to be sent to the processor, not yet confirmed): a refund to cash and one to the card of the same
 * money cannot both pass. Of an item: only money paid on a settled item goes back; an item with
 * something still open is lowered by waiving or removing it, or by a credit, never by a refund.
 */

/** A card refund of the payment the processor has not confirmed yet (its attempt created, unknown or pending). */
export type RefundUnderWay = { chargeId: string | null; total: number };

export type RefundAsk = {
  paymentId: string;
  chargeId: string | null;
  total: number;
  to: 'cash' | 'check' | 'terminal' | 'card' | 'credit';
};

const sum = (xs: readonly { total: number }[]) => xs.reduce((s, x) => s + x.total, 0);

/** Refunds of the payment without an item (its money held as credit, given back), booked. */
export const unallocatedRefunded = (book: Book, paymentId: string) =>
  sum(book.refunds.filter((f) => f.paymentId === paymentId && !f.chargeId));

/** What the payment paid of a charge (net of its releases). */
export const paidByPayment = (book: Book, paymentId: string, chargeId: string) =>
  book.allocations
    .filter((a) => a.chargeId === chargeId && a.paymentId === paymentId)
    .reduce((s, a) => s + a.amount, 0);

/**
 * Checks a refund against what is left of the payment; throws the sentence that refuses it. Answers the
 * payment refunded.
 */
export function checkRefund(book: Book, r: RefundAsk, underWay: readonly RefundUnderWay[]): BookPayment {
  if (!Number.isInteger(r.total) || r.total <= 0) throw unprocessable(text.refundNothing);
  const p = book.payments.find((x) => x.id === r.paymentId && x.method !== 'credit');
  if (!p) throw notFound(text.paymentNotFound);
  if (p.returned) throw conflict(text.alreadyReturned);
  // A bank debit in transit may still come back: refunded once it has cleared (decision 067).
  if (p.pending) throw unprocessable(text.bankPending);
  const available = Math.max(0, p.total - p.refunded - sum(underWay));
  if (r.chargeId) {
    const c = book.charges.find((x) => x.id === r.chargeId);
    if (!c) throw notFound(text.itemNotFound);
    if (!c.removed && c.open > 0) throw unprocessable(text.refundOpenItem(centsText(c.open)));
    const refundedOfIt = sum(book.refunds.filter((f) => f.chargeId === c.id && f.paymentId === p.id));
    const pendingOfIt = sum(underWay.filter((u) => u.chargeId === c.id));
    const ofItem = Math.max(0, paidByPayment(book, p.id, c.id) - refundedOfIt - pendingOfIt);
    if (r.total > ofItem && ofItem < available)
      throw unprocessable(text.refundItemTooLarge(centsText(ofItem)));
    if (r.total > available) throw unprocessable(text.refundTooLarge(centsText(available)));
    return p;
  }
  if (r.to === 'credit') throw unprocessable(text.refundCreditAsCredit);
  const pendingHeld = sum(underWay.filter((u) => u.chargeId === null));
  const held = Math.max(
    0,
    Math.min(book.credit, p.total - p.applied - unallocatedRefunded(book, p.id)) - pendingHeld,
  );
  const most = Math.min(held, available);
  if (r.total > most) throw unprocessable(text.refundTooLarge(centsText(most)));
  return p;
}
