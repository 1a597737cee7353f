import {
  type Actor,
  bankMessages,
  type CardLimits,
  type CardOnFile,
  can,
  cardExpiry,
  cardMessages,
  dateInZone,
  declineSentence,
  formatDateOnly,
  todayInZone,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts } from '../../db/schema/families';
import { autopayConsents, type MethodRank, paymentCards, paymentCustomers } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { AppError, forbidden, unprocessable } from '../../http/errors';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { posterName } from '../ledger';
import { chargeAfterNewMethod } from './autopay-new-method';
import { cardAddedPlace } from './card-limits';
import { cardRefusal, merchantOrRefuse, refusalSentence } from './merchant';
import { type Instrument, type PaymentProvider, ProviderError } from './provider';
import { surchargeOfferFor } from './surcharge';

/**
 * The family's card on file (decision 028): the browser tokenizes the card with the processor's form
 * (Finix.js, or the sandbox's stand-in), and only the token reaches us; we keep what the processor says
 * of the card (brand, last four, expiry), never its number. One live card a family: a new one replaces
 * it, and the old instrument is disabled at the processor.
 */

export type CardDeps = { db: Db; provider: PaymentProvider; clock: Clock; actor: Actor; limits?: CardLimits };

export type CardRow = typeof paymentCards.$inferSelect;

/**
 * The family's live method on file of a rank (decision 066): its first (`primary`) or its `backup`, a
 * card or a bank account, or null.
 */
export async function liveMethod(
  db: Db,
  companyId: string,
  familyId: string,
  rank: MethodRank = 'primary',
): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, companyId),
        eq(paymentCards.familyId, familyId),
        eq(paymentCards.rank, rank),
        isNull(paymentCards.removedAt),
      ),
    );
  return row ?? null;
}

/** The family's first method when it is a card (the card panel's card), or null. */
export async function liveCard(db: Db, companyId: string, familyId: string): Promise<CardRow | null> {
  const method = await liveMethod(db, companyId, familyId);
  return method?.kind === 'card' ? method : null;
}

/** A card's expiry, which a card row always has (a check of the table); a bank account has none. */
export function expiryOf(card: CardRow): { expMonth: number; expYear: number } {
  if (card.expMonth === null || card.expYear === null)
    throw new Error(`payments: method ${card.id} is no card`);
  return { expMonth: card.expMonth, expYear: card.expYear };
}

/** The studio's today and time zone: a card's expiry and the day it was added are the studio's. */
export async function studioDay(db: Db, companyId: string, clock: Clock) {
  const [row] = await db
    .select({ tz: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  const zone = row?.tz ?? 'America/New_York';
  return { today: todayInZone(zone, clock.now()), zone };
}

export function presentCard(card: CardRow, day: { today: string; zone: string }): CardOnFile {
  const expiry = expiryOf(card);
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    ...expiry,
    name: card.name,
    expiry: cardExpiry(expiry, day.today),
    addedOn: formatDateOnly(dateInZone(card.addedAt, day.zone)),
    addedBy: card.addedByName,
  };
}

/** The sentence for a processor's refusal we did not expect, in the product's voice. */
function processorFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    if (error.kind === 'unavailable') throw new AppError('unavailable', cardMessages.processorDown);
    if (error.kind === 'config') throw new AppError('unavailable', cardMessages.notConfigured);
    throw unprocessable(cardMessages.noToken);
  }
  throw error;
}

/** GET finix/customer/paymentInstrument/default. */
export async function cardOnFile(deps: CardDeps) {
  const familyId = ownFamily(deps.actor);
  const card = await liveCard(deps.db, deps.actor.companyId, familyId);
  const day = await studioDay(deps.db, deps.actor.companyId, deps.clock);
  // Without its approved merchant the studio takes no card: the portal says so instead of a card form.
  const refusal = await cardRefusal(deps, deps.actor.companyId);
  return {
    card: card ? presentCard(card, day) : null,
    tokenizer: deps.provider.browser,
    takesCards: refusal === null,
    notice: refusal ? await refusalSentence(deps.db, deps.actor.companyId, refusal) : null,
    surcharge: await surchargeOfferFor(deps.db, deps.actor.companyId, card),
  };
}

