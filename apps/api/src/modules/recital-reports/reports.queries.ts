import { and, asc, count, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts } from '../../db/schema/families';
import { recitalDancers } from '../../db/schema/recital-dancers-kept';
import {
  recitalSeats,
  recitalShowNumbers,
  recitalShows,
  recitals,
  recitalTickets,
  ticketOrders,
} from '../../db/schema/recitals';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { atTheRecital } from '../../kernel/recital-dancers';

/** Orders that took money: paid, or paid then refunded (all of it). */
const TOOK_MONEY = ['paid', 'refunded'] as const;
/** Far above a recital's orders: one answer stays bounded. */
const ORDERS_BOUND = 50_000;

/** The studio's recital with the studio's name; null when another studio's. */
export async function findReportRecital(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: recitals.id,
      name: recitals.name,
      firstDay: recitals.firstDay,
      lastDay: recitals.lastDay,
      studio: companies.name,
    })
    .from(recitals)
    .innerJoin(companies, eq(companies.id, recitals.companyId))
    .where(and(eq(recitals.companyId, companyId), eq(recitals.id, id)))
    .limit(1);
  return row ?? null;
}

export function reportShows(db: Db, companyId: string, recitalId: string) {
  return db
    .select({
      id: recitalShows.id,
      name: recitalShows.name,
      day: recitalShows.day,
      startsAt: recitalShows.startsAt,
    })
    .from(recitalShows)
    .where(and(eq(recitalShows.companyId, companyId), eq(recitalShows.recitalId, recitalId)))
    .orderBy(asc(recitalShows.day), asc(recitalShows.startsAt), asc(recitalShows.name));
}

/** The recital's sellable seats (not blocked) per section, in the venue's order: every show has them all. */
export function sellableSeats(db: Db, companyId: string, recitalId: string) {
  return db
    .select({
      section: recitalSeats.section,
      order: sql<number>`min(${recitalSeats.sectionOrder})`.mapWith(Number),
      seats: sql<number>`count(*) filter (where not ${recitalSeats.blocked})`.mapWith(Number),
    })
    .from(recitalSeats)
    .where(and(eq(recitalSeats.companyId, companyId), eq(recitalSeats.recitalId, recitalId)))
    .groupBy(recitalSeats.section)
    .orderBy(sql`min(${recitalSeats.sectionOrder})`, asc(recitalSeats.section));
}

/** The recital's tickets that hold a seat (held, sold) counted per show, section and kind, with their prices. */
export function ticketCounts(db: Db, companyId: string, recitalId: string) {
  return db
    .select({
      showId: recitalTickets.showId,
      section: recitalSeats.section,
      kind: recitalTickets.kind,
      state: recitalTickets.state,
      n: count().as('n'),
      amount: sql<number>`coalesce(sum(${recitalTickets.price}), 0)`.mapWith(Number),
    })
    .from(recitalTickets)
    .innerJoin(recitalSeats, eq(recitalSeats.id, recitalTickets.seatId))
    .where(
      and(
        eq(recitalTickets.companyId, companyId),
        eq(recitalSeats.recitalId, recitalId),
        inArray(recitalTickets.state, ['held', 'sold']),
      ),
    )
    .groupBy(recitalTickets.showId, recitalSeats.section, recitalTickets.kind, recitalTickets.state);
}

/** The recital's orders that took money, one row each (what their fees are reckoned from). */
export function moneyOrders(db: Db, companyId: string, recitalId: string) {
  return db
    .select({
      showId: ticketOrders.showId,
      total: ticketOrders.total,
      refunded: ticketOrders.refunded,
      method: ticketOrders.method,
      transferId: ticketOrders.transferId,
    })
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.companyId, companyId),
        eq(ticketOrders.recitalId, recitalId),
        inArray(ticketOrders.state, [...TOOK_MONEY]),
      ),
    )
    .limit(ORDERS_BOUND);
}

export type Page = { limit: number; offset: number } | null;

