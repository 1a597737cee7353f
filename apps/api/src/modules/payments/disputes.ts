import { formatDateOnly } from '@pirouette/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autopayConsents, paymentAttempts, paymentDisputes } from '../../db/schema/payments';
import { type LedgerCtx, lockBook, postCharge, recordPayment, removeCharge, reversePayment } from '../ledger';
import type { Book, BookPayment } from '../ledger/book';
import { studioToday } from '../ledger/ledger.service';
import { findPosted } from '../ledger/post';
import type { Attempt, PaymentsDeps } from './attempts';
import type { Dispute } from './provider';

/**
 * Disputes of card payments (issue 17 point 6, decision 028 point 10). When a cardholder disputes a
 * payment, the processor takes the money back from the studio at once; the product marks the payment
 * disputed (which blocks its refunds) and posts the debit to the family's books: the payment is taken
 * back and what it paid is open again. If the studio wins, the money returns and so does the payment;
 * if it loses, the debit stands. Applied from the dispute as the processor describes it now (never from
 * an event's body), so events sent twice or out of order come to the same books.
 */

/** What the books hold of a dispute, as `applyDispute` leaves it. */
export type DisputeOutcome = 'opened' | 'won' | 'lost' | 'unchanged';

const OPEN_STATES = new Set(['PENDING', 'INQUIRY']);

/** Who paused a family's auto-pay when a payment was disputed. */
export const DISPUTE_PAUSE = 'Card dispute';

/** Why a consent is paused, as the answers tell it: by the studio, or by a dispute. */
export const pausedFor = (
  consent: { pausedAt: unknown; pausedByName: string | null } | null | undefined,
): 'studio' | 'dispute' | null =>
  consent?.pausedAt == null ? null : consent.pausedByName === DISPUTE_PAUSE ? 'dispute' : 'studio';

/** Whether a dispute's money is taken back (open or lost), or returned (won). */
const takesMoney = (state: string) => OPEN_STATES.has(state) || state === 'LOST';

const debitKey = (disputeId: string) => `dispute:${disputeId}`;
const returnKey = (disputeId: string) => `dispute-won:${disputeId}`;

/**
 * Records a dispute of a booked card sale and brings the family's books in line with its state, in one
 * transaction under the family's lock. The debit is posted once (the payment taken back, or, for a
 * payment partly refunded already, an item of what was not refunded), and given back once when the
 * studio wins; a dispute first seen won posts nothing.
 */
export async function applyDispute(
  deps: PaymentsDeps,
  sale: Attempt,
  dispute: Dispute,
): Promise<DisputeOutcome> {
  const { db, clock } = deps;
  const today = await studioToday(db, sale.companyId, clock);
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, sale.companyId, sale.familyId);
    if (!book) return 'unchanged';
    const [known] = await tx
      .select()
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.provider, sale.provider), eq(paymentDisputes.disputeId, dispute.id)))
      .for('update');
    const row =
      known ??
      (
        await tx
          .insert(paymentDisputes)
          .values({
            companyId: sale.companyId,
            familyId: sale.familyId,
            provider: sale.provider,
            disputeId: dispute.id,
            attemptId: sale.id,
            transferId: dispute.transferId,
            state: dispute.state,
            amount: dispute.amount,
            reason: dispute.reason,
          })
          .returning()
      )[0]!;
    const ctx: LedgerCtx = {
      tx,
      companyId: sale.companyId,
      familyId: sale.familyId,
      today,
      by: { system: 'Card processor' },
    };
    const payment = book.payments.find((p) => p.id === sale.ledgerTxId);
    let debitId = row.ledgerTxId;
    let moved = false;
    if (takesMoney(dispute.state) && debitId === null && payment && !payment.returned) {
      // A payment the studio took back already holds nothing more to take.
      debitId = await postDebit(ctx, book, payment, dispute, await refundsOf(tx, sale.id));
      moved = debitId !== null;
      // Auto-pay would charge the card again what its holder just disputed: paused until the studio
      // resumes it (the owner's auto-charge page).
      if (moved) {
        await tx
          .update(autopayConsents)
          .set({ pausedAt: sql`now()`, pausedByName: DISPUTE_PAUSE })
          .where(
            and(
              eq(autopayConsents.companyId, sale.companyId),
              eq(autopayConsents.familyId, sale.familyId),
              isNull(autopayConsents.withdrawnAt),
              isNull(autopayConsents.pausedAt),
            ),
          );
      }
    }
    if (dispute.state === 'WON' && debitId !== null)
      moved = (await giveBack(ctx, book, debitId, dispute)) || moved;
    const changed = row.state !== dispute.state || row.amount !== dispute.amount;
    if (changed || debitId !== row.ledgerTxId) {
      await tx
        .update(paymentDisputes)
        .set({
          state: dispute.state,
          amount: dispute.amount,
          reason: dispute.reason,
          ledgerTxId: debitId,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentDisputes.id, row.id));
    }
    if (!moved && !changed && known) return 'unchanged';
    return dispute.state === 'WON' ? 'won' : dispute.state === 'LOST' ? 'lost' : 'opened';
  });
}

