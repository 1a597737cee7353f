import { cardLabel, cardMessages } from '@pirouette/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AttemptState,
  type CardUse,
  type MethodKind,
  paymentAttempts,
  paymentCards,
  paymentReturns,
} from '../../db/schema/payments';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, unprocessable } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import type { Clock } from '../../lib/clock';
import {
  type Book,
  findPosted,
  lockBook,
  type Poster,
  posterName,
  queueReceipt,
  recordPayment,
  studioToday,
} from '../ledger';
import { bankReturnedLate, settleBankDebit } from './bank-debits';
import { paymentJobs } from './jobs';
import { approvedMerchant, refusalSentence } from './merchant';
import { type PaymentProvider, ProviderError, type Transfer } from './provider';
import { postSurcharge } from './surcharge';
import { keepTypedCard } from './typed-card';

/**
 * Card money moves through attempts (decision 028). An attempt is written and committed before the
 * processor is called, and its id is the idempotency id the processor gets: the same attempt is the
 * same call, and what became of it can always be looked up. Its reconcile job is queued with it, so an
 * attempt whose answer was lost (a timeout, the server stopped between the processor's answer and our
 * commit) is settled by the reconciler, which looks the transfer up and never charges again. At most one
 * sale a family is in flight (a unique index): two tabs, a double click and auto-pay charge once.
 */

export type PaymentsDeps = { db: Db; provider: PaymentProvider; clock: Clock };

export type Attempt = typeof paymentAttempts.$inferSelect;

/** Its outcome as the caller tells it: booked, refused with the processor's reason, or not known yet. */
export type Settled =
  | {
      state: 'succeeded';
      attempt: Attempt;
      paymentId: string;
      /** The family's books as booking it left them, read under its lock (absent when booked before). */
      book?: Book;
    }
  | { state: 'failed'; attempt: Attempt; code: string | null; message: string | null }
  | { state: 'pending' | 'unknown'; attempt: Attempt };

/** How often the reconciler looks at a bank debit in transit: daily (decision 067). */
const BANK_LOOK_MS = 24 * 60 * 60_000;
/**
 * How long a cleared bank debit is watched for a late return (Nacha: an unauthorized debit may come back
 * within 60 days of settling), counted from the debit: daily for its first two weeks, weekly after, so a
 * return is heard even where no webhook arrives (`npm run jobs -- --until`).
 */
const LATE_RETURN_WINDOW_MS = 66 * BANK_LOOK_MS;
const DAILY_LATE_LOOKS_MS = 14 * BANK_LOOK_MS;
/** The reconciler's first look, after the call's own timeout has long passed. */
const FIRST_LOOK_MS = 2 * 60_000;
/**
 * How long a processor without any record of an attempt is believed: after this, the attempt is taken
 * as not charged (and booked all the same should the transfer ever show up, by its webhook).
 */
const NO_RECORD_AFTER_MS = 10 * 60_000;
export const NO_RECORD = 'NO_RECORD';
/** An attempt written before merchants were per studio, never sent (decision 049). */
const NO_MERCHANT = 'NO_MERCHANT';

export type SaleArgs = {
  companyId: string;
  familyId: string;
  origin: 'checkout' | 'autopay' | 'owner' | 'represent';
  requestKey: string | null;
  invoiceId: string | null;
  picked: string[];
  amount: number;
  /** The method charged (decision 066): a card (by default) or a bank account, by its row and instrument. */
  card: { id: string; instrumentId: string; provider: string; kind?: MethodKind };
  /** The card surcharge included in `amount` (a credit card only; decision 069). */
  surcharge?: number;
  /** A returned debit presented again: its first debit and which presentment this is (2 or 3). */
  represents?: { firstAttemptId: string; presentment: number };
  /** The card on file (by default), or one typed at checkout, for this sale only or to be saved. */
  cardUse?: CardUse;
  by: Poster;
  /** The caller looked `requestKey` up already in this transaction, under the family's lock. */
  requestLookedUp?: boolean;
};

/**
 * Writes a sale attempt in the caller's transaction (the family locked) and queues its reconcile job.
 * The same request again finds its attempt (`replay`); another sale in flight for the family is refused.
 */