/**
 * The family's buyer at the processor, made the first time a card is saved; kept (`keep`) only once the
 * card is, so a refused card leaves nothing of ours behind.
 */
async function buyerOf(
  deps: CardDeps,
  familyId: string,
): Promise<{ id: string; keep: () => Promise<string> }> {
  const { db, provider, actor } = deps;
  const where = and(
    eq(paymentCustomers.companyId, actor.companyId),
    eq(paymentCustomers.familyId, familyId),
    eq(paymentCustomers.provider, provider.name),
  );
  const [known] = await db.select({ buyerId: paymentCustomers.buyerId }).from(paymentCustomers).where(where);
  if (known) return { id: known.buyerId, keep: async () => known.buyerId };
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  const [family] = await db
    .select({ lastName: familyAccounts.lastName, phone: familyAccounts.phone })
    .from(familyAccounts)
    .where(eq(familyAccounts.id, familyId));
  const buyer = await provider
    .createBuyer({
      firstName: person?.firstName || 'Parent',
      lastName: person?.lastName || family?.lastName || 'Family',
      email: person?.email ?? null,
      phone: family?.phone || null,
      tags: { family: familyId, studio: actor.companyId },
    })
    .catch(processorFailure);
  return {
    id: buyer.id,
    // Two first saves at once: the first buyer kept stays the family's.
    keep: async () => {
      await db
        .insert(paymentCustomers)
        .values({ companyId: actor.companyId, familyId, provider: provider.name, buyerId: buyer.id })
        .onConflictDoNothing();
      const [row] = await db
        .select({ buyerId: paymentCustomers.buyerId })
        .from(paymentCustomers)
        .where(where);
      return row!.buyerId;
    },
  };
}

/**
 * POST finix/customer/paymentInstrument: the processor makes an instrument of the token; it becomes the
 * family's card, the old one removed (and disabled at the processor once we have committed).
 */
export async function saveCard(deps: CardDeps, token: string) {
  const { db, provider, actor, clock } = deps;
  const familyId = ownFamily(actor);
  // A card is saved only for a studio that can charge it: its own approved merchant (decision 049).
  await merchantOrRefuse(deps, actor.companyId);
  // Counted before the processor hears of the card: five a family in 24 hours (issue 31 item 3).
  await cardAddedPlace(deps, actor.companyId, familyId);
  const day = await studioDay(db, actor.companyId, clock);
  const { instrument, buyerId } = await instrumentOfToken(deps, familyId, token);
  const replaced = await db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    const old = await retireLiveCard(tx, actor, familyId);
    await tx.insert(paymentCards).values({
      companyId: actor.companyId,
      familyId,
      provider: provider.name,
      instrumentId: instrument.id,
      buyerId,
      brand: instrument.brand,
      last4: instrument.last4,
      expMonth: instrument.expMonth,
      expYear: instrument.expYear,
      cardType: instrument.cardType,
      name: instrument.name,
      fingerprint: instrument.fingerprint,
      addedBy: actor.userId,
      addedByName: posterName({ userId: actor.userId }),
    });
    return old;
  });
  if (replaced && replaced.instrumentId !== instrument.id)
    await disableQuietly(provider, replaced.instrumentId);
  await chargeAfterNewMethod(deps, actor.companyId, familyId);
  const card = await liveCard(db, actor.companyId, familyId);
  return {
    card: presentCard(card!, day),
    tokenizer: provider.browser,
    takesCards: true,
    notice: null,
    msg: replaced ? cardMessages.cardReplaced : cardMessages.cardSaved,
  };
}

/**
 * The processor's instrument of a card token, for the family's buyer (made with the first card); an
 * expired card is refused, and leaves no buyer of ours behind.
 */
