import {
  cardLabel,
  declineSentence,
  isHardDecline,
  MAX_AUTOPAY_TRIES,
  merchantMessages,
  oldestFirst,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AutopayTrigger, autopayRuns, paymentAttempts, paymentCards } from '../../db/schema/payments';
import { type Book, lockBook, openInvoice, type Poster } from '../ledger';
import { type Attempt, createSaleAttempt, type PaymentsDeps, runSale, type Settled } from './attempts';
import { liveConsent } from './autopay-consent';
import { mailDeclined, mailMethodNeeded } from './autopay-mail';
import { dueBy } from './autopay-planning';
import { type CardRow, liveMethod } from './cards.service';
import { approvedMerchant } from './merchant';
import { autopaySurcharge } from './surcharge';

/**
 * The billing days' tries of a charge are numbered 1 to `MAX_AUTOPAY_TRIES` (decision 070); the studio's
 * own retries, and a new method's or a backup's charge once those are used up, are numbered after.
 */
const FIRST_STUDIO_TRY = MAX_AUTOPAY_TRIES + 1;

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

export type ChargeAsk = {
  companyId: string;
  familyId: string;
  dueOn: string;
  /** The try's number (a billing day's), or the next of the due date (`next`), or the studio's. */
  tryNo: number | 'next' | 'studio';
  /** Why the try is made; by default the billing day's (`scheduled` for try 1, else `retry`). */
  trigger?: AutopayTrigger;
  today: string;
  by: Poster;
  /** The web's address, for the mail's one-tap link. */
  appUrl?: string;
};

/** A skip for which the family is asked for a new method. */
const NEEDS_A_METHOD: ReadonlySet<AutopaySkip> = new Set(['noCard', 'cardUnusable']);

/** Tries that write no run when refused (nothing changed): the studio's and a new method's. */
const QUIET_WHEN_REFUSED: ReadonlySet<AutopayTrigger> = new Set(['studio', 'new_method']);

const triggerOf = (a: ChargeAsk, tryNo: number): AutopayTrigger =>
  a.trigger ?? (a.tryNo === 'studio' ? 'studio' : tryNo === 1 ? 'scheduled' : 'retry');

/**
 * One automatic charge of a family: its balance due today by its method on file (a card or a bank
 * account, decision 066). The run row, the attempt and its reconcile job are written in one transaction
 * with the family locked, before the processor is called; the same family, due date and try again (a job
 * run twice) finds its run and charges nothing. A hard decline marks the method unusable and charges the
 * family's consented backup at once, if it has one (decision 070).
 */
