import {
  AUTOPAY_TERMS_VERSION,
  AUTOPAY_TRIES,
  type AutopayAnswer,
  addDays,
  autopayMessages,
  autopayTermsText,
  cardLabel,
  cardMessages,
  centsText,
  dateInZone,
  declineSentence,
  expiryMonthOf,
  formatDateOnly,
  isHardDecline,
  oldestFirst,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { autopayConsents, autopayRuns, paymentAttempts, paymentCards } from '../../db/schema/payments';
import { conflict, unprocessable } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import { ownFamily } from '../../kernel/family-scope';
import { enqueueMail } from '../../mail/outbox';
import {
  type Book,
  chargedForDueItem,
  chargesPaid,
  familyAddress,
  latestDueItems,
  lockBook,
  openInvoice,
  type Poster,
  posterName,
  readBook,
} from '../ledger';
import { type Attempt, createSaleAttempt, type PaymentsDeps, runSale, type Settled } from './attempts';
import { type CardDeps, type CardRow, liveCard, studioDay } from './cards.service';
import { pausedFor } from './disputes';
import { paymentJobs } from './jobs';

/**
 * Automatic payments (issue 17 point 5, decision 028). A family turns them on from the portal: its
 * consent is a row (who, when, the authorization's version and words), withdrawn by the family, paused
 * by the studio. Each billing day, after the day's charges are posted, `autopay.day` queues:
 * - a charge for each family with auto-pay whose charges fall due that day (try 1);
 * - the next try for a soft decline, three and seven days after the due date (tries 2 and 3);
 * - a reminder e-mail for each family with a plan payment due in three days.
 * A charge takes the balance due on its day (every open charge due by then, not a snapshot), through
 * an attempt like a checkout's, keyed by family, due date and try, so a job run twice charges once.
 */

/** A family on auto-pay is reminded this many days before each due date. */
export const REMINDER_DAYS = 3;

/** Tries scheduled by the billing days are 1 to 3; the studio's own retries are numbered from 4. */
const FIRST_STUDIO_TRY = AUTOPAY_TRIES.length + 1;

type Consent = typeof autopayConsents.$inferSelect;

async function liveConsent(db: Db, companyId: string, familyId: string): Promise<Consent | null> {
  const [row] = await db
    .select()
    .from(autopayConsents)
    .where(
      and(
        eq(autopayConsents.companyId, companyId),
        eq(autopayConsents.familyId, familyId),
        isNull(autopayConsents.withdrawnAt),
      ),
    );
  return row ?? null;
}

/** What is due on `day`: every open charge due by then. */
const dueBy = (book: Book, day: string) =>
  book.charges.filter((c) => c.open > 0 && c.dueDate <= day).reduce((s, c) => s + c.open, 0);

/** The family's next plan payment from `today` on, with what would be charged then as the books stand. */
async function nextCharge(db: Db, companyId: string, familyId: string, today: string, book: Book) {
  const result = (await db.execute(sql`
    select d.date_due::text as date_due, d.val from (${latestDueItems(companyId)}) d
    where d.family_id = ${familyId} and d.date_due >= ${today}::date and d.val > 0
      and not ${chargedForDueItem(companyId, sql`d.due_key`)}
    order by d.date_due limit 1`)) as unknown as { rows: { date_due: string; val: number }[] };
  const next = result.rows[0];
  if (!next) return null;
  return { on: next.date_due, amount: (book.balance + Number(next.val)) / 100 };
}

async function studioName(db: Db, companyId: string) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'the studio';
}

async function presentAutopay(deps: CardDeps, familyId: string): Promise<AutopayAnswer> {
  const { db, actor, clock } = deps;
  const [consent, card, day] = [
    await liveConsent(db, actor.companyId, familyId),
    await liveCard(db, actor.companyId, familyId),
    await studioDay(db, actor.companyId, clock),
  ];
  return {
    on: consent !== null,
    paused: consent?.pausedAt != null,
    pausedFor: pausedFor(consent),
    consentedOn: consent ? formatDateOnly(dateInZone(consent.consentedAt, day.zone)) : null,
    consentedBy: consent?.consentedByName ?? null,
    terms: card
      ? {
          version: AUTOPAY_TERMS_VERSION,
          text: autopayTermsText(await studioName(db, actor.companyId), cardLabel(card)),
        }
      : null,
    // The books are read only when there is a next charge to work out.
    next:
      consent && card
        ? await nextCharge(
            db,
            actor.companyId,
            familyId,
            day.today,
            await readBook(db, actor.companyId, familyId),
          )
        : null,
  };
}

/** GET finix/customer/autopay. */
export const familyAutopay = (deps: CardDeps) => presentAutopay(deps, ownFamily(deps.actor));

/**
 * PUT finix/customer/autopay: on records the consent (the authorization's words for the card on file,
 * its version, who and when); off withdraws it. Each is a no-op when already so.
 */
