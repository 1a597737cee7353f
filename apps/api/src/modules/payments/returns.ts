import {
  cardLabel,
  centsText,
  dateInZone,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
  type ReturnFollowUp,
  returnFollowUp,
  returnSentence,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { paymentAttempts, paymentCards, paymentReturns } from '../../db/schema/payments';
import { AppError } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import { logFamily } from '../../kernel/family-log';
import type { Clock } from '../../lib/clock';
import { enqueueMail } from '../../mail/outbox';
import { familyAddress, instantAt, lockBook, openInvoice, readBook } from '../ledger';
import { type Attempt, createSaleAttempt, type PaymentsDeps, runSale } from './attempts';
import { recoveryLink } from './autopay-mail';
import { paymentJobs } from './jobs';

/**
 * What follows a returned bank debit (issue 37 item 2, decision 068). Decision 067 books the return in
 * one transaction (the `payment_returns` row, the payment reversed, the fee posted) and queues
 * `payments.return-follow-up`; its handler, `followUpReturn`, tells the family once and either queues
 * the debit's re-presentment (a return for funds, within Nacha's limits: `returnFollowUp` in the domain)
 * or marks the bank account unusable and asks for another method. `presentAgain`, the re-presentment's
 * job, writes the new debit for what the family still owes and sends it. Every write is keyed: a job run
 * twice changes nothing.
 */

/** The studio's morning: a re-presentment is due at this hour of its day, studio time. */
export const REPRESENT_HOUR = 9;
/** The outbox's key of a return's mail: the family is told once. */
export const returnMailKey = (returnId: string) => `return:${returnId}`;
/** Where the family adds a payment method: its portal's home, with the payment methods' card. */
export const paymentMethodsLink = (appUrl: string) => recoveryLink(appUrl, 'method');

type ReturnRow = typeof paymentReturns.$inferSelect;
type MethodRow = typeof paymentCards.$inferSelect;

/** A return with the debit that came back, its method, its first debit's date and the studio's zone. */
type ReturnCase = {
  ret: ReturnRow;
  debit: Attempt;
  firstAttemptId: string;
  firstDebitOn: string;
  method: MethodRow | null;
  zone: string;
};

async function returnCase(db: Db, returnId: string): Promise<ReturnCase | null> {
  const [ret] = await db.select().from(paymentReturns).where(eq(paymentReturns.id, returnId));
  if (!ret) return null;
  const [debit] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, ret.attemptId), eq(paymentAttempts.companyId, ret.companyId)));
  if (!debit) throw new Error(`payments: return ${returnId} has no debit ${ret.attemptId}`);
  const firstAttemptId = debit.firstAttemptId ?? debit.id;
  const [first] =
    firstAttemptId === debit.id
      ? [debit]
      : await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, firstAttemptId));
  const [studio] = await db
    .select({ zone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, ret.companyId));
  const zone = studio?.zone ?? 'America/New_York';
  const [method] = debit.cardId
    ? await db.select().from(paymentCards).where(eq(paymentCards.id, debit.cardId))
    : [];
  return {
    ret,
    debit,
    firstAttemptId,
    firstDebitOn: dateInZone((first ?? debit).createdAt, zone),
    method: method ?? null,
    zone,
  };
}

/** What the follow-up did. */
export type FollowUpOutcome =
  | { kind: 'gone' }
  | { kind: 'represent'; on: string; presentment: number; told: boolean }
  | { kind: 'new_method'; why: string; told: boolean };

/** The follow-up decided: the domain's rule, and no re-presentment to a method removed or unusable. */
export function followUpOf(c: ReturnCase): ReturnFollowUp | { kind: 'new_method'; why: 'method' } {
  const plan = returnFollowUp({
    code: c.ret.code,
    presentment: c.debit.presentment,
    firstDebitOn: c.firstDebitOn,
    returnedOn: c.ret.returnedOn,
  });
  if (plan.kind === 'represent' && (!c.method || c.method.removedAt || c.method.unusableAt))
    return { kind: 'new_method', why: 'method' };
  return plan;
}