export async function chargeFamily(deps: PaymentsDeps, a: ChargeAsk): Promise<ChargeOutcome> {
  const { db, clock } = deps;
  const written = await db.transaction(async (tx) => {
    const book = await lockBook(tx, a.companyId, a.familyId);
    if (!book) return skipped('familyGone', 'The family no longer exists.');
    const tryNo = typeof a.tryNo === 'number' ? a.tryNo : await nextTry(tx, a);
    const [done] = await tx.select().from(autopayRuns).where(runIs(a, tryNo));
    if (done) return { kind: 'done' as const, run: done };
    const trigger = triggerOf(a, tryNo);
    const ready = await readyToCharge(tx, a, book, trigger);
    if (ready.kind === 'skipped') {
      if (!QUIET_WHEN_REFUSED.has(trigger))
        await writeRun(tx, a, tryNo, trigger, { result: 'skipped', reason: ready.reason });
      return ready;
    }
    const surcharge = await autopaySurcharge(
      tx,
      a.companyId,
      ready.method,
      ready.amount,
      ready.consentVersion,
    );
    const { attempt, replay } = await createSaleAttempt(tx, clock, {
      companyId: a.companyId,
      familyId: a.familyId,
      origin: trigger === 'studio' ? 'owner' : 'autopay',
      requestKey: `autopay:${a.familyId}:${a.dueOn}:${tryNo}`,
      invoiceId: openInvoice(book)?.id ?? null,
      picked: oldestFirst(book.charges.filter((c) => c.open > 0 && c.dueDate <= a.today)).map((c) => c.id),
      amount: ready.amount + surcharge,
      surcharge,
      card: {
        id: ready.method.id,
        instrumentId: ready.method.instrumentId,
        provider: ready.method.provider,
        kind: ready.method.kind,
      },
      by: a.by,
    });
    await writeRun(tx, a, tryNo, ready.trigger, {
      result: 'attempted',
      amount: ready.amount,
      attemptId: attempt.id,
      methodId: ready.method.id,
    });
    return { kind: 'attempt' as const, attempt, replay, tryNo, method: ready.method, trigger: ready.trigger };
  });
  if (written.kind === 'skipped') {
    if (NEEDS_A_METHOD.has(written.code) && triggerOf(a, 0) !== 'studio')
      await mailMethodNeeded(
        db,
        a,
        written.reason,
        written.code === 'cardUnusable' ? written.methodId : null,
      );
    return { kind: 'skipped', code: written.code, reason: written.reason };
  }
  if (written.kind === 'done')
    return { kind: 'skipped', code: 'tried', reason: 'This try was made already.' };
  const settled = written.replay ? await asIs(deps, written.attempt) : await runSale(deps, written.attempt);
  if (settled.state === 'failed') return afterDecline(deps, a, { ...written, settled });
  return { kind: 'attempted', attempt: written.attempt, settled, replay: written.replay };
}

/**
 * A decline: a hard one marks the method unusable; the family is told (once per try, with the next
 * try's day or the link to a new method); after a hard decline a consented backup is charged at once.
 */
async function afterDecline(
  deps: PaymentsDeps,
  a: ChargeAsk,
  w: {
    attempt: Attempt;
    settled: Extract<Settled, { state: 'failed' }>;
    replay: boolean;
    tryNo: number;
    method: CardRow;
    trigger: AutopayTrigger;
  },
): Promise<ChargeOutcome> {
  const hard = isHardDecline(w.settled.code);
  if (hard) await markUnusable(deps.db, w.method.id, w.settled.code);
  const backup = hard && w.trigger !== 'backup' ? await usableBackup(deps.db, a) : null;
  if (w.trigger !== 'studio') {
    await mailDeclined(deps.db, a, w.settled, {
      tryNo: w.tryNo,
      method: cardLabel(w.method),
      methodId: w.method.id,
      backup: backup ? cardLabel(backup) : null,
    });
  }
  const outcome = { kind: 'attempted' as const, attempt: w.attempt, settled: w.settled, replay: w.replay };
  if (!backup || w.replay) return outcome;
  const second = await chargeFamily(deps, { ...a, tryNo: 'next', trigger: 'backup' });
  return second.kind === 'attempted' ? second : outcome;
}

const skipped = (code: AutopaySkip, reason: string, methodId: string | null = null) => ({
  kind: 'skipped' as const,
  code,
  reason,
  methodId,
});

const runIs = (a: ChargeAsk, tryNo?: number) =>
  and(
    eq(autopayRuns.companyId, a.companyId),
    eq(autopayRuns.familyId, a.familyId),
    eq(autopayRuns.dueOn, a.dueOn),
    tryNo === undefined ? undefined : eq(autopayRuns.tryNo, tryNo),
  );

/**
 * The next try of the due date: after every try of it (a new method's or a backup's charge continues
 * the billing days' numbering while it has room); a studio's never below the studio's first.
 */
async function nextTry(tx: Db, a: ChargeAsk): Promise<number> {
  const runs = await tx.select({ n: autopayRuns.tryNo }).from(autopayRuns).where(runIs(a));
  const next = Math.max(0, ...runs.map((r) => r.n)) + 1;
  return a.tryNo === 'studio' ? Math.max(FIRST_STUDIO_TRY, next) : next;
}

