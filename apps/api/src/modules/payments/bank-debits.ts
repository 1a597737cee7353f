import { cardLabel, centsText, formatDateOnly, isReturnCode, returnGroupOf } from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts, paymentCards, paymentReturns } from '../../db/schema/payments';
import { enqueueJob } from '../../jobs/define';
import type { Clock } from '../../lib/clock';
import {
  type Book,
  clearBankPayment,
  findPosted,
  type LedgerCtx,
  lockBook,
  postCharge,
  queueReceipt,
  recordPayment,
  reversePayment,
  studioMoneySettings,
  studioToday,
} from '../ledger';
import { paymentJobs } from './jobs';
import type { PaymentProvider, Transfer } from './provider';

/**
 * Bank debits booked (issue 37, decision 067). A debit the processor took (PENDING) is booked at once as
 * a payment of method `bank`, in bank debits in transit, under `bank:<attempt>`: the family's balance
 * counts it as paid, and the payment shows pending. When the processor settles it (SUCCEEDED) its money
 * moves to the processor's clearing (`clearBankPayment`, `cleared:<attempt>`); when the bank returns it
 * (FAILED with Nacha's code while pending, or a REVERSAL the processor makes after it settled) the
 * return is booked once, whoever reports it first (the request, the reconciler, a webhook): one
 * `payment_returns` row (unique by attempt), the payment reversed (its charges open again), the
 * studio's returned-payment fee posted once (`returned:<payment>`), and the return's follow-up queued
 * (`payments.return-follow-up`, decision 068's), all in one transaction holding the attempt and the
 * family's books. A return while pending ends the attempt `failed` with the code; a late return leaves
 * it `succeeded` (it did succeed) and the return row says what followed.
 */

type Deps = { db: Db; provider: PaymentProvider; clock: Clock };
type Attempt = typeof paymentAttempts.$inferSelect;

/** Structurally the attempts' `Settled`. */
export type BankSettled =
  | { state: 'succeeded'; attempt: Attempt; paymentId: string; book?: Book }
  | { state: 'failed'; attempt: Attempt; code: string | null; message: string | null }
  | { state: 'pending'; attempt: Attempt };

const finalOf = (attempt: Attempt): BankSettled | null => {
  if (attempt.state === 'succeeded') return { state: 'succeeded', attempt, paymentId: attempt.ledgerTxId! };
  if (attempt.state === 'failed') {
    return { state: 'failed', attempt, code: attempt.failureCode, message: attempt.failureMessage };
  }
  return null;
};

/** Books a bank debit's transfer for its attempt (PENDING, SUCCEEDED or returned), once. */
export async function settleBankDebit(
  deps: Deps,
  attemptId: string,
  transfer: Transfer,
): Promise<BankSettled> {
  const { db, clock } = deps;
  const [first] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (!first) throw new Error(`payments: no attempt ${attemptId}`);
  const today = await studioToday(db, first.companyId, clock);
  return db.transaction(async (tx): Promise<BankSettled> => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId))
      .for('update');
    if (!attempt) throw new Error(`payments: no attempt ${attemptId}`);
    if (transfer.idempotencyId !== null && transfer.idempotencyId !== attempt.id) {
      throw new Error(`payments: transfer ${transfer.id} is not attempt ${attempt.id}'s`);
    }
    const done = finalOf(attempt);
    if (done) return done;
    const returned = transfer.state === 'FAILED' && isReturnCode(transfer.failureCode);
    // Refused outright (never taken): nothing booked, as a declined card.
    if (!returned && (transfer.state === 'FAILED' || transfer.state === 'CANCELED') && !attempt.ledgerTxId) {
      const row = await finish(tx, attempt.id, {
        state: 'failed',
        transferId: transfer.id,
        failureCode: transfer.failureCode ?? (transfer.state === 'CANCELED' ? 'CANCELED' : null),
        failureMessage: transfer.failureMessage,
      });
      return { state: 'failed', attempt: row, code: row.failureCode, message: row.failureMessage };
    }
    if (transfer.amount !== attempt.amount) {
      throw new Error(
        `payments: transfer ${transfer.id} is ${transfer.amount}, attempt ${attempt.id} ${attempt.amount}`,
      );
    }
    const book = await lockBook(tx, attempt.companyId, attempt.familyId);
    if (!book) throw new Error(`payments: attempt ${attempt.id} could not be booked (family gone?)`);
    const ctx = ledgerCtx(tx, attempt, today);
    const paymentId = await bookTaken(ctx, book, attempt, transfer.state !== 'FAILED');
    if (transfer.state === 'PENDING') {
      const row = await finish(tx, attempt.id, {
        state: 'pending',
        transferId: transfer.id,
        ledgerTxId: paymentId,
      });
      return { state: 'pending', attempt: row };
    }
    if (transfer.state === 'SUCCEEDED') {
      await clearBankPayment(ctx, book, paymentId);
      const row = await finish(tx, attempt.id, {
        state: 'succeeded',
        transferId: transfer.id,
        ledgerTxId: paymentId,
        failureCode: null,
        failureMessage: null,
      });
      return { state: 'succeeded', attempt: row, paymentId, book };
    }
    const code = transfer.failureCode ?? 'RETURNED';
    await bookReturn(ctx, book, attempt, paymentId, {
      transferId: transfer.id,
      code,
      message: transfer.failureMessage,
    });
    const row = await finish(tx, attempt.id, {
      state: 'failed',
      transferId: transfer.id,
      ledgerTxId: paymentId,
      failureCode: code,
      failureMessage: transfer.failureMessage,
    });
    return { state: 'failed', attempt: row, code, message: row.failureMessage };
  });
}