export async function setFamilyAutopay(deps: CardDeps, body: { on: boolean; termsVersion?: string }) {
  const { db, actor } = deps;
  const familyId = ownFamily(actor);
  const by = posterName({ userId: actor.userId });
  if (body.on) {
    const card = await liveCard(db, actor.companyId, familyId);
    if (!card) throw unprocessable(cardMessages.noCard);
    if (body.termsVersion !== AUTOPAY_TERMS_VERSION) throw conflict(autopayMessages.termsChanged);
    const text = autopayTermsText(await studioName(db, actor.companyId), cardLabel(card));
    await db
      .insert(autopayConsents)
      .values({
        companyId: actor.companyId,
        familyId,
        consentedBy: actor.userId,
        consentedByName: by,
        termsVersion: AUTOPAY_TERMS_VERSION,
        termsText: text,
      })
      .onConflictDoNothing();
  } else {
    await db
      .update(autopayConsents)
      .set({ withdrawnAt: sql`now()`, withdrawnByName: by })
      .where(
        and(
          eq(autopayConsents.companyId, actor.companyId),
          eq(autopayConsents.familyId, familyId),
          isNull(autopayConsents.withdrawnAt),
        ),
      );
  }
  return {
    ...(await presentAutopay(deps, familyId)),
    msg: body.on ? autopayMessages.on : autopayMessages.off,
  };
}

// ——— The billing day's automatic charges ———

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Queues the day's automatic charges, retries and reminders (see the top of this file), each a job with
 * its own key: the day run twice queues nothing more.
 */
export async function planAutopayDay(db: Db, companyId: string, day: string, runAt: Date): Promise<number> {
  const live = sql`a.company_id = ${companyId} and a.withdrawn_at is null and a.paused_at is null`;
  const dueToday = await rowsOf(
    db,
    sql`select distinct a.family_id from autopay_consents a
        join (${chargesPaid(sql`c.company_id = ${companyId} and c.due_date = ${day}::date`)}) c
          on c.family_id = a.family_id
        where ${live} and c.open > 0`,
  );
  const declined = await rowsOf(
    db,
    sql`select r.family_id, r.due_on::text as due_on, r.try_no, p.failure_code from autopay_runs r
        join autopay_consents a on a.company_id = r.company_id and a.family_id = r.family_id
        join payment_attempts p on p.id = r.attempt_id
        where ${live} and r.company_id = ${companyId} and r.try_no < ${AUTOPAY_TRIES.length}
          and p.state = 'failed'
          and not exists (select 1 from autopay_runs n where n.company_id = r.company_id
            and n.family_id = r.family_id and n.due_on = r.due_on and n.try_no > r.try_no)`,
  );
  const upcoming = await rowsOf(
    db,
    sql`select distinct d.family_id, d.date_due::text as date_due from (${latestDueItems(companyId)}) d
        join autopay_consents a on a.company_id = ${companyId} and a.family_id = d.family_id
        where ${live} and d.date_due = ${addDays(day, REMINDER_DAYS)}::date and d.val > 0`,
  );
  let queued = 0;
  const charge = async (familyId: string, dueOn: string, tryNo: number) => {
    if (
      await enqueueJob(db, paymentJobs.autopayCharge, {
        key: `${familyId}:${dueOn}:${tryNo}`,
        companyId,
        runAt,
        payload: { familyId, dueOn, tryNo, day },
      })
    )
      queued += 1;
  };
  for (const r of dueToday) await charge(String(r.family_id), day, 1);
  for (const r of declined) {
    const next = Number(r.try_no) + 1;
    if (isHardDecline((r.failure_code as string | null) ?? null)) continue;
    // On its day, or the first billing day after it when that one did not run.
    if (addDays(String(r.due_on), AUTOPAY_TRIES[next - 1]!) <= day)
      await charge(String(r.family_id), String(r.due_on), next);
  }
  for (const r of upcoming) {
    await enqueueJob(db, paymentJobs.autopayRemind, {
      key: `${r.family_id}:${r.date_due}`,
      companyId,
      runAt,
      payload: { familyId: String(r.family_id), dueOn: String(r.date_due), day },
    });
  }
  return queued;
}

export type ChargeOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'attempted'; attempt: Attempt; settled: Settled; replay: boolean };

/**
 * One automatic charge of a family: its balance due today by its card on file. The run row, the attempt
 * and its reconcile job are written in one transaction with the family locked, before the processor is
 * called; the same family, due date and try again (a job run twice) finds its run and charges nothing.
 */