/** Marks a method that must not be charged again (decision 066), keeping the first code. */
async function markUnusable(db: Db, methodId: string, code: string | null) {
  await db
    .update(paymentCards)
    .set({ unusableAt: sql`now()`, unusableCode: code ?? 'HARD_DECLINE' })
    .where(and(eq(paymentCards.id, methodId), isNull(paymentCards.unusableAt)));
}

/** The family's backup, live, consented to and usable, or null. */
async function usableBackup(db: Db, a: { companyId: string; familyId: string }): Promise<CardRow | null> {
  const backup = await liveMethod(db, a.companyId, a.familyId, 'backup');
  if (!backup || backup.backupConsentAt === null || backup.unusableAt !== null) return null;
  return (await lastHardDecline(db, backup)) ? null : backup;
}

/**
 * The method to charge: the primary, unless it must not be charged again (a hard decline), then the
 * consented backup (trigger `backup`); a `backup` try charges the backup only. Or why none.
 */
async function methodToCharge(tx: Db, a: ChargeAsk, trigger: AutopayTrigger) {
  const primary = trigger === 'backup' ? null : await liveMethod(tx, a.companyId, a.familyId);
  const hard = primary ? (primary.unusableCode ?? (await lastHardDecline(tx, primary))) : null;
  if (primary && hard === null) return { kind: 'ready' as const, method: primary, trigger };
  const backup = await usableBackup(tx, a);
  if (backup) {
    const asked: AutopayTrigger = trigger === 'studio' ? 'studio' : 'backup';
    return { kind: 'ready' as const, method: backup, trigger: asked };
  }
  if (!primary) return skipped('noCard', 'No card or bank account on file.');
  return skipped('cardUnusable', `${declineSentence(hard)} A new card is needed.`, primary.id);
}

/**
 * What the charge needs: consent (not asked of a studio's retry), a usable method and something due.
 * Answers the amount and the method, or why not.
 */
async function readyToCharge(tx: Db, a: ChargeAsk, book: Book, trigger: AutopayTrigger) {
  const consent = await liveConsent(tx, a.companyId, a.familyId);
  if (trigger !== 'studio') {
    if (!consent) return skipped('off', 'Automatic payments were turned off.');
    if (consent.pausedAt) return skipped('paused', 'Automatic payments are paused by the studio.');
  }
  const chosen = await methodToCharge(tx, a, trigger);
  if (chosen.kind === 'skipped') return chosen;
  const amount = dueBy(book, a.today);
  if (amount <= 0) return skipped('nothingDue', 'Nothing was due.');
  // No approved merchant of the studio: nothing is charged, and the studio's page says why.
  if (!(await approvedMerchant(tx, a.companyId, chosen.method.provider)))
    return skipped('noMerchant', merchantMessages.autopayNoMerchant);
  return {
    kind: 'ready' as const,
    amount,
    method: chosen.method,
    trigger: chosen.trigger,
    consentVersion: consent?.termsVersion ?? null,
  };
}

/** The try's row: what was attempted (by which method), or why it was skipped. */
function writeRun(
  tx: Db,
  a: ChargeAsk,
  tryNo: number,
  trigger: AutopayTrigger,
  what:
    | { result: 'skipped'; reason: string }
    | { result: 'attempted'; amount: number; attemptId: string; methodId: string },
) {
  return tx.insert(autopayRuns).values({
    companyId: a.companyId,
    familyId: a.familyId,
    dueOn: a.dueOn,
    tryNo,
    ranOn: a.today,
    trigger,
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

/** The code of the last sale of this method if it was a hard decline (the method is unusable). */
async function lastHardDecline(db: Db, card: CardRow): Promise<string | null> {
  const [last] = await db
    .select({ state: paymentAttempts.state, code: paymentAttempts.failureCode })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.cardId, card.id), eq(paymentAttempts.kind, 'sale')))
    .orderBy(sql`${paymentAttempts.createdAt} desc`)
    .limit(1);
  return last?.state === 'failed' && isHardDecline(last.code) ? last.code : null;
}