/**
 * The return's follow-up job: in one transaction (the return's row locked, so two runners queue and tell
 * once), the re-presentment queued under its key or the method marked unusable, and the family's mail
 * under `return:<id>`.
 */
export async function followUpReturn(
  deps: { db: Db; clock: Clock; appUrl: string },
  returnId: string,
): Promise<FollowUpOutcome> {
  const c = await returnCase(deps.db, returnId);
  if (!c) return { kind: 'gone' };
  const plan = followUpOf(c);
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ id: paymentReturns.id })
      .from(paymentReturns)
      .where(eq(paymentReturns.id, returnId))
      .for('update');
    if (plan.kind === 'represent') {
      await enqueueJob(tx, paymentJobs.represent, {
        key: `${c.firstAttemptId}:${plan.presentment}`,
        companyId: c.ret.companyId,
        runAt: instantAt(plan.on, REPRESENT_HOUR, c.zone),
        payload: { returnId, firstAttemptId: c.firstAttemptId, presentment: plan.presentment },
      });
    } else if (plan.why !== 'method' && c.method) {
      // Never debited again: auto-pay and the checkout read `unusable_at` (decision 066).
      await tx
        .update(paymentCards)
        .set({ unusableAt: deps.clock.now(), unusableCode: c.ret.code })
        .where(and(eq(paymentCards.id, c.method.id), isNull(paymentCards.unusableAt)));
    }
    const told = await mailReturn(tx, c, {
      presentOn: plan.kind === 'represent' ? plan.on : null,
      appUrl: deps.appUrl,
    });
    return plan.kind === 'represent'
      ? { kind: 'represent', on: plan.on, presentment: plan.presentment, told }
      : { kind: 'new_method', why: plan.why, told };
  });
}

/** The family's mail about the return, once (its key), and the family's log when it was sent. */
async function mailReturn(
  tx: Db,
  c: ReturnCase,
  a: { presentOn: string | null; appUrl: string },
): Promise<boolean> {
  const { companyId, familyId } = c.ret;
  const address = await familyAddress(tx, companyId, familyId);
  if (!address?.to) return false;
  const book = await readBook(tx, companyId, familyId);
  const fee = c.ret.feeTxId ? (book.charges.find((x) => x.id === c.ret.feeTxId)?.total ?? 0) : 0;
  const sent = await enqueueMail(tx, {
    template: 'bank-debit-returned',
    to: address.to,
    companyId,
    key: returnMailKey(c.ret.id),
    data: {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      account: c.method ? cardLabel(c.method) : 'your bank account',
      amount: centsText(c.ret.amount),
      debitOn: formatDateOnly(dateInZone(c.debit.createdAt, c.zone)),
      reason: returnSentence(c.ret.code),
      fee: fee > 0 ? centsText(fee) : '',
      balance: centsText(book.balance),
      presentOn: a.presentOn ? formatDateOnly(a.presentOn) : '',
      link: paymentMethodsLink(a.appUrl),
    },
  });
  if (!sent) return false;
  await logFamily(tx, {
    actor: { userId: null, companyId },
    familyId,
    action: FAMILY_LOG_ACTIONS.emailSent,
    detail: { kind: 'bankReturn', to: address.to, subject: sent.subject },
  });
  return true;
}

/** What the re-presentment did: a debit written (and sent), one there already, or nothing, and why. */
export type RepresentOutcome =
  | { kind: 'sent'; attempt: Attempt; state: string }
  | { kind: 'exists'; attemptId: string }
  | { kind: 'none'; why: 'gone' | 'method' | 'paid' };

type RepresentAsk = { returnId: string; firstAttemptId: string; presentment: number };

/**
 * The re-presentment's job: a new bank debit by the same account for the returned amount, capped at what
 * the family owes now (nothing when it owes nothing or the account was removed), written with its
 * presentment (the unique index on first debit and presentment makes a second impossible) and sent.
 */