export async function createSaleAttempt(
  tx: Db,
  clock: Clock,
  a: SaleArgs,
): Promise<{ attempt: Attempt; replay: boolean }> {
  const existing =
    a.requestKey && !a.requestLookedUp ? await attemptByRequest(tx, a.companyId, a.requestKey) : null;
  if (existing) return { attempt: existing, replay: true };
  // The studio's own approved merchant, recorded with the attempt before the processor hears of it.
  const merchantId = await approvedMerchant(tx, a.companyId, a.card.provider);
  if (!merchantId) throw unprocessable(await refusalSentence(tx, a.companyId, 'noMerchant'));
  let row: Attempt | undefined;
  try {
    [row] = await tx
      .insert(paymentAttempts)
      .values({
        companyId: a.companyId,
        familyId: a.familyId,
        provider: a.card.provider,
        kind: 'sale',
        origin: a.origin,
        requestKey: a.requestKey,
        invoiceId: a.invoiceId,
        picked: a.picked,
        amount: a.amount,
        cardId: a.card.id,
        cardUse: a.cardUse ?? 'on_file',
        instrumentId: a.card.instrumentId,
        method: a.card.kind ?? 'card',
        surcharge: a.surcharge ?? 0,
        firstAttemptId: a.represents?.firstAttemptId ?? null,
        presentment: a.represents?.presentment ?? 1,
        merchantId,
        createdBy: 'userId' in a.by ? a.by.userId : null,
        createdByName: posterName(a.by),
        // The reconciler measures how long the processor has had no record of it by the same clock.
        createdAt: clock.now(),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(cardMessages.inFlight, 'card_in_flight');
    throw error;
  }
  await enqueueJob(tx, paymentJobs.reconcile, {
    key: row!.id,
    companyId: a.companyId,
    runAt: new Date(clock.now().getTime() + FIRST_LOOK_MS),
    payload: { attemptId: row!.id },
  });
  return { attempt: row!, replay: false };
}

/** The sale a request asked for, if it was written. */
export async function attemptByRequest(
  db: Db,
  companyId: string,
  requestKey: string,
): Promise<Attempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.companyId, companyId),
        eq(paymentAttempts.kind, 'sale'),
        eq(paymentAttempts.requestKey, requestKey),
      ),
    );
  return row ?? null;
}

/**
 * Calls the processor for a written sale and books its answer. The processor's outcome never throws:
 * a decline comes back failed, a call without an answer leaves the attempt unknown for the reconciler.
 */
export async function runSale(deps: PaymentsDeps, attempt: Attempt): Promise<Settled> {
  if (!attempt.merchantId) {
    return fail(
      deps.db,
      attempt.id,
      NO_MERCHANT,
      'No merchant was recorded for this payment: nothing was charged.',
    );
  }
  let transfer: Transfer;
  try {
    transfer = await deps.provider.sale({
      merchantId: attempt.merchantId,
      instrumentId: attempt.instrumentId,
      amount: attempt.amount,
      idempotencyId: attempt.id,
      tags: { attempt: attempt.id, family: attempt.familyId, studio: attempt.companyId },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'unavailable')
      return { state: 'unknown', attempt: await moveTo(deps.db, attempt.id, 'unknown') };
    // The id was used already: the first call's outcome is the answer.
    if (error.kind === 'conflict') return lookUp(deps, attempt);
    return fail(deps.db, attempt.id, error.code, error.message);
  }
  return settle(deps, attempt.id, transfer);
}

/** Settles an attempt from what the processor holds under its idempotency id (the reconciler's look). */
export async function lookUp(deps: PaymentsDeps, attempt: Attempt): Promise<Settled> {
  let transfer: Transfer | null;
  try {
    transfer =
      attempt.transferId !== null
        ? await deps.provider.getTransfer(attempt.transferId)
        : await deps.provider.findTransfer(attempt.id);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unavailable') {
      return { state: 'unknown', attempt: await moveTo(deps.db, attempt.id, 'unknown', { looked: true }) };
    }
    throw error;
  }
  if (transfer) return settle(deps, attempt.id, transfer);
  const age = deps.clock.now().getTime() - attempt.createdAt.getTime();
  if (age >= NO_RECORD_AFTER_MS && attempt.lookups >= 1) {
    return fail(
      deps.db,
      attempt.id,
      NO_RECORD,
      'The card processor has no record of this payment: nothing was charged.',
    );
  }
  return { state: 'unknown', attempt: await moveTo(deps.db, attempt.id, 'unknown', { looked: true }) };
}

/**
 * Books a transfer's outcome for its attempt, once: one transaction holding the attempt's row and the
 * family's books. A SUCCEEDED sale is recorded as a card payment keyed by the attempt (so never twice,
 * whoever settles it: the request, the reconciler, a webhook) with its receipt; FAILED or CANCELED ends
 * the attempt with the processor's reason; PENDING waits for the reconciler or the webhook.
 */