export async function chargeFamily(
  deps: PaymentsDeps,
  a: {
    companyId: string;
    familyId: string;
    dueOn: string;
    tryNo: number | 'studio';
    today: string;
    by: Poster;
  },
): Promise<ChargeOutcome> {
  const { db, clock } = deps;
  const written = await db.transaction(async (tx) => {
    const book = await lockBook(tx, a.companyId, a.familyId);
    if (!book) return { kind: 'skipped' as const, reason: 'The family no longer exists.' };
    const tryNo =
      a.tryNo === 'studio'
        ? Math.max(
            FIRST_STUDIO_TRY,
            ...(
              await tx
                .select({ n: autopayRuns.tryNo })
                .from(autopayRuns)
                .where(
                  and(
                    eq(autopayRuns.companyId, a.companyId),
                    eq(autopayRuns.familyId, a.familyId),
                    eq(autopayRuns.dueOn, a.dueOn),
                  ),
                )
            ).map((r) => r.n + 1),
          )
        : a.tryNo;
    const [done] = await tx
      .select()
      .from(autopayRuns)
      .where(
        and(
          eq(autopayRuns.companyId, a.companyId),
          eq(autopayRuns.familyId, a.familyId),
          eq(autopayRuns.dueOn, a.dueOn),
          eq(autopayRuns.tryNo, tryNo),
        ),
      );
    if (done) return { kind: 'done' as const, run: done };
    // A studio's retry refused (nothing due, no card) is answered, not listed: it changed nothing.
    const skip = async (reason: string) => {
      if (a.tryNo === 'studio') return { kind: 'skipped' as const, reason };
      await tx.insert(autopayRuns).values({
        companyId: a.companyId,
        familyId: a.familyId,
        dueOn: a.dueOn,
        tryNo,
        ranOn: a.today,
        result: 'skipped',
        reason,
      });
      return { kind: 'skipped' as const, reason };
    };
    const consent = await liveConsent(tx, a.companyId, a.familyId);
    if (a.tryNo !== 'studio') {
      if (!consent) return skip('Automatic payments were turned off.');
      if (consent.pausedAt) return skip('Automatic payments are paused by the studio.');
    }
    const card = await liveCard(tx, a.companyId, a.familyId);
    if (!card) return skip('No card on file.');
    const hard = await lastHardDecline(tx, card);
    if (hard && a.tryNo !== 'studio') return skip(`${declineSentence(hard)} A new card is needed.`);
    const amount = dueBy(book, a.today);
    if (amount <= 0) return skip('Nothing was due.');
    const { attempt, replay } = await createSaleAttempt(tx, clock, {
      companyId: a.companyId,
      familyId: a.familyId,
      origin: a.tryNo === 'studio' ? 'owner' : 'autopay',
      requestKey: `autopay:${a.familyId}:${a.dueOn}:${tryNo}`,
      invoiceId: openInvoice(book)?.id ?? null,
      picked: oldestFirst(book.charges.filter((c) => c.open > 0 && c.dueDate <= a.today)).map((c) => c.id),
      amount,
      card: { id: card.id, instrumentId: card.instrumentId, provider: card.provider },
      by: a.by,
    });
    await tx.insert(autopayRuns).values({
      companyId: a.companyId,
      familyId: a.familyId,
      dueOn: a.dueOn,
      tryNo,
      ranOn: a.today,
      amount,
      result: 'attempted',
      attemptId: attempt.id,
    });
    return { kind: 'attempt' as const, attempt, replay, tryNo, card };
  });
  if (written.kind === 'skipped') {
    if (written.reason === 'No card on file.' || written.reason.endsWith('A new card is needed.'))
      await mailAutopayTrouble(db, a, {
        card: '',
        amount: '',
        reason: written.reason,
        nextTry: '',
        newCardNeeded: true,
      });
    return written;
  }
  if (written.kind === 'done') return { kind: 'skipped', reason: 'This try was made already.' };
  const settled = written.replay ? await asIs(deps, written.attempt) : await runSale(deps, written.attempt);
  if (settled.state === 'failed' && a.tryNo !== 'studio') {
    await mailDeclined(db, a, settled, written.tryNo, cardLabel(written.card));
  }
  return { kind: 'attempted', attempt: written.attempt, settled, replay: written.replay };
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

/** Tells the family an automatic charge did not go through, why, and what happens next. */
async function mailAutopayTrouble(
  db: Db,
  a: { companyId: string; familyId: string },
  what: { card: string; amount: string; reason: string; nextTry: string; newCardNeeded: boolean },
) {
  const address = await familyAddress(db, a.companyId, a.familyId);
  if (!address?.to) return;
  await enqueueMail(db, {
    template: 'autopay-declined',
    to: address.to,
    companyId: a.companyId,
    data: {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      ...what,
    },
  });
}

/** A decline: tried again on +3 and +7 when soft, a new card asked for when hard. */
function mailDeclined(
  db: Db,
  a: { companyId: string; familyId: string; dueOn: string },
  settled: Extract<Settled, { state: 'failed' }>,
  tryNo: number,
  card: string,
) {
  const hard = isHardDecline(settled.code);
  const nextTry = !hard && tryNo < AUTOPAY_TRIES.length ? addDays(a.dueOn, AUTOPAY_TRIES[tryNo]!) : null;
  return mailAutopayTrouble(db, a, {
    card,
    amount: centsText(settled.attempt.amount),
    reason: declineSentence(settled.code),
    nextTry: nextTry ? formatDateOnly(nextTry) : '',
    newCardNeeded: hard,
  });
}

/**
 * The reminder `REMINDER_DAYS` before a due date: what will be charged on it, as the books stand, and to
 * which card. It is decided by the due date and the day it was planned for (its payload), never by the
 * job's clock or by which charges are posted already: a reminder run late (`npm run jobs -- --until`
 * past its day, or a second runner taking it after the due date's billing day) tells of the same due
 * date, not of the next one (issue 31 point 12). Keyed in the outbox by family and due date: once.
 */
export async function remindFamily(db: Db, a: { companyId: string; familyId: string; dueOn: string }) {
  const consent = await liveConsent(db, a.companyId, a.familyId);
  const card = await liveCard(db, a.companyId, a.familyId);
  if (!consent || consent.pausedAt || !card) return;
  // The due date's charge was tried already (a reminder run after its day): nothing to tell of.
  const [tried] = await db
    .select({ id: autopayRuns.id })
    .from(autopayRuns)
    .where(
      and(
        eq(autopayRuns.companyId, a.companyId),
        eq(autopayRuns.familyId, a.familyId),
        eq(autopayRuns.dueOn, a.dueOn),
      ),
    )
    .limit(1);
  if (tried) return;
  const address = await familyAddress(db, a.companyId, a.familyId);
  if (!address?.to) return;
  const book = await readBook(db, a.companyId, a.familyId);
  const amount = dueBy(book, a.dueOn) + (await unpostedDueBy(db, a.companyId, a.familyId, a.dueOn));
  if (amount <= 0) return;
  await enqueueMail(db, {
    template: 'autopay-reminder',
    to: address.to,
    companyId: a.companyId,
    key: `autopay-reminder:${a.familyId}:${a.dueOn}`,
    data: {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      card: cardLabel(card),
      amount: centsText(amount),
      on: formatDateOnly(a.dueOn),
    },
  });
}

/** The plan payments due by `day` not posted yet (the billing day of their date posts them). */
async function unpostedDueBy(db: Db, companyId: string, familyId: string, day: string): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(sum(d.val), 0)::int as val from (${latestDueItems(companyId)}) d
        where d.family_id = ${familyId} and d.date_due <= ${day}::date and d.val > 0
          and not ${chargedForDueItem(companyId, sql`d.due_key`)}`,
  );
  return Number(row?.val ?? 0);
}

/**
 * Tells each family whose card expires this month or next, once per expiry month (a month ahead,
 * `cardExpiry`): a card updated by then keeps its payments going. Returns how many were told.
 */
export async function noticeExpiringCards(db: Db, companyId: string, day: string): Promise<number> {
  const due = await rowsOf(
    db,
    sql`select c.id, c.family_id, c.brand, c.last4, c.exp_month, c.exp_year from payment_cards c
        where c.company_id = ${companyId} and c.removed_at is null
          and (make_date(c.exp_year, c.exp_month, 1) - interval '1 month')::date <= ${day}::date
          and make_date(c.exp_year, c.exp_month, 1) + interval '1 month' > ${day}::date
          and c.expiry_notice_for is distinct from (c.exp_year::text || '-' || lpad(c.exp_month::text, 2, '0'))`,
  );
  let told = 0;
  for (const card of due) {
    const month = expiryMonthOf({ expMonth: Number(card.exp_month), expYear: Number(card.exp_year) });
    await db.transaction(async (tx) => {
      // Marked in the same transaction as the mail: told once, even by two servers.
      const marked = await tx
        .update(paymentCards)
        .set({ expiryNoticeFor: month })
        .where(
          and(
            eq(paymentCards.id, String(card.id)),
            sql`${paymentCards.expiryNoticeFor} is distinct from ${month}`,
          ),
        )
        .returning({ id: paymentCards.id });
      if (marked.length === 0) return;
      const address = await familyAddress(tx, companyId, String(card.family_id));
      if (!address?.to) return;
      const consent = await liveConsent(tx, companyId, String(card.family_id));
      await enqueueMail(tx, {
        template: 'card-expiring',
        to: address.to,
        companyId,
        data: {
          studioName: address.studioName,
          studioContact: address.studioContact,
          family: address.family,
          card: cardLabel({ brand: String(card.brand), last4: String(card.last4) }),
          expires: `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`,
          autopay: consent !== null,
        },
      });
      told += 1;
    });
  }
  return told;
}
