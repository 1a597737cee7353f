import {
  cardLabel,
  centsText,
  declineSentence,
  expiryMonthOf,
  formatDateOnly,
  isHardDecline,
  nextRetryDay,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autopayRuns, paymentCards } from '../../db/schema/payments';
import { enqueueMail } from '../../mail/outbox';
import { chargedForDueItem, familyAddress, latestDueItems, portalLink, readBook } from '../ledger';
import type { Settled } from './attempts';
import { liveConsent } from './autopay-consent';
import { dueBy, rowsOf } from './autopay-planning';
import { liveMethod } from './cards.service';

/** Where the mail's one tap lands: the portal's Pay now, or its card form (decision 070). */
export const recoveryLink = (appUrl: string | undefined, open: 'pay' | 'method') =>
  `${portalLink(appUrl ?? '')}?${open === 'pay' ? 'pay=now' : 'method=new'}`;

/**
 * Tells the family an automatic charge did not go through, why, what happens next, with a link that
 * opens the payment or the card form in one tap; once per `key` (the outbox's). Its delivery job is
 * queued with it, due at once.
 */
export async function mailAutopayTrouble(
  db: Db,
  a: { companyId: string; familyId: string; appUrl?: string },
  key: string,
  what: {
    card: string;
    amount: string;
    reason: string;
    nextTry: string;
    newCardNeeded: boolean;
    backup?: string;
  },
) {
  const address = await familyAddress(db, a.companyId, a.familyId);
  if (!address?.to) return;
  await enqueueMail(db, {
    template: 'autopay-declined',
    to: address.to,
    companyId: a.companyId,
    key,
    data: {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      ...what,
      link: recoveryLink(a.appUrl, what.newCardNeeded ? 'method' : 'pay'),
    },
  });
}

/** No method to charge, or one that must not be charged again: the family is asked for one, once. */
export function mailMethodNeeded(
  db: Db,
  a: { companyId: string; familyId: string; dueOn: string; appUrl?: string },
  reason: string,
  methodId: string | null,
) {
  const key = methodId ? `autopay-method-needed:${methodId}` : `autopay-no-method:${a.familyId}:${a.dueOn}`;
  return mailAutopayTrouble(db, a, key, { card: '', amount: '', reason, nextTry: '', newCardNeeded: true });
}

/**
 * A decline, told once per try: when soft, the next try's day (the retry schedule's, decision 070);
 * when hard, a new method asked for (once per method), or the backup named that is charged instead.
 */
export async function mailDeclined(
  db: Db,
  a: { companyId: string; familyId: string; dueOn: string; appUrl?: string },
  settled: Extract<Settled, { state: 'failed' }>,
  t: { tryNo: number; method: string; methodId: string; backup: string | null },
) {
  const hard = isHardDecline(settled.code);
  const nextTry = hard ? null : await nextTryOf(db, a, t.tryNo, settled.code);
  return mailAutopayTrouble(
    db,
    a,
    hard ? `autopay-method-needed:${t.methodId}` : `autopay-declined:${a.familyId}:${a.dueOn}:${t.tryNo}`,
    {
      card: t.method,
      amount: centsText(settled.attempt.amount),
      reason: declineSentence(settled.code),
      nextTry: nextTry ? formatDateOnly(nextTry) : '',
      newCardNeeded: hard,
      ...(t.backup ? { backup: t.backup } : {}),
    },
  );
}

/** The day of the try after `tryNo` of a due date, on the retry schedule from its first try's day. */
async function nextTryOf(
  db: Db,
  a: { companyId: string; familyId: string; dueOn: string },
  tryNo: number,
  code: string | null,
) {
  const [row] = await rowsOf(
    db,
    sql`select min(ran_on)::text as first_on, max(ran_on)::text as last_on from autopay_runs
        where company_id = ${a.companyId} and family_id = ${a.familyId} and due_on = ${a.dueOn}::date
          and try_no <= ${tryNo}`,
  );
  if (!row?.first_on) return null;
  return nextRetryDay({
    firstTry: String(row.first_on),
    lastTry: String(row.last_on),
    tries: tryNo,
    lastCode: code,
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
  // The family's first method, a card or a bank account (decision 067).
  const card = await liveMethod(db, a.companyId, a.familyId);
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
