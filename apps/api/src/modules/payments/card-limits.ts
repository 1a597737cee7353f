import {
  type Actor,
  CARD_LIMITS,
  type CardLimitHitsPage,
  type CardLimitKind,
  type CardLimits,
  can,
  type cardLimitHitsQuery,
  cardLimitLabels,
  cardLimitMessages,
} from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { paymentLimitHits } from '../../db/schema/payments';
import { forbidden } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { consume, RateLimited, type Reservation, type Rule, reserveAttempt } from '../../lib/rate-limit';

/**
 * Card testing stopped before the processor (issue 31 item 3, decision 038), in the shared atomic
 * limiter (decision 005): a checkout takes its place under the family's and the studio's declines
 * before the processor is called, and gives it back when the card was not declined, so only declines
 * count and however many checkouts arrive at once, no more than the limit reach the processor. A card
 * added (saved, or typed at checkout to be saved) counts whatever becomes of it. A refusal is a 429 with
 * the limit's own sentence, and is noted for the owner's dashboard.
 */

/** `limits`: the server's (config.ts), the product's own by default. */
type LimitDeps = { db: Db; clock: Clock; limits?: CardLimits };

const rule = (deps: LimitDeps, kind: CardLimitKind): Rule => ({
  ...(deps.limits ?? CARD_LIMITS)[kind],
  message: cardLimitMessages[kind],
});

const keyOf = (kind: CardLimitKind, companyId: string, familyId: string) =>
  kind === 'studio' ? `card:studio-declines:${companyId}` : `card:${kind}:${companyId}:${familyId}`;

const kindOfKey = (key: string): CardLimitKind =>
  key.startsWith('card:studio-declines:') ? 'studio' : key.startsWith('card:cards:') ? 'cards' : 'declines';

/** Notes a family's refusal (one row a family, limit and day), after the refusal, outside any transaction. */
async function noteHit(deps: LimitDeps, companyId: string, familyId: string, kind: CardLimitKind) {
  const now = deps.clock.now();
  await deps.db
    .insert(paymentLimitHits)
    .values({ companyId, familyId, kind, day: now.toISOString().slice(0, 10), firstAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: [
        paymentLimitHits.companyId,
        paymentLimitHits.familyId,
        paymentLimitHits.kind,
        paymentLimitHits.day,
      ],
      set: { lastAt: now, refused: sql`${paymentLimitHits.refused} + 1` },
    });
}

async function noted<T>(deps: LimitDeps, companyId: string, familyId: string, take: () => Promise<T>) {
  try {
    return await take();
  } catch (error) {
    if (error instanceof RateLimited) await noteHit(deps, companyId, familyId, kindOfKey(error.key));
    throw error;
  }
}

/**
 * A checkout's places: under the family's and the studio's declines, and, for a card to be saved, one of
 * the family's cards added. `declined(false)` gives the declines' places back (the card was not declined).
 */
export async function checkoutPlaces(
  deps: LimitDeps,
  companyId: string,
  familyId: string,
  opts: { addsCard: boolean },
): Promise<Reservation> {
  return noted(deps, companyId, familyId, async () => {
    const places = await reserveAttempt(deps.db, deps.clock, [
      [keyOf('declines', companyId, familyId), rule(deps, 'declines')],
      [keyOf('studio', companyId, familyId), rule(deps, 'studio')],
    ]);
    if (opts.addsCard) {
      await consume(deps.db, deps.clock, keyOf('cards', companyId, familyId), rule(deps, 'cards')).catch(
        async (error: unknown) => {
          await places.release();
          throw error;
        },
      );
    }
    return places;
  });
}

/** A card saved: counted, whatever becomes of it; past the limit, refused before the processor hears of it. */
export function cardAddedPlace(deps: LimitDeps, companyId: string, familyId: string): Promise<void> {
  return noted(deps, companyId, familyId, () =>
    consume(deps.db, deps.clock, keyOf('cards', companyId, familyId), rule(deps, 'cards')),
  );
}

/** GET mystudio/payments/limits: the families refused by a limit, latest first, a page at a time. */
export async function limitHitsPage(
  deps: LimitDeps & { actor: Actor },
  q: z.output<typeof cardLimitHitsQuery>,
): Promise<CardLimitHitsPage> {
  if (!can(deps.actor, 'studio:manage')) throw forbidden();
  const companyId = deps.actor.companyId;
  const rows = await rowsOf<Record<string, unknown>>(
    deps.db,
    sql`select h.family_id, f.last_name, h.kind, h.refused, count(*) over () as total,
          to_char(h.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_at,
          to_char(h.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_at
        from payment_limit_hits h
        join family_accounts f on f.id = h.family_id and f.company_id = h.company_id
        where h.company_id = ${companyId}
        order by h.last_at desc, h.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    items: rows.map((r) => {
      const kind = String(r.kind) as CardLimitKind;
      return {
        coAcctMemID: String(r.family_id),
        family: String(r.last_name ?? ''),
        kind,
        label: cardLimitLabels[kind],
        firstAt: String(r.first_at),
        lastAt: String(r.last_at),
        refused: Number(r.refused),
      };
    }),
    total: Number(rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
