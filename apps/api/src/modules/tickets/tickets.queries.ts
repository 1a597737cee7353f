import type { TicketPriceItem } from '@pirouette/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import {
  recitalPrices,
  recitalSeats,
  recitalShows,
  recitals,
  recitalTickets,
  ticketOrders,
} from '../../db/schema/recitals';

/**
 * The tickets module's reads of the recital's tables (decision 074). The recitals module owns recitals and
 * shows; until its door offers them, these queries read the tables themselves, each scoped by the studio
 * (or, for the public, by the recital's public token).
 */

export type RecitalRow = typeof recitals.$inferSelect;
export type ShowRow = typeof recitalShows.$inferSelect;
export type OrderRow = typeof ticketOrders.$inferSelect;

export type ShowContext = {
  recital: RecitalRow;
  show: ShowRow;
  studioName: string;
  timeZone: string;
};

/** A show with its recital and studio, by the studio or by the recital's public token; null when neither. */
export async function showContext(
  db: Db,
  scope: { companyId: string } | { token: string },
  showId: string,
): Promise<ShowContext | null> {
  const [row] = await db
    .select({
      recital: recitals,
      show: recitalShows,
      studioName: companies.name,
      timeZone: companies.timeZone,
    })
    .from(recitalShows)
    .innerJoin(recitals, eq(recitals.id, recitalShows.recitalId))
    .innerJoin(companies, eq(companies.id, recitals.companyId))
    .where(
      and(
        eq(recitalShows.id, showId),
        'companyId' in scope
          ? eq(recitals.companyId, scope.companyId)
          : eq(recitals.publicToken, scope.token),
        isNull(recitals.archivedAt),
      ),
    );
  return row ?? null;
}

/** The recitals on sale or coming of a studio (or one by its token), with the studio's name and zone. */
export async function recitalsOf(db: Db, scope: { companyId: string } | { token: string }) {
  return db
    .select({ recital: recitals, studioName: companies.name, timeZone: companies.timeZone })
    .from(recitals)
    .innerJoin(companies, eq(companies.id, recitals.companyId))
    .where(
      and(
        'companyId' in scope
          ? eq(recitals.companyId, scope.companyId)
          : eq(recitals.publicToken, scope.token),
        isNull(recitals.archivedAt),
      ),
    )
    .orderBy(asc(recitals.firstDay))
    .limit(20);
}

/** The shows of some recitals, by day and curtain. */
export function showsOf(db: Db, recitalIds: string[]) {
  if (recitalIds.length === 0) return Promise.resolve([] as ShowRow[]);
  return db
    .select()
    .from(recitalShows)
    .where(inArray(recitalShows.recitalId, recitalIds))
    .orderBy(asc(recitalShows.day), asc(recitalShows.startsAt));
}

/** The prices of some recitals. */
export async function pricesOf(db: Db, recitalIds: string[]): Promise<Map<string, TicketPriceItem[]>> {
  const out = new Map<string, TicketPriceItem[]>();
  if (recitalIds.length === 0) return out;
  const rows = await db
    .select()
    .from(recitalPrices)
    .where(inArray(recitalPrices.recitalId, recitalIds))
    .orderBy(asc(recitalPrices.section), asc(recitalPrices.kind));
  for (const r of rows) {
    const list = out.get(r.recitalId) ?? [];
    list.push({ section: r.section, kind: r.kind, amount: r.amount });
    out.set(r.recitalId, list);
  }
  return out;
}

/** An order still stored as held whose hold has ended (read as expired until the sweep writes it). */
export const heldPast = (now: Date) =>
  sql`(${ticketOrders.state} = 'held' and ${ticketOrders.heldUntil} <= ${now.toISOString()}::timestamptz)`;

/** A ticket claims its seat while sold, or held with a hold not run out (a paying order's has no end). */
export const claims = (now: Date) =>
  sql`(${recitalTickets.state} = 'sold' or (${recitalTickets.state} = 'held' and (${recitalTickets.heldUntil} is null or ${recitalTickets.heldUntil} > ${now.toISOString()}::timestamptz)))`;

export type SeatMapRow = {
  id: string;
  section: string;
  sectionOrder: number;
  row: string;
  rowOrder: number;
  number: number;
  col: number;
  accessible: boolean;
  blocked: boolean;
  state: 'held' | 'sold' | null;
  orderId: string | null;
};

/** Every seat of the recital's venue with what claims it in the show, in the map's order: one query. */
export function seatMapRows(db: Db, recitalId: string, showId: string, now: Date): Promise<SeatMapRow[]> {
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
      state: sql<'held' | 'sold' | null>`${recitalTickets.state}`,
      orderId: recitalTickets.orderId,
    })
    .from(recitalSeats)
    .leftJoin(
      recitalTickets,
      and(eq(recitalTickets.seatId, recitalSeats.id), eq(recitalTickets.showId, showId), claims(now)),
    )
    .where(eq(recitalSeats.recitalId, recitalId))
    .orderBy(
      asc(recitalSeats.sectionOrder),
      asc(recitalSeats.section),
      asc(recitalSeats.rowOrder),
      asc(recitalSeats.row),
      asc(recitalSeats.col),
      asc(recitalSeats.number),
    );
}

