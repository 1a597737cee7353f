import type { GeneratedSeat } from '@pirouette/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitalPrices, recitalSeats, recitals, recitalTickets } from '../../db/schema/recitals';

export type RecitalSalesRow = Pick<
  typeof recitals.$inferSelect,
  | 'id'
  | 'compsPerDancer'
  | 'familySalesFrom'
  | 'publicSalesFrom'
  | 'salesUntil'
  | 'settledFamiliesOnly'
  | 'refundsUntil'
>;

/** The studio's recital (its sales settings), locked when asked (a save of its seats or prices). */
export async function findRecital(
  db: Db,
  companyId: string,
  id: string,
  lock = false,
): Promise<RecitalSalesRow | null> {
  const q = db
    .select({
      id: recitals.id,
      compsPerDancer: recitals.compsPerDancer,
      familySalesFrom: recitals.familySalesFrom,
      publicSalesFrom: recitals.publicSalesFrom,
      salesUntil: recitals.salesUntil,
      settledFamiliesOnly: recitals.settledFamiliesOnly,
      refundsUntil: recitals.refundsUntil,
    })
    .from(recitals)
    .where(and(eq(recitals.companyId, companyId), eq(recitals.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The recital's seats (at most the venue's 5,000), each with whether a ticket of any show holds or sold it. */
export function seatsOf(db: Db, companyId: string, recitalId: string) {
  return db
    .select({
      id: recitalSeats.id,
      section: recitalSeats.section,
      sectionOrder: recitalSeats.sectionOrder,
      row: recitalSeats.row,
      rowOrder: recitalSeats.rowOrder,
      number: recitalSeats.number,
      col: recitalSeats.col,
      accessible: recitalSeats.accessible,
      blocked: recitalSeats.blocked,
      // Written out qualified: drizzle leaves a one-table select's columns unqualified.
      taken: sql<boolean>`exists (select 1 from recital_tickets t where t.seat_id = "recital_seats"."id" and t.state in ('held', 'sold'))`,
      refunded: sql<boolean>`exists (select 1 from recital_tickets t where t.seat_id = "recital_seats"."id" and t.state = 'refunded')`,
    })
    .from(recitalSeats)
    .where(and(eq(recitalSeats.companyId, companyId), eq(recitalSeats.recitalId, recitalId)))
    .orderBy(asc(recitalSeats.sectionOrder), asc(recitalSeats.rowOrder), asc(recitalSeats.col))
    .limit(6000);
}

export function pricesOf(db: Db, companyId: string, recitalId: string) {
  return db
    .select({ section: recitalPrices.section, kind: recitalPrices.kind, amount: recitalPrices.amount })
    .from(recitalPrices)
    .where(and(eq(recitalPrices.companyId, companyId), eq(recitalPrices.recitalId, recitalId)))
    .orderBy(asc(recitalPrices.section), asc(recitalPrices.kind))
    .limit(100);
}

/** A save's writes: removed seats deleted, kept ones updated (one statement), new ones inserted. */
export async function writeSeats(
  tx: Db,
  a: {
    companyId: string;
    recitalId: string;
    remove: readonly string[];
    keep: readonly (GeneratedSeat & { id: string })[];
    add: readonly GeneratedSeat[];
  },
): Promise<void> {
  if (a.remove.length > 0) {
    // Holds that ended on a removed seat (released tickets of orders that came to nothing) go with it.
    await tx
      .delete(recitalTickets)
      .where(and(inArray(recitalTickets.seatId, [...a.remove]), eq(recitalTickets.state, 'released')));
    await tx
      .delete(recitalSeats)
      .where(and(eq(recitalSeats.recitalId, a.recitalId), inArray(recitalSeats.id, [...a.remove])));
  }
  for (let i = 0; i < a.keep.length; i += 1000) {
    const part = a.keep.slice(i, i + 1000);
    const values = sql.join(
      part.map(
        (s) =>
          sql`(${s.id}::uuid, ${s.sectionOrder}::smallint, ${s.rowOrder}::smallint, ${s.col}::smallint, ${s.accessible}::boolean, ${s.blocked}::boolean)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${recitalSeats} set section_order = v.so, row_order = v.ro, col = v.col,
      accessible = v.acc, blocked = v.blk
      from (values ${values}) as v(id, so, ro, col, acc, blk)
      where ${recitalSeats.id} = v.id and ${recitalSeats.recitalId} = ${a.recitalId}`);
  }
  for (let i = 0; i < a.add.length; i += 1000) {
    await tx
      .insert(recitalSeats)
      .values(
        a.add.slice(i, i + 1000).map((s) => ({ ...s, companyId: a.companyId, recitalId: a.recitalId })),
      );
  }
}

/** The recital's prices replaced whole. */
export async function replacePrices(
  tx: Db,
  a: {
    companyId: string;
    recitalId: string;
    prices: readonly { section: string; kind: 'adult' | 'child'; amount: number }[];
  },
): Promise<void> {
  await tx
    .delete(recitalPrices)
    .where(and(eq(recitalPrices.companyId, a.companyId), eq(recitalPrices.recitalId, a.recitalId)));
  if (a.prices.length === 0) return;
  await tx.insert(recitalPrices).values(
    a.prices.map((p) => ({
      ...p,
      section: p.section.trim(),
      companyId: a.companyId,
      recitalId: a.recitalId,
    })),
  );
}

export async function updateSalesSettings(
  tx: Db,
  companyId: string,
  recitalId: string,
  set: Omit<RecitalSalesRow, 'id'>,
): Promise<void> {
  await tx
    .update(recitals)
    .set(set)
    .where(and(eq(recitals.companyId, companyId), eq(recitals.id, recitalId)));
}
