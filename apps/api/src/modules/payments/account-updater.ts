import { addDays, cardLabel } from '@pirouette/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instrumentUpdateBatches, paymentCards } from '../../db/schema/payments';
import { enqueueJob } from '../../jobs/define';
import { enqueueMail } from '../../mail/outbox';
import { familyAddress, latestDueItems, portalLink } from '../ledger';
import type { CardRow } from './cards.service';
import { paymentJobs } from './jobs';
import { approvedMerchant } from './merchant';
import type { Instrument, InstrumentUpdateResult, PaymentProvider } from './provider';

/**
 * The card account updater (issue 37 item 4, decision 071). `UPDATER_LEAD_DAYS` before a family's due
 * date, its cards on auto-pay (first and backup) go to the networks in the studio's batch of the day
 * (`instrument_update_batches`: one a studio and day, recorded before the processor is called, its
 * idempotency id the row's id). A later job reads the answers and applies them once:
 * - a renewed card (CARD_EXPIRATION_UPDATED, a new instrument): a new row replaces the old one, which is
 *   kept as removed "by the account updater" (the history), with the rank, consent and notice it had;
 * - CLOSED_ACCOUNT / INVALID_CARD: the card is marked unusable (`unusable_at/code`) and the family is
 *   asked for a new card (the outbox, keyed by the card: once);
 * - every answer is recorded on the card (`updater_result`, `updater_checked_at`).
 */

export type UpdaterDeps = { db: Db; provider: PaymentProvider };

