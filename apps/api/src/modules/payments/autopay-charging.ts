import {
  AUTOPAY_TRIES,
  cardLabel,
  declineSentence,
  isHardDecline,
  merchantMessages,
  oldestFirst,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autopayRuns, paymentAttempts } from '../../db/schema/payments';
import { type Book, lockBook, openInvoice, type Poster } from '../ledger';
import { type Attempt, createSaleAttempt, type PaymentsDeps, runSale, type Settled } from './attempts';
import { liveConsent } from './autopay-consent';
import { mailAutopayTrouble, mailDeclined } from './autopay-mail';
import { dueBy } from './autopay-planning';
import { type CardRow, liveCard } from './cards.service';
import { approvedMerchant } from './merchant';
import { autopaySurcharge } from './surcharge';

/** Tries scheduled by the billing days are 1 to 3; the studio's own retries are numbered from 4. */
const FIRST_STUDIO_TRY = AUTOPAY_TRIES.length + 1;

/**
 * Why an automatic charge was not made (decision 045: decided on by this code, never by the sentence);
 * `reason` is the sentence the studio's page shows.
 */
export type AutopaySkip =
  | 'familyGone'
  | 'off'
  | 'paused'
  | 'noCard'
  | 'cardUnusable'
  | 'nothingDue'
  | 'noMerchant'
  | 'tried';

export type ChargeOutcome =
  | { kind: 'skipped'; code: AutopaySkip; reason: string }
  | { kind: 'attempted'; attempt: Attempt; settled: Settled; replay: boolean };

type ChargeAsk = {
  companyId: string;
  familyId: string;
  dueOn: string;
  tryNo: number | 'studio';
  today: string;
  by: Poster;
};

/** A skip for which the family is asked for a new card. */
const NEEDS_A_CARD: ReadonlySet<AutopaySkip> = new Set(['noCard', 'cardUnusable']);

/**
 * One automatic charge of a family: its balance due today by its card on file. The run row, the attempt
 * and its reconcile job are written in one transaction with the family locked, before the processor is
 * called; the same family, due date and try again (a job run twice) finds its run and charges nothing.
 */
export async function chargeFamily(deps: PaymentsDeps, a: ChargeAsk): Promise<ChargeOutcome> {
  const { db, clock } = deps;
  const written = await db.transaction(async (tx) => {
    const book = await lockBook(tx, a.companyId, a.familyId);
    if (!book) return skipped('familyGone', 'The family no longer exists.');
    const tryNo = a.tryNo === 'studio' ? await nextStudioTry(tx, a) : a.tryNo;
    const [done] = await tx.select().from(autopayRuns).where(runIs(a, tryNo));
    if (done) return { kind: 'done' as const, run: done };
    const ready = await readyToCharge(tx, a, book);
    if (ready.kind === 'skipped') {
      // A studio's retry refused (nothing due, no card) is answered, not listed: it changed nothing.
      if (a.tryNo !== 'studio') await writeRun(tx, a, tryNo, { result: 'skipped', reason: ready.reason });
      return ready;
    }
    const surcharge = await autopaySurcharge(tx, a.companyId, ready.card, ready.amount);
    const { attempt, replay } = await createSaleAttempt(tx, clock, {
      companyId: a.companyId,
      familyId: a.familyId,
      origin: a.tryNo === 'studio' ? 'owner' : 'autopay',
      requestKey: `autopay:${a.familyId}:${a.dueOn}:${tryNo}`,
      invoiceId: openInvoice(book)?.id ?? null,
      picked: oldestFirst(book.charges.filter((c) => c.open > 0 && c.dueDate <= a.today)).map((c) => c.id),
      amount: ready.amount + surcharge,
      surcharge,
      card: { id: ready.card.id, instrumentId: ready.card.instrumentId, provider: ready.card.provider },
      by: a.by,
    });
    await writeRun(tx, a, tryNo, { result: 'attempted', amount: ready.amount, attemptId: attempt.id });
    return { kind: 'attempt' as const, attempt, replay, tryNo, card: ready.card };
  });
  if (written.kind === 'skipped') {
    if (NEEDS_A_CARD.has(written.code)) {
      await mailAutopayTrouble(db, a, {
        card: '',
        amount: '',
        reason: written.reason,
        nextTry: '',
        newCardNeeded: true,
      });
    }
    return written;
  }
  if (written.kind === 'done') return skipped('tried', 'This try was made already.');
  const settled = written.replay ? await asIs(deps, written.attempt) : await runSale(deps, written.attempt);
  if (settled.state === 'failed' && a.tryNo !== 'studio') {
    await mailDeclined(db, a, settled, written.tryNo, cardLabel(written.card));
  }
  return { kind: 'attempted', attempt: written.attempt, settled, replay: written.replay };
}