export async function presentAgain(deps: PaymentsDeps, p: RepresentAsk): Promise<RepresentOutcome> {
  let written: RepresentOutcome;
  try {
    written = await deps.db.transaction((tx) => writeRepresentment(tx, deps.clock, p));
  } catch (error) {
    // Another sale of the family in flight, or the same presentment written by someone else meanwhile.
    if (!(error instanceof AppError && error.reason === 'card_in_flight')) throw error;
    const existing = await presentmentOf(deps.db, p);
    if (!existing) throw error;
    return { kind: 'exists', attemptId: existing.id };
  }
  if (written.kind !== 'sent') return written;
  // Written and committed before the processor hears of it; its id is the idempotency id, so a job run
  // again after a crash sends the same debit, never a second one.
  if (written.attempt.state !== 'created') return written;
  const settled = await runSale(deps, written.attempt);
  return { kind: 'sent', attempt: settled.attempt, state: settled.state };
}

async function writeRepresentment(tx: Db, clock: Clock, p: RepresentAsk): Promise<RepresentOutcome> {
  const [ret] = await tx.select().from(paymentReturns).where(eq(paymentReturns.id, p.returnId));
  if (!ret) return { kind: 'none', why: 'gone' };
  const book = await lockBook(tx, ret.companyId, ret.familyId);
  if (!book) return { kind: 'none', why: 'gone' };
  // Under the family's lock: a presentment written already is the answer (a job run twice).
  const existing = await presentmentOf(tx, p);
  if (existing) {
    await linkRepresentment(tx, ret.id, existing.id);
    return existing.state === 'created'
      ? { kind: 'sent', attempt: existing, state: existing.state }
      : { kind: 'exists', attemptId: existing.id };
  }
  const [debit] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, ret.attemptId));
  const [method] = debit?.cardId
    ? await tx.select().from(paymentCards).where(eq(paymentCards.id, debit.cardId))
    : [];
  if (method?.kind !== 'bank' || method.removedAt || method.unusableAt)
    return { kind: 'none', why: 'method' };
  // The same obligation only (Nacha): what is still open of the charges the returned payment had paid,
  // never a charge posted since; and never more than the family owes.
  const paidBy = new Set(
    book.allocations.filter((a) => a.paymentId === debit?.ledgerTxId && a.amount > 0).map((a) => a.chargeId),
  );
  const stillOpen = book.charges.filter((c) => paidBy.has(c.id)).reduce((sum, c) => sum + c.open, 0);
  const amount = Math.min(ret.amount, stillOpen, book.balance);
  if (amount <= 0) return { kind: 'none', why: 'paid' };
  const { attempt } = await createSaleAttempt(tx, clock, {
    companyId: ret.companyId,
    familyId: ret.familyId,
    origin: 'represent',
    requestKey: `represent:${p.firstAttemptId}:${p.presentment}`,
    invoiceId: openInvoice(book)?.id ?? null,
    picked: [],
    amount,
    card: { id: method.id, instrumentId: method.instrumentId, provider: method.provider, kind: 'bank' },
    represents: { firstAttemptId: p.firstAttemptId, presentment: p.presentment },
    by: { system: 'Bank payment presented again' },
  });
  await linkRepresentment(tx, ret.id, attempt.id);
  return { kind: 'sent', attempt, state: attempt.state };
}

const presentmentOf = async (db: Db, p: RepresentAsk) =>
  (
    await db
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.firstAttemptId, p.firstAttemptId),
          eq(paymentAttempts.presentment, p.presentment),
        ),
      )
  )[0] ?? null;

const linkRepresentment = (tx: Db, returnId: string, attemptId: string) =>
  tx
    .update(paymentReturns)
    .set({ representAttemptId: attemptId })
    .where(and(eq(paymentReturns.id, returnId), sql`${paymentReturns.representAttemptId} is null`));