export async function instrumentOfToken(
  deps: CardDeps,
  familyId: string,
  token: string,
  /** What the token must be: a card (the card routes), or a bank account (decision 067). */
  expected: Instrument['type'] = 'PAYMENT_CARD',
): Promise<{ instrument: Instrument; buyerId: string }> {
  const { provider, actor } = deps;
  const day = await studioDay(deps.db, actor.companyId, deps.clock);
  const buyer = await buyerOf(deps, familyId);
  const instrument = await provider
    .createInstrument({ token, buyerId: buyer.id, tags: { family: familyId, studio: actor.companyId } })
    .catch(processorFailure);
  if (instrument.type !== expected) {
    await disableQuietly(provider, instrument.id);
    throw unprocessable(expected === 'PAYMENT_CARD' ? bankMessages.notACard : bankMessages.notABank);
  }
  const { expMonth, expYear } = instrument;
  if (expMonth !== null && expYear !== null && cardExpiry({ expMonth, expYear }, day.today) === 'expired')
    throw unprocessable(declineSentence('EXPIRED_CARD'));
  return { instrument, buyerId: await buyer.keep() };
}

/** Marks the family's live card removed (by whom); its instrument, or null when it had none. */
async function retireLiveCard(tx: Db, actor: Actor, familyId: string) {
  const [card] = await tx
    .update(paymentCards)
    .set({ removedAt: sql`now()`, removedByName: posterName({ userId: actor.userId }) })
    .where(
      and(
        eq(paymentCards.companyId, actor.companyId),
        eq(paymentCards.familyId, familyId),
        eq(paymentCards.rank, 'primary'),
        isNull(paymentCards.removedAt),
      ),
    )
    .returning({ instrumentId: paymentCards.instrumentId });
  return card ?? null;
}

/** The old card no longer usable at the processor; it is ours no more whatever the processor answers. */
export async function disableQuietly(provider: PaymentProvider, instrumentId: string) {
  await provider.disableInstrument(instrumentId).catch(() => undefined);
}

/**
 * Removes a family's card (the parent's or the owner's call). Automatic payments stop with it: the
 * consent is withdrawn, since there is nothing left to charge.
 */
async function removeCardOf(deps: CardDeps, familyId: string): Promise<{ msg: string }> {
  const { db, provider, actor } = deps;
  const result = await db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    const card = await retireLiveCard(tx, actor, familyId);
    if (!card) return null;
    const withdrawn = await tx
      .update(autopayConsents)
      .set({ withdrawnAt: sql`now()`, withdrawnByName: posterName({ userId: actor.userId }) })
      .where(
        and(
          eq(autopayConsents.companyId, actor.companyId),
          eq(autopayConsents.familyId, familyId),
          isNull(autopayConsents.withdrawnAt),
        ),
      )
      .returning({ id: autopayConsents.id });
    return { instrumentId: card.instrumentId, autopayWasOn: withdrawn.length > 0 };
  });
  if (!result) throw new AppError('not_found', cardMessages.noCard, 'no_card');
  await disableQuietly(provider, result.instrumentId);
  return { msg: result.autopayWasOn ? cardMessages.cardRemovedAutopayOff : cardMessages.cardRemoved };
}

/** DELETE finix/customer/paymentInstrument/default. */
export const removeCard = (deps: CardDeps) => removeCardOf(deps, ownFamily(deps.actor));

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** GET mystudio/account/{id}/card: the owner sees the card, never its number. */
export async function familyCard(deps: CardDeps, familyId: string) {
  requireOwner(deps.actor);
  await findFamily(deps.db, deps.actor.companyId, familyId);
  const card = await liveCard(deps.db, deps.actor.companyId, familyId);
  const day = await studioDay(deps.db, deps.actor.companyId, deps.clock);
  return { card: card ? presentCard(card, day) : null };
}

/** DELETE mystudio/account/{id}/card. */
export async function removeFamilyCard(deps: CardDeps, familyId: string) {
  requireOwner(deps.actor);
  await findFamily(deps.db, deps.actor.companyId, familyId);
  return removeCardOf(deps, familyId);
}