/** What of a sale went back to the card or is on its way (a refund sent, not yet confirmed). */
async function refundsOf(tx: Db, saleId: string): Promise<number> {
  const rows = await tx
    .select({ amount: paymentAttempts.amount })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.parentId, saleId),
        eq(paymentAttempts.kind, 'refund'),
        inArray(paymentAttempts.state, ['created', 'unknown', 'pending', 'succeeded']),
      ),
    );
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

const reasonText = (reason: string | null) => (reason ? ` (reason ${reason})` : '');

/**
 * The processor took the money back: the payment is taken back, so what it paid is open again; when
 * part of it went back to the card already or is on its way (a reversal takes a payment back whole),
 * what was not refunded is owed again as an item. Null when the books had it already.
 */
function postDebit(
  ctx: LedgerCtx,
  book: Book,
  payment: BookPayment,
  dispute: Dispute,
  refunds: number,
): Promise<string | null> {
  const on = formatDateOnly(payment.receivedOn);
  const why = `The cardholder disputed the card payment of ${on}${reasonText(dispute.reason)}: the card processor took the money back.`;
  if (payment.refunded === 0 && refunds === 0)
    return reversePayment(ctx, book, payment.id, { kind: 'dispute', reason: why });
  const amount = Math.min(dispute.amount, payment.total - Math.max(payment.refunded, refunds));
  return postCharge(ctx, book, {
    category: 'other',
    item: `Disputed card payment of ${on}`,
    amount,
    dueDate: ctx.today,
    lines: [{ label: `Card payment of ${on} taken back by the card processor`, amount }],
    key: debitKey(dispute.id),
    reason: why,
  });
}

/**
 * The studio won: the money the debit took is given back to the family's books, once. A payment taken
 * back comes back as a card payment again; a disputed item is removed.
 */
async function giveBack(ctx: LedgerCtx, book: Book, debitId: string, dispute: Dispute): Promise<boolean> {
  const why = `The studio won the dispute${reasonText(dispute.reason)}: the card processor returned the money.`;
  if (await findPosted(ctx.tx, ctx.companyId, returnKey(dispute.id))) return false;
  const item = book.charges.find((c) => c.id === debitId);
  if (item) {
    if (item.removed) return false;
    return (await removeCharge(ctx, book, item.id, why)) !== null;
  }
  // The debit was the payment taken back (its reversal's id is not a charge): the payment again.
  const taken = book.payments.find((p) => p.returned?.id === debitId);
  if (!taken) return false;
  const id = await recordPayment(ctx, book, {
    method: 'card',
    total: taken.total,
    reference: taken.reference,
    receivedOn: ctx.today,
    invoiceId: null,
    key: returnKey(dispute.id),
    reason: why,
  });
  return id !== null;
}

/** The disputes of a family's card payments, by the ledger payment they dispute. */
export async function disputesByPayment(
  db: Db,
  companyId: string,
  familyId: string,
): Promise<Map<string, { state: string; amount: number; reason: string | null; openedOn: string }>> {
  const rows = await db
    .select({
      paymentId: paymentAttempts.ledgerTxId,
      state: paymentDisputes.state,
      amount: paymentDisputes.amount,
      reason: paymentDisputes.reason,
      createdAt: paymentDisputes.createdAt,
    })
    .from(paymentDisputes)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentDisputes.attemptId))
    .where(and(eq(paymentDisputes.companyId, companyId), eq(paymentDisputes.familyId, familyId)));
  return new Map(
    rows
      .filter((r) => r.paymentId !== null)
      .map((r) => [
        r.paymentId!,
        {
          state: r.state,
          amount: r.amount,
          reason: r.reason,
          openedOn: r.createdAt.toISOString().slice(0, 10),
        },
      ]),
  );
}