export async function settle(deps: PaymentsDeps, attemptId: string, transfer: Transfer): Promise<Settled> {
  const { db, clock } = deps;
  const [first] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (!first) throw new Error(`payments: no attempt ${attemptId}`);
  // A bank debit is booked when taken, cleared or returned later (bank-debits.ts, decision 067).
  if (first.method === 'bank') return settleBankDebit(deps, attemptId, transfer);
  const today = await studioToday(db, first.companyId, clock);
  // The card on file a typed card replaced, disabled at the processor once we have committed.
  let replaced: string | null = null;
  const settled = await db.transaction(async (tx): Promise<Settled> => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId))
      .for('update');
    if (!attempt) throw new Error(`payments: no attempt ${attemptId}`);
    if (transfer.idempotencyId !== null && transfer.idempotencyId !== attempt.id) {
      throw new Error(`payments: transfer ${transfer.id} is not attempt ${attempt.id}'s`);
    }
    if (attempt.state === 'succeeded') {
      return { state: 'succeeded', attempt, paymentId: attempt.ledgerTxId! };
    }
    // Final, except a "no record" failure: money that shows up after all is booked, never lost.
    if (
      attempt.state === 'failed' &&
      !(attempt.failureCode === NO_RECORD && transfer.state === 'SUCCEEDED')
    ) {
      return { state: 'failed', attempt, code: attempt.failureCode, message: attempt.failureMessage };
    }
    if (transfer.state === 'PENDING') {
      const [row] = await tx
        .update(paymentAttempts)
        .set({ state: 'pending', transferId: transfer.id, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, attempt.id))
        .returning();
      return { state: 'pending', attempt: row! };
    }
    if (transfer.state !== 'SUCCEEDED') {
      const [row] = await tx
        .update(paymentAttempts)
        .set({
          state: 'failed',
          transferId: transfer.id,
          failureCode: transfer.failureCode ?? (transfer.state === 'CANCELED' ? 'CANCELED' : null),
          failureMessage: transfer.failureMessage,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, attempt.id))
        .returning();
      return { state: 'failed', attempt: row!, code: row!.failureCode, message: row!.failureMessage };
    }
    if (transfer.amount !== attempt.amount) {
      throw new Error(
        `payments: transfer ${transfer.id} is ${transfer.amount}, attempt ${attempt.id} ${attempt.amount}`,
      );
    }
    const book = await lockBook(tx, attempt.companyId, attempt.familyId);
    const key = `card:${attempt.id}`;
    let paymentId = await findPosted(tx, attempt.companyId, key);
    let booked: Book | undefined;
    if (!paymentId && book) {
      const ctx = {
        tx,
        companyId: attempt.companyId,
        familyId: attempt.familyId,
        today,
        // The attempt kept who made it, name and all: the book's copy of the payment shows it.
        by: attempt.createdBy
          ? { userId: attempt.createdBy, name: attempt.createdByName }
          : { system: attempt.createdByName },
      };
      const card = await cardOf(tx, attempt);
      // A credit card's surcharge is the studio's charge on the same bill, paid with the items (decision 069).
      const surchargeId = await postSurcharge(ctx, book, attempt, card);
      const picked = [...attempt.picked, ...(surchargeId ? [surchargeId] : [])].filter((id) =>
        book.charges.some((c) => c.id === id && c.open > 0),
      );
      paymentId = await recordPayment(ctx, book, {
        method: 'card',
        total: attempt.amount,
        reference: card,
        picked: attempt.picked.length > 0 ? picked : undefined,
        receivedOn: today,
        invoiceId: attempt.invoiceId,
        key,
        reason: attempt.origin === 'autopay' ? 'Automatic card payment' : 'Card payment',
      });
      // The book read under the lock, as recording the payment left it: not read again (decision 053).
      booked = book;
      if (paymentId) {
        await queueReceipt(tx, { companyId: attempt.companyId, familyId: attempt.familyId, paymentId, book });
      }
    }
    if (!paymentId) throw new Error(`payments: attempt ${attempt.id} could not be booked (family gone?)`);
    // A card typed at checkout to be saved is the card on file now that it paid (the family is locked).
    replaced = await keepTypedCard(tx, attempt);
    const [row] = await tx
      .update(paymentAttempts)
      .set({
        state: 'succeeded',
        transferId: transfer.id,
        ledgerTxId: paymentId,
        failureCode: null,
        failureMessage: null,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAttempts.id, attempt.id))
      .returning();
    return { state: 'succeeded', attempt: row!, paymentId, book: booked };
  });
  if (replaced) await deps.provider.disableInstrument(replaced).catch(() => undefined);
  return settled;
}

