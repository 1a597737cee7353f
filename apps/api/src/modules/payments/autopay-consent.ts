import {
  type AutopayAnswer,
  autopayMessages,
  autopayTermsText,
  autopayTermsVersion,
  cardLabel,
  cardMessages,
  dateInZone,
  formatDateOnly,
  withSurchargeClause,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { autopayConsents } from '../../db/schema/payments';
import { conflict, unprocessable } from '../../http/errors';
import { ownFamily } from '../../kernel/family-scope';
import { type Book, chargedForDueItem, latestDueItems, posterName, readBook } from '../ledger';
import { type CardDeps, liveMethod, studioDay } from './cards.service';
import { pausedFor } from './disputes';
import { surchargeBps } from './surcharge';

export type Consent = typeof autopayConsents.$inferSelect;

export async function liveConsent(db: Db, companyId: string, familyId: string): Promise<Consent | null> {
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
  const [consent, card, day, bps] = [
    await liveConsent(db, actor.companyId, familyId),
    // The family's first method, a card or a bank account (decision 067).
    await liveMethod(db, actor.companyId, familyId),
    await studioDay(db, actor.companyId, clock),
    await surchargeBps(db, actor.companyId),
  ];
  return {
    on: consent !== null,
    paused: consent?.pausedAt != null,
    pausedFor: pausedFor(consent),
    consentedOn: consent ? formatDateOnly(dateInZone(consent.consentedAt, day.zone)) : null,
    consentedBy: consent?.consentedByName ?? null,
    terms: card
      ? {
          version: autopayTermsVersion(bps),
          text: withSurchargeClause(
            autopayTermsText(await studioName(db, actor.companyId), cardLabel(card)),
            bps,
          ),
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
    const card = await liveMethod(db, actor.companyId, familyId);
    if (!card) throw unprocessable(cardMessages.noCard, 'no_card');
    const bps = await surchargeBps(db, actor.companyId);
    const version = autopayTermsVersion(bps);
    if (body.termsVersion !== version) throw conflict(autopayMessages.termsChanged, 'terms_changed');
    const text = withSurchargeClause(
      autopayTermsText(await studioName(db, actor.companyId), cardLabel(card)),
      bps,
    );
    await db
      .insert(autopayConsents)
      .values({
        companyId: actor.companyId,
        familyId,
        consentedBy: actor.userId,
        consentedByName: by,
        termsVersion: version,
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