/**
 * Seats left to sell in each of some shows (not blocked, not claimed): one query. Written as joins, not a
 * correlated subquery: in a one-table select drizzle leaves the outer columns unqualified, so inside a
 * subquery they would name the inner table's columns.
 */
export async function freeSeatsOf(db: Db, showIds: string[], now: Date): Promise<Map<string, number>> {
  if (showIds.length === 0) return new Map();
  const rows = await db
    .select({
      showId: recitalShows.id,
      free: sql<number>`(count(${recitalSeats.id}) filter (where ${recitalTickets.id} is null))::int`,
    })
    .from(recitalShows)
    .leftJoin(
      recitalSeats,
      and(eq(recitalSeats.recitalId, recitalShows.recitalId), eq(recitalSeats.blocked, false)),
    )
    .leftJoin(
      recitalTickets,
      and(
        eq(recitalTickets.seatId, recitalSeats.id),
        eq(recitalTickets.showId, recitalShows.id),
        claims(now),
      ),
    )
    .where(inArray(recitalShows.id, showIds))
    .groupBy(recitalShows.id);
  return new Map(rows.map((r) => [r.showId, Number(r.free)]));
}

/**
 * For each show of some recitals: the family's dancers performing in it (a dance number of the show that
 * a dancer of the family dances at the recital: the activity's kept `at_recital`, the kernel's
 * `atTheRecital`, decision 107) and the comps it has taken (held or sold). Two queries. Each table named
 * with the studio, so that the family's dancers are found by the students' family index and their
 * numbers by the activities' recital index (decision 087), not by a scan.
 */
export async function familyComps(db: Db, companyId: string, familyId: string, recitalIds: string[]) {
  const dancers = new Map<string, number>();
  const taken = new Map<string, number>();
  if (recitalIds.length === 0) return { dancers, taken };
  const ids = sql.join(
    recitalIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const performing = await rowsOf<{ show_id: string; n: number }>(
    db,
    sql`select rsn.show_id, count(distinct a.student_id)::int as n
        from recital_show_numbers rsn
        join dance_number_activity a on a.dance_number_id = rsn.dance_number_id and a.company_id = ${companyId}
          and a.at_recital
        join students st on st.id = a.student_id and st.family_id = ${familyId} and st.company_id = ${companyId}
        where rsn.company_id = ${companyId} and rsn.recital_id in (${ids})
        group by rsn.show_id`,
  );
  for (const r of performing) dancers.set(r.show_id, Number(r.n));
  const comps = await db
    .select({ showId: recitalTickets.showId, n: sql<number>`count(*)::int` })
    .from(recitalTickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, recitalTickets.orderId))
    .where(
      and(
        eq(ticketOrders.companyId, companyId),
        eq(ticketOrders.familyId, familyId),
        inArray(ticketOrders.recitalId, recitalIds),
        eq(recitalTickets.kind, 'comp'),
        inArray(recitalTickets.state, ['held', 'sold']),
      ),
    )
    .groupBy(recitalTickets.showId);
  for (const r of comps) taken.set(r.showId, Number(r.n));
  return { dancers, taken };
}

export type OrderTicketRow = {
  ticket: typeof recitalTickets.$inferSelect;
  section: string;
  row: string;
  number: number;
};

/** The tickets of some orders with their seats, by section, row and number: one query. */
export function ticketsOfOrders(db: Db, orderIds: string[]): Promise<OrderTicketRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ticket: recitalTickets,
      section: recitalSeats.section,
      row: recitalSeats.row,
      number: recitalSeats.number,
    })
    .from(recitalTickets)
    .innerJoin(recitalSeats, eq(recitalSeats.id, recitalTickets.seatId))
    .where(inArray(recitalTickets.orderId, orderIds))
    .orderBy(
      asc(recitalSeats.sectionOrder),
      asc(recitalSeats.rowOrder),
      asc(recitalSeats.row),
      asc(recitalSeats.number),
    );
}

/** Orders with their recital's and show's names, by id. */
export function ordersWithShows(db: Db, where: ReturnType<typeof and>) {
  return db
    .select({
      order: ticketOrders,
      show: recitalShows,
      recitalName: recitals.name,
      venueName: recitals.venueName,
    })
    .from(ticketOrders)
    .innerJoin(recitalShows, eq(recitalShows.id, ticketOrders.showId))
    .innerJoin(recitals, eq(recitals.id, ticketOrders.recitalId))
    .where(where);
}