/** "Visa •••• 4242", as the payment's reference. */
async function cardOf(tx: Db, attempt: Attempt): Promise<string> {
  if (!attempt.cardId) return 'Card';
  const [card] = await tx
    .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(eq(paymentCards.id, attempt.cardId));
  return card ? cardLabel(card) : 'Card';
}

/**
 * Writes `set` on an attempt still unsettled (created, unknown, pending), so a state only moves forward;
 * answers the attempt as it now stands either way.
 */
export async function moveForward(
  db: Db,
  id: string,
  set: Partial<Omit<Attempt, 'lookups'>> & { lookups?: ReturnType<typeof sql> },
): Promise<Attempt> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.state, ['created', 'unknown', 'pending'])))
    .returning();
  return row ?? (await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0]!;
}

/** Leaves an unsettled attempt `state` (unknown or pending), counting a look-up when there was one. */
const moveTo = (
  db: Db,
  id: string,
  state: Extract<AttemptState, 'unknown' | 'pending'>,
  opts: { looked?: boolean } = {},
) => moveForward(db, id, { state, ...(opts.looked ? { lookups: sql`${paymentAttempts.lookups} + 1` } : {}) });

async function fail(db: Db, id: string, code: string | null, message: string | null): Promise<Settled> {
  const attempt = await moveForward(db, id, { state: 'failed', failureCode: code, failureMessage: message });
  if (attempt.state === 'succeeded') return { state: 'succeeded', attempt, paymentId: attempt.ledgerTxId! };
  return { state: 'failed', attempt, code: attempt.failureCode, message: attempt.failureMessage };
}

/**
 * The reconciler's look at one sale: done when it is settled; otherwise it looks the transfer up, and
 * throws to be run again later (the runner's backoff) while the outcome is not known.
 */
export async function reconcileSale(deps: PaymentsDeps, attempt: Attempt): Promise<AttemptState> {
  if (attempt.method === 'bank' && attempt.state === 'succeeded') return lookForLateReturn(deps, attempt);
  if (attempt.state === 'succeeded' || attempt.state === 'failed') return attempt.state;
  const settled = await lookUp(deps, attempt);
  // A bank debit in transit is looked at again the next day, until it clears or is returned (decision 067).
  if (settled.state === 'pending' && attempt.method === 'bank') {
    await nextBankLook(deps, attempt, BANK_LOOK_MS);
    return 'pending';
  }
  if (settled.state === 'succeeded' && attempt.method === 'bank')
    await nextBankLook(deps, attempt, BANK_LOOK_MS);
  if (settled.state === 'unknown' || settled.state === 'pending') {
    throw new Error(`card payment ${attempt.id} not settled yet (${settled.state}): looked up again later`);
  }
  return settled.state;
}

/** The reconciler's next look at a bank debit, `after` from now, keyed by its day (once a day at most). */
async function nextBankLook(deps: PaymentsDeps, attempt: Attempt, after: number): Promise<void> {
  const next = new Date(deps.clock.now().getTime() + after);
  await enqueueJob(deps.db, paymentJobs.reconcile, {
    key: `${attempt.id}:${next.toISOString().slice(0, 10)}`,
    companyId: attempt.companyId,
    runAt: next,
    payload: { attemptId: attempt.id },
  });
}

/**
 * A cleared bank debit looked at for a late return (decision 067): the processor's own REVERSAL of it,
 * carrying Nacha's code and none of our idempotency ids, is booked as its return (once: the return's
 * unique row); otherwise looked at again while the return window lasts.
 */
async function lookForLateReturn(deps: PaymentsDeps, attempt: Attempt): Promise<AttemptState> {
  if (!attempt.transferId) return attempt.state;
  const [returned] = await deps.db
    .select({ id: paymentReturns.id })
    .from(paymentReturns)
    .where(eq(paymentReturns.attemptId, attempt.id));
  if (returned) return attempt.state;
  const reversals = await deps.provider.reversalsOf(attempt.transferId);
  const late = reversals.find((r) => r.idempotencyId === null && r.failureCode !== null);
  if (late) {
    await bankReturnedLate(deps, attempt, late);
    return attempt.state;
  }
  // Measured from the debit's day (written by the product's clock), a few business days before it cleared.
  const age = deps.clock.now().getTime() - attempt.createdAt.getTime();
  if (age < LATE_RETURN_WINDOW_MS)
    await nextBankLook(deps, attempt, age < DAILY_LATE_LOOKS_MS ? BANK_LOOK_MS : 7 * BANK_LOOK_MS);
  return attempt.state;
}