/** The families who bought (their orders that took money), by name: one page (null: all) and the count. */
export async function buyerRows(db: Db, companyId: string, recitalId: string, page: Page) {
  const sold = db
    .select({ orderId: recitalTickets.orderId, n: count().as('sold_n') })
    .from(recitalTickets)
    .where(and(eq(recitalTickets.companyId, companyId), eq(recitalTickets.state, 'sold')))
    .groupBy(recitalTickets.orderId)
    .as('sold');
  const where = and(
    eq(ticketOrders.companyId, companyId),
    eq(ticketOrders.recitalId, recitalId),
    inArray(ticketOrders.state, [...TOOK_MONEY]),
  );
  const q = db
    .select({
      familyId: familyAccounts.id,
      family: familyAccounts.lastName,
      orders: count(ticketOrders.id),
      tickets: sql<number>`coalesce(sum(${sold.n}), 0)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${ticketOrders.total} - ${ticketOrders.refunded}), 0)`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(ticketOrders)
    .innerJoin(familyAccounts, eq(familyAccounts.id, ticketOrders.familyId))
    .leftJoin(sold, eq(sold.orderId, ticketOrders.id))
    .where(where)
    .groupBy(familyAccounts.id, familyAccounts.lastName)
    .orderBy(sql`lower(${familyAccounts.lastName})`, asc(familyAccounts.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q.limit(ORDERS_BOUND);
  if (rows.length > 0 || !page || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end: the count alone.
  const [c] = await db
    .select({ n: countDistinct(ticketOrders.familyId) })
    .from(ticketOrders)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

/**
 * The conditions of a dancer of the recital: an activity that dances at it (`atTheRecital`, decision 107)
 * in a number placed in one of its shows.
 */
const dancerWhere = (companyId: string, recitalId: string) =>
  and(
    eq(recitalShowNumbers.companyId, companyId),
    eq(recitalShowNumbers.recitalId, recitalId),
    eq(danceNumberActivity.companyId, companyId),
    atTheRecital,
  );

/** Names as people read them (ICU's root collation): Müller between Moore and Murphy, on either database. */
const byName = (name: SQL) => sql`${name} collate "und-x-icu"`;

/**
 * The recital's dancers as the database keeps them (decision 112): those placed in one of its shows.
 * `placements > 0` is written out, not a parameter, so that the partial index serves generic plans too.
 */
const keptDancers = (companyId: string, recitalId: string) =>
  and(
    eq(recitalDancers.recitalId, recitalId),
    eq(recitalDancers.companyId, companyId),
    sql`${recitalDancers.placements} > 0`,
  );

/**
 * A page of the recital's dancers (null: all, for the CSV), by family name as people read names, then
 * first name (decisions 087 and 111): a range of `recital_dancers_page_idx` (decision 112), whatever the
 * studio's size and however few of its families dance.
 */
export function dancerPageQuery(db: Db, companyId: string, recitalId: string, page: Page) {
  const q = db
    .select({
      studentId: recitalDancers.studentId,
      firstName: recitalDancers.firstName,
      lastName: recitalDancers.lastName,
      family: recitalDancers.familyName,
    })
    .from(recitalDancers)
    .where(keptDancers(companyId, recitalId))
    .orderBy(
      byName(sql`${recitalDancers.familyName}`),
      byName(sql`${recitalDancers.firstName}`),
      asc(recitalDancers.studentId),
    );
  return page ? q.limit(page.limit).offset(page.offset) : q.limit(ORDERS_BOUND);
}

/** How many dancers the recital has (decision 112). */
export const dancerCountQuery = (db: Db, companyId: string, recitalId: string) =>
  db.select({ n: count() }).from(recitalDancers).where(keptDancers(companyId, recitalId));

type DancerRow = { studentId: string; firstName: string; lastName: string; family: string };

/** The recital's dancers in the sheet's order: one page (null: all, for the CSV) and the count. */
export async function dancerPage(
  db: Db,
  companyId: string,
  recitalId: string,
  page: Page,
): Promise<{ rows: DancerRow[]; total: number }> {
  if (!page) {
    const rows = await dancerPageQuery(db, companyId, recitalId, null);
    return { rows, total: rows.length };
  }
  const [rows, [c]] = await Promise.all([
    dancerPageQuery(db, companyId, recitalId, page),
    dancerCountQuery(db, companyId, recitalId),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/**
 * The numbers these dancers dance in the recital, with their show and place (one query). The dancers go
 * as one JSON list, so that the statement's text is one whatever their number (a page's fifty or the
 * CSV's all), prepared once and planned from each dancer's activities at the recital by their index.
 */
export function dancerNumbers(db: Db, companyId: string, recitalId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      studentId: danceNumberActivity.studentId,
      showId: recitalShows.id,
      show: recitalShows.name,
      day: recitalShows.day,
      startsAt: recitalShows.startsAt,
      number: danceNumbers.name,
      position: recitalShowNumbers.position,
    })
    .from(recitalShowNumbers)
    .innerJoin(recitalShows, eq(recitalShows.id, recitalShowNumbers.showId))
    .innerJoin(danceNumbers, eq(danceNumbers.id, recitalShowNumbers.danceNumberId))
    .innerJoin(danceNumberActivity, eq(danceNumberActivity.danceNumberId, recitalShowNumbers.danceNumberId))
    .where(
      and(
        dancerWhere(companyId, recitalId),
        sql`${danceNumberActivity.studentId} = any(array(
          select value::uuid from jsonb_array_elements_text(${JSON.stringify(studentIds)}::jsonb)))`,
      ),
    )
    .orderBy(asc(recitalShows.day), asc(recitalShows.startsAt), asc(recitalShowNumbers.position));
}