/**
 * A settled bank debit returned late (the processor's REVERSAL with Nacha's code, decision 067): booked
 * once as a return. Answers what was done, in a word.
 */
export async function bankReturnedLate(deps: Deps, sale: Attempt, reversal: Transfer): Promise<string> {
  const { db, clock } = deps;
  if (reversal.state !== 'SUCCEEDED') return 'pending';
  const today = await studioToday(db, sale.companyId, clock);
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, sale.id))
      .for('update');
    if (!attempt?.ledgerTxId) return 'ignored';
    const book = await lockBook(tx, attempt.companyId, attempt.familyId);
    if (!book) return 'ignored';
    const ctx = ledgerCtx(tx, attempt, today);
    const code = reversal.failureCode ?? 'RETURNED';
    const made = await bookReturn(ctx, book, attempt, attempt.ledgerTxId, {
      transferId: reversal.id,
      code,
      message: reversal.failureMessage,
    });
    return made ? `returned ${code}` : 'duplicate';
  });
}

function ledgerCtx(tx: Db, attempt: Attempt, today: string): LedgerCtx {
  return {
    tx,
    companyId: attempt.companyId,
    familyId: attempt.familyId,
    today,
    by: attempt.createdBy
      ? { userId: attempt.createdBy, name: attempt.createdByName }
      : { system: attempt.createdByName },
  };
}

/** The debit's payment, booked when the processor took it (`bank:<attempt>`), or found booked before. */
async function bookTaken(ctx: LedgerCtx, book: Book, attempt: Attempt, receipt: boolean): Promise<string> {
  const key = `bank:${attempt.id}`;
  const found = await findPosted(ctx.tx, attempt.companyId, key);
  if (found) return found;
  const reference = await accountOf(ctx.tx, attempt);
  const picked = attempt.picked.filter((id) => book.charges.some((c) => c.id === id && c.open > 0));
  const paymentId = await recordPayment(ctx, book, {
    method: 'bank',
    total: attempt.amount,
    reference,
    picked: attempt.picked.length > 0 ? picked : undefined,
    receivedOn: ctx.today,
    invoiceId: attempt.invoiceId,
    key,
    reason: attempt.origin === 'autopay' ? 'Automatic bank debit' : 'Bank debit',
  });
  if (!paymentId) throw new Error(`payments: attempt ${attempt.id} could not be booked`);
  // A debit whose first news is its return is booked and reversed at once: no receipt for it.
  if (receipt)
    await queueReceipt(ctx.tx, { companyId: attempt.companyId, familyId: attempt.familyId, paymentId, book });
  return paymentId;
}

/**
 * One return of a debit: its row (unique by attempt: a second report finds it and does nothing), the
 * payment reversed, the returned-payment fee posted once, the follow-up queued. Null when reported before.
 */
async function bookReturn(
  ctx: LedgerCtx,
  book: Book,
  attempt: Attempt,
  paymentId: string,
  r: { transferId: string; code: string; message: string | null },
): Promise<string | null> {
  const [row] = await ctx.tx
    .insert(paymentReturns)
    .values({
      companyId: attempt.companyId,
      familyId: attempt.familyId,
      attemptId: attempt.id,
      transferId: r.transferId,
      code: r.code,
      group: returnGroupOf(r.code),
      amount: attempt.amount,
      returnedOn: ctx.today,
    })
    .onConflictDoNothing()
    .returning({ id: paymentReturns.id });
  if (!row) return null;
  const payment = book.payments.find((p) => p.id === paymentId);
  const why = `Bank debit of ${centsText(attempt.amount)}${payment ? ` taken ${formatDateOnly(payment.receivedOn)}` : ''} returned by the bank (${r.code}${r.message ? `: ${r.message}` : ''})`;
  const reversalTxId =
    payment && !payment.returned
      ? await reversePayment(ctx, book, paymentId, { kind: 'bounce', reason: why })
      : null;
  const settings = await studioMoneySettings(ctx.tx, ctx.companyId);
  const fee = settings.bouncedCheckFee.amount;
  const feeTxId =
    fee > 0
      ? await postCharge(ctx, book, {
          category: 'returned_check',
          item: 'Returned payment fee',
          amount: fee,
          dueDate: ctx.today,
          lines: [
            { label: `Bank debit of ${centsText(attempt.amount)} returned unpaid (${r.code})`, amount: fee },
          ],
          key: `returned:${paymentId}`,
          reason: why,
        })
      : null;
  await ctx.tx.update(paymentReturns).set({ reversalTxId, feeTxId }).where(eq(paymentReturns.id, row.id));
  await enqueueJob(ctx.tx, paymentJobs.returnFollowUp, {
    key: row.id,
    companyId: attempt.companyId,
    payload: { returnId: row.id },
  });
  return row.id;
}

/** "Bank account •••• 6789", as the payment's reference. */
async function accountOf(tx: Db, attempt: Attempt): Promise<string> {
  if (!attempt.cardId) return 'Bank account';
  const [method] = await tx
    .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(eq(paymentCards.id, attempt.cardId));
  return method ? cardLabel(method) : 'Bank account';
}

async function finish(tx: Db, id: string, set: Partial<Attempt>): Promise<Attempt> {
  const [row] = await tx
    .update(paymentAttempts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.id, id))
    .returning();
  return row!;
}