/** How many days before a due date the cards are sent: the answers are in before the reminder and flag. */
export const UPDATER_LEAD_DAYS = 12;
/** A card checked this recently is not sent again (due dates close together share one check). */
const RECHECK_AFTER_DAYS = 20;
/** Who removed a card the updater replaced. */
const BY_UPDATER = 'Account updater';
/** Results that mean the card must not be charged again. */
const UNUSABLE: ReadonlySet<string> = new Set(['CLOSED_ACCOUNT', 'INVALID_CARD']);

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The instruments to send on `day`: live, usable cards of families on auto-pay with a due date soon. */
async function cardsToSend(db: Db, companyId: string, provider: string, day: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select c.instrument_id from payment_cards c
        join autopay_consents a on a.company_id = c.company_id and a.family_id = c.family_id
          and a.withdrawn_at is null and a.paused_at is null
        where c.company_id = ${companyId} and c.provider = ${provider} and c.kind = 'card'
          and c.removed_at is null and c.unusable_at is null
          and (c.updater_checked_at is null
            or c.updater_checked_at < ${addDays(day, -RECHECK_AFTER_DAYS)}::date)
          and exists (select 1 from (${latestDueItems(companyId)}) d
            where d.family_id = c.family_id and d.val > 0
              and d.date_due > ${day}::date and d.date_due <= ${addDays(day, UPDATER_LEAD_DAYS)}::date)
          and not exists (select 1 from instrument_update_batches b
            where b.company_id = c.company_id and b.applied_at is null and b.instruments ? c.instrument_id)
        order by c.instrument_id`,
  );
  return rows.map((r) => String(r.instrument_id));
}

/**
 * The studio's batch of `day`: recorded (once: unique by studio and day) with the cards to send, then
 * sent under its own id; its results job queued. A day run again finds its row and sends the same batch
 * again only when the first call's answer was lost (the same idempotency id: the same batch). Returns the
 * number of cards in the batch (0: none to send, or the studio takes no card).
 */
export async function sendUpdaterBatch(
  deps: UpdaterDeps,
  a: { companyId: string; day: string; resultsAt?: Date },
): Promise<number> {
  const { db, provider } = deps;
  const [known] = await db
    .select()
    .from(instrumentUpdateBatches)
    .where(and(eq(instrumentUpdateBatches.companyId, a.companyId), eq(instrumentUpdateBatches.day, a.day)));
  let batch = known;
  if (!batch) {
    const merchantId = await approvedMerchant(db, a.companyId, provider.name);
    if (!merchantId) return 0;
    const instruments = await cardsToSend(db, a.companyId, provider.name, a.day);
    if (instruments.length === 0) return 0;
    await db
      .insert(instrumentUpdateBatches)
      .values({ companyId: a.companyId, day: a.day, provider: provider.name, merchantId, instruments })
      .onConflictDoNothing();
    [batch] = await db
      .select()
      .from(instrumentUpdateBatches)
      .where(and(eq(instrumentUpdateBatches.companyId, a.companyId), eq(instrumentUpdateBatches.day, a.day)));
  }
  if (!batch) return 0;
  if (!batch.batchId) {
    // Unavailable: the job fails and is run again, with the same idempotency id.
    const sent = await provider.createInstrumentUpdate({
      merchantId: batch.merchantId,
      idempotencyId: batch.id,
      instrumentIds: batch.instruments,
    });
    await db
      .update(instrumentUpdateBatches)
      .set({ batchId: sent.id, state: 'sent' })
      .where(eq(instrumentUpdateBatches.id, batch.id));
  }
  await enqueueJob(db, paymentJobs.updaterResults, {
    key: batch.id,
    companyId: a.companyId,
    runAt: a.resultsAt,
    payload: { batchId: batch.id },
  });
  return batch.instruments.length;
}

/** Why a batch's results could not be applied yet: the job is run again later. */
export class UpdaterPending extends Error {}

/**
 * Reads a batch's answers and applies them once (the batch row locked, `applied_at` set in the same
 * transaction). While the networks have not answered, it throws `UpdaterPending` (the runner's back-off
 * tries again). Returns how many cards were renewed and marked unusable.
 */
export async function applyUpdaterResults(
  deps: UpdaterDeps & { appUrl: string },
  batchRowId: string,
): Promise<{ renewed: number; unusable: number } | null> {
  const { db, provider } = deps;
  const [batch] = await db
    .select()
    .from(instrumentUpdateBatches)
    .where(eq(instrumentUpdateBatches.id, batchRowId));
  if (!batch || batch.appliedAt) return null;
  if (!batch.batchId) throw new UpdaterPending(`Batch ${batchRowId} was not sent yet.`);
  const remote = await provider.getInstrumentUpdate(batch.batchId);
  if (remote.state === 'PENDING') throw new UpdaterPending(`Batch ${batch.batchId} is still pending.`);
  const results = await provider.instrumentUpdateResults(batch.batchId);
  // The renewed cards' new instruments, read before the transaction (a processor call never holds a lock).
  const fresh = new Map<string, Instrument>();
  for (const r of results)
    if (r.result === 'CARD_EXPIRATION_UPDATED' && r.updated)
      fresh.set(r.updated, await provider.getInstrument(r.updated));
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ appliedAt: instrumentUpdateBatches.appliedAt })
      .from(instrumentUpdateBatches)
      .where(eq(instrumentUpdateBatches.id, batchRowId))
      .for('update');
    if (!locked || locked.appliedAt) return null;
    const counts = await applyResults(tx, { ...batch, appUrl: deps.appUrl }, results, fresh);
    await tx
      .update(instrumentUpdateBatches)
      .set({ appliedAt: sql`now()`, state: 'applied' })
      .where(eq(instrumentUpdateBatches.id, batchRowId));
    return counts;
  });
}

type BatchCtx = { companyId: string; provider: string; appUrl: string };

async function applyResults(
  tx: Db,
  b: BatchCtx,
  results: InstrumentUpdateResult[],
  fresh: Map<string, Instrument>,
) {
  const originals = results.map((r) => r.original);
  if (originals.length === 0) return { renewed: 0, unusable: 0 };
  const live = await tx
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, b.companyId),
        eq(paymentCards.provider, b.provider),
        inArray(paymentCards.instrumentId, originals),
        isNull(paymentCards.removedAt),
      ),
    );
  const byInstrument = new Map(live.map((c) => [c.instrumentId, c]));
  let renewed = 0;
  let unusable = 0;
  // The other answers are recorded in one statement a result.
  const plain = new Map<string, string[]>();
  for (const r of results) {
    const card = byInstrument.get(r.original);
    if (!card) continue; // removed or replaced since it was sent
    const instrument = r.updated ? fresh.get(r.updated) : undefined;
    if (r.result === 'CARD_EXPIRATION_UPDATED' && instrument) {
      if (await replaceCard(tx, card, instrument)) renewed += 1;
    } else if (UNUSABLE.has(r.result)) {
      if (await markUnusable(tx, b, card, r.result)) unusable += 1;
    } else plain.set(r.result, [...(plain.get(r.result) ?? []), card.id]);
  }
  for (const [result, ids] of plain)
    await tx
      .update(paymentCards)
      .set({ updaterResult: result, updaterCheckedAt: sql`now()` })
      .where(inArray(paymentCards.id, ids));
  return { renewed, unusable };
}

/** The renewed card: the old row removed by the updater (kept), a new row with the new instrument. */
async function replaceCard(tx: Db, card: CardRow, instrument: Instrument): Promise<boolean> {
  const [taken] = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.provider, card.provider), eq(paymentCards.instrumentId, instrument.id)));
  if (taken) return false;
  await tx
    .update(paymentCards)
    .set({
      removedAt: sql`now()`,
      removedByName: BY_UPDATER,
      updaterResult: 'CARD_EXPIRATION_UPDATED',
      updaterCheckedAt: sql`now()`,
    })
    .where(eq(paymentCards.id, card.id));
  const { id: _old, removedAt: _r, removedByName: _n, addedAt: _a, expiryNoticeFor: _e, ...kept } = card;
  await tx.insert(paymentCards).values({
    ...kept,
    instrumentId: instrument.id,
    brand: instrument.brand,
    last4: instrument.last4,
    expMonth: instrument.expMonth,
    expYear: instrument.expYear,
    fingerprint: instrument.fingerprint ?? card.fingerprint,
    addedByName: BY_UPDATER,
    updaterResult: 'CARD_EXPIRATION_UPDATED',
    updaterCheckedAt: sql`now()`,
  });
  return true;
}

/** A card that can no longer be charged: marked once, and the family asked for a new one (once). */
async function markUnusable(tx: Db, b: BatchCtx, card: CardRow, result: string): Promise<boolean> {
  const marked = await tx
    .update(paymentCards)
    .set({
      unusableAt: sql`now()`,
      unusableCode: result,
      updaterResult: result,
      updaterCheckedAt: sql`now()`,
    })
    .where(and(eq(paymentCards.id, card.id), isNull(paymentCards.unusableAt)))
    .returning({ id: paymentCards.id });
  if (marked.length === 0) return false;
  const address = await familyAddress(tx, b.companyId, card.familyId);
  if (address?.to)
    await enqueueMail(tx, {
      template: 'card-unusable',
      to: address.to,
      companyId: b.companyId,
      key: `card-unusable:${card.id}`,
      data: {
        studioName: address.studioName,
        studioContact: address.studioContact,
        family: address.family,
        card: cardLabel(card),
        backup: card.rank === 'backup',
        why: result === 'CLOSED_ACCOUNT' ? 'closed' : 'invalid',
        link: portalLink(b.appUrl),
      },
    });
  return true;
}