const skipped = (code: AutopaySkip, reason: string) => ({ kind: 'skipped' as const, code, reason });

const runIs = (a: ChargeAsk, tryNo?: number) =>
  and(
    eq(autopayRuns.companyId, a.companyId),
    eq(autopayRuns.familyId, a.familyId),
    eq(autopayRuns.dueOn, a.dueOn),
    tryNo === undefined ? undefined : eq(autopayRuns.tryNo, tryNo),
  );

/** A studio's retry: numbered after every try of the due date, and never below the studio's first. */
async function nextStudioTry(tx: Db, a: ChargeAsk): Promise<number> {
  const runs = await tx.select({ n: autopayRuns.tryNo }).from(autopayRuns).where(runIs(a));
  return Math.max(FIRST_STUDIO_TRY, ...runs.map((r) => r.n + 1));
}

/**
 * What the charge needs: consent (not asked of a studio's retry), a usable card and something due.
 * Answers the amount and the card, or why not.
 */
async function readyToCharge(tx: Db, a: ChargeAsk, book: Book) {
  const consent = await liveConsent(tx, a.companyId, a.familyId);
  if (a.tryNo !== 'studio') {
    if (!consent) return skipped('off', 'Automatic payments were turned off.');
    if (consent.pausedAt) return skipped('paused', 'Automatic payments are paused by the studio.');
  }
  const card = await liveCard(tx, a.companyId, a.familyId);
  if (!card) return skipped('noCard', 'No card on file.');
  const hard = await lastHardDecline(tx, card);
  if (hard && a.tryNo !== 'studio') {
    return skipped('cardUnusable', `${declineSentence(hard)} A new card is needed.`);
  }
  const amount = dueBy(book, a.today);
  if (amount <= 0) return skipped('nothingDue', 'Nothing was due.');
  // No approved merchant of the studio: nothing is charged, and the studio's page says why.
  if (!(await approvedMerchant(tx, a.companyId, card.provider)))
    return skipped('noMerchant', merchantMessages.autopayNoMerchant);
  return { kind: 'ready' as const, amount, card };
}

/** The try's row: what was attempted, or why it was skipped. */
function writeRun(
  tx: Db,
  a: ChargeAsk,
  tryNo: number,
  what: { result: 'skipped'; reason: string } | { result: 'attempted'; amount: number; attemptId: string },
) {
  return tx.insert(autopayRuns).values({
    companyId: a.companyId,
    familyId: a.familyId,
    dueOn: a.dueOn,
    tryNo,
    ranOn: a.today,
    ...what,
  });
}

/** A replayed charge is answered from its attempt; it never calls the processor again. */
async function asIs(deps: PaymentsDeps, attempt: Attempt): Promise<Settled> {
  const [now] = await deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
  const a = now ?? attempt;
  if (a.state === 'succeeded') return { state: 'succeeded', attempt: a, paymentId: a.ledgerTxId! };
  if (a.state === 'failed')
    return { state: 'failed', attempt: a, code: a.failureCode, message: a.failureMessage };
  return { state: a.state === 'pending' ? 'pending' : 'unknown', attempt: a };
}

/** The code of the last automatic charge of this card if it was a hard decline (the card is unusable). */
async function lastHardDecline(db: Db, card: CardRow): Promise<string | null> {
  const [last] = await db
    .select({ state: paymentAttempts.state, code: paymentAttempts.failureCode })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.cardId, card.id), eq(paymentAttempts.kind, 'sale')))
    .orderBy(sql`${paymentAttempts.createdAt} desc`)
    .limit(1);
  return last?.state === 'failed' && isHardDecline(last.code) ? last.code : null;
}
