import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/payments';
import { posterName } from '../ledger';
import { type CardDeps, type CardRow, instrumentOfToken } from './cards.service';
import type { Instrument } from './provider';

/**
 * Another card typed at checkout (issue 31 item 2, decision 038). It pays the sale it was typed for,
 * and only that: its row is written not on file (`removed_at` set from the start, so nothing that reads
 * the card on file, auto-pay above all, ever sees it), and it becomes the family's card on file only
 * when its sale succeeded and the parent asked for it (`card_use` 'save'), in the transaction that
 * books the payment. A declined card leaves the card on file as it was.
 */

export type TypedCard = { instrument: Instrument; buyerId: string };

/** The processor's instrument of the typed card's token, for the family's buyer (made with it if none). */
export const typedInstrument = (deps: CardDeps, familyId: string, token: string): Promise<TypedCard> =>
  instrumentOfToken(deps, familyId, token);

/** The typed card's row, in the attempt's transaction: kept for the payment's reference, not on file. */
export async function insertTypedCard(
  tx: Db,
  deps: CardDeps,
  familyId: string,
  typed: TypedCard,
): Promise<CardRow> {
  const { instrument } = typed;
  const [row] = await tx
    .insert(paymentCards)
    .values({
      companyId: deps.actor.companyId,
      familyId,
      provider: deps.provider.name,
      instrumentId: instrument.id,
      buyerId: typed.buyerId,
      brand: instrument.brand,
      last4: instrument.last4,
      expMonth: instrument.expMonth,
      expYear: instrument.expYear,
      cardType: instrument.cardType,
      name: instrument.name,
      fingerprint: instrument.fingerprint,
      addedBy: deps.actor.userId,
      addedByName: posterName({ userId: deps.actor.userId }),
      removedAt: sql`now()`,
    })
    .returning();
  return row!;
}

/**
 * The sale of a card typed to be saved succeeded: it becomes the family's card on file, the old one
 * retired (the caller holds the family's row). Answers the old card's instrument, to disable at the
 * processor once committed; null when there was none or the card is on file already.
 */
export async function keepTypedCard(
  tx: Db,
  attempt: { cardUse: string; cardId: string | null },
): Promise<string | null> {
  if (attempt.cardUse !== 'save' || !attempt.cardId) return null;
  const [card] = await tx.select().from(paymentCards).where(eq(paymentCards.id, attempt.cardId));
  if (!card || card.removedAt === null) return null;
  const [old] = await tx
    .update(paymentCards)
    .set({ removedAt: sql`now()`, removedByName: card.addedByName })
    .where(
      and(
        eq(paymentCards.companyId, card.companyId),
        eq(paymentCards.familyId, card.familyId),
        eq(paymentCards.rank, 'primary'),
        isNull(paymentCards.removedAt),
      ),
    )
    .returning({ instrumentId: paymentCards.instrumentId });
  await tx
    .update(paymentCards)
    .set({ removedAt: null, removedByName: null, addedAt: sql`now()` })
    .where(eq(paymentCards.id, card.id));
  return old && old.instrumentId !== card.instrumentId ? old.instrumentId : null;
}
