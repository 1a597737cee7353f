import { and, asc, count, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
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

/** Whether the dancer `s` dances in the recital: an activity of theirs that dances, in a number placed in one of its shows. */
const dancesIn = (companyId: string, recitalId: string) => sql`exists (
  select 1 from ${danceNumberActivity}
  join ${recitalShowNumbers} on ${recitalShowNumbers.danceNumberId} = ${danceNumberActivity.danceNumberId}
  where ${danceNumberActivity.studentId} = s.id and ${dancerWhere(companyId, recitalId)})`;

/** The family `f`'s dancers who dance in the recital: how many, and each one's id and names. */
const familyDancers = (companyId: string, recitalId: string) => sql`cross join lateral (
  select count(*)::int as n, array_agg(s.id) as ids, array_agg(s.first_name) as firsts,
    array_agg(s.last_name) as lasts
  from ${students} s
  where s.company_id = ${companyId} and s.family_id = f.id and ${dancesIn(companyId, recitalId)}
) d`;

/** Names as people read them (ICU's root collation): Müller between Moore and Murphy, on either database. */
const byName = (name: SQL) => sql`${name} collate "und-x-icu"`;

/**
 * A page of the recital's dancers, by family name as people read names, then first name (decision 111):
 * the studio's families walked in that order one at a time (a recursive walk, each step the next family
 * after one by `family_accounts_name_icu_idx`, and its dancing dancers found by their keys) until the
 * page's dancers are found and the last name the page ends on is whole (the dancers of two families of
 * one name sort by first name together); then those dancers in order, the page of them. Its cost is the
 * families before the page's end (more of them where fewer of the studio's families dance in the
 * recital), beside any number of studios and whatever the plan: each step is a lookup by key, which no
 * estimate turns into a walk of every family (the plain join's plan, made for a small studio among
 * 10,000, sorted all of them: 8,353 buffers against 693).
 */
export function dancerPageStatement(
  companyId: string,
  recitalId: string,
  page: { limit: number; offset: number },
) {
  const found = familyDancers(companyId, recitalId);
  const family = sql`f.last_name as k, f.id, d.n, d.ids, d.firsts, d.lasts`;
  const name = byName(sql`f.last_name`);
  return sql`with recursive walk(k, id, own, ids, firsts, lasts, n) as (
    (select ${family}, d.n from ${familyAccounts} f ${found}
      where f.company_id = ${companyId}
      order by ${name}, f.id limit 1)
    union all
    select nf.k, nf.id, nf.n, nf.ids, nf.firsts, nf.lasts, w.n + nf.n from walk w
    cross join lateral (
      select ${family} from ${familyAccounts} f ${found}
      where f.company_id = ${companyId} and (${name}, f.id) > (w.k, w.id)
      order by ${name}, f.id limit 1
    ) nf
    where w.n < ${page.offset + page.limit} or nf.k = w.k
  )
  select x.id as "studentId", x.first_name as "firstName", x.last_name as "lastName", w.k as family
  from walk w
  cross join lateral unnest(w.ids, w.firsts, w.lasts) as x(id, first_name, last_name)
  where w.own > 0
  order by ${byName(sql`w.k`)}, ${byName(sql`x.first_name`)}, x.id
  limit ${page.limit} offset ${page.offset}`;
}

type DancerRow = { studentId: string; firstName: string; lastName: string; family: string };

/**
 * The recital's dancers by family name as people read names, then first name: one page (null: all, for
 * the CSV, in the same order) and the count (decisions 087 and 111). A page walks the families before its end (`dancerPageStatement`); the count is a
 * count of the recital's dancers alone, no names, no order.
 */
export async function dancerPage(
  db: Db,
  companyId: string,
  recitalId: string,
  page: Page,
): Promise<{ rows: DancerRow[]; total: number }> {
  if (!page) {
    const rows = await rowsOf<DancerRow>(
      db,
      sql`select s.id as "studentId", s.first_name as "firstName", s.last_name as "lastName", f.last_name as family
        from ${familyAccounts} f
        join ${students} s on s.company_id = ${companyId} and s.family_id = f.id
        where f.company_id = ${companyId} and ${dancesIn(companyId, recitalId)}
        order by ${byName(sql`f.last_name`)}, ${byName(sql`s.first_name`)}, s.id
        limit ${ORDERS_BOUND}`,
    );
    return { rows, total: rows.length };
  }
  const [rows, [c]] = await Promise.all([
    rowsOf<DancerRow>(db, dancerPageStatement(companyId, recitalId, page)),
    db
      .select({ n: countDistinct(danceNumberActivity.studentId) })
      .from(recitalShowNumbers)
      .innerJoin(danceNumberActivity, eq(danceNumberActivity.danceNumberId, recitalShowNumbers.danceNumberId))
      .where(dancerWhere(companyId, recitalId)),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** The numbers these dancers dance in the recital, with their show and place (one query). */
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
    .where(and(dancerWhere(companyId, recitalId), inArray(danceNumberActivity.studentId, [...studentIds])))
    .orderBy(asc(recitalShows.day), asc(recitalShows.startsAt), asc(recitalShowNumbers.position));
}
