import type { ScanResultCode } from '@pirouette/domain';
import { MAX_DOOR_TICKETS } from '@pirouette/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import {
  recitalSeats,
  recitalShows,
  recitals,
  recitalTickets,
  ticketOrders,
  ticketScans,
} from '../../db/schema/recitals';
import { users } from '../../db/schema/users';

/** A show of the studio with its recital's name and the studio's time zone; null when not the studio's. */
export async function findShow(db: Db, companyId: string, showId: string) {
  const [row] = await db
    .select({
      id: recitalShows.id,
      name: recitalShows.name,
      day: recitalShows.day,
      startsAt: recitalShows.startsAt,
      doorsAt: recitalShows.doorsAt,
      recital: recitals.name,
      timeZone: companies.timeZone,
    })
    .from(recitalShows)
    .innerJoin(recitals, eq(recitals.id, recitalShows.recitalId))
    .innerJoin(companies, eq(companies.id, recitalShows.companyId))
    .where(and(eq(recitalShows.companyId, companyId), eq(recitalShows.id, showId)))
    .limit(1);
  return row ?? null;
}
export type ShowFacts = NonNullable<Awaited<ReturnType<typeof findShow>>>;

/** The signed-in person as the door writes them: "Lena R.". */
export async function personName(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return '';
  return `${row.first} ${row.last.slice(0, 1)}${row.last ? '.' : ''}`.trim();
}

const ticketColumns = {
  id: recitalTickets.id,
  code: recitalTickets.code,
  showId: recitalTickets.showId,
  showName: recitalShows.name,
  state: recitalTickets.state,
  usedAt: recitalTickets.usedAt,
  usedDoor: recitalTickets.usedDoor,
  usedBy: recitalTickets.usedBy,
  section: recitalSeats.section,
  row: recitalSeats.row,
  number: recitalSeats.number,
  holder: ticketOrders.buyerName,
};

/** The studio's tickets of these codes, with their seat, show and buyer. */
export function ticketsByCode(db: Db, companyId: string, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select(ticketColumns)
    .from(recitalTickets)
    .innerJoin(recitalSeats, eq(recitalSeats.id, recitalTickets.seatId))
    .innerJoin(recitalShows, eq(recitalShows.id, recitalTickets.showId))
    .innerJoin(ticketOrders, eq(ticketOrders.id, recitalTickets.orderId))
    .where(and(eq(recitalTickets.companyId, companyId), inArray(recitalTickets.code, [...new Set(codes)])));
}
export type DoorTicketRow = Awaited<ReturnType<typeof ticketsByCode>>[number];

/** The show's sold and refunded tickets (at most the venue's seats), for the phone to check offline. */
export function showTickets(db: Db, companyId: string, showId: string) {
  return db
    .select(ticketColumns)
    .from(recitalTickets)
    .innerJoin(recitalSeats, eq(recitalSeats.id, recitalTickets.seatId))
    .innerJoin(recitalShows, eq(recitalShows.id, recitalTickets.showId))
    .innerJoin(ticketOrders, eq(ticketOrders.id, recitalTickets.orderId))
    .where(
      and(
        eq(recitalTickets.companyId, companyId),
        eq(recitalTickets.showId, showId),
        inArray(recitalTickets.state, ['sold', 'refunded']),
      ),
    )
    .orderBy(recitalSeats.sectionOrder, recitalSeats.rowOrder, recitalSeats.col)
    .limit(MAX_DOOR_TICKETS);
}

/** The show's latest scans, newest first, with their ticket's seat and buyer. */
export function recentScans(db: Db, companyId: string, showId: string, limit = 20) {
  return db
    .select({
      id: ticketScans.id,
      result: ticketScans.result,
      door: ticketScans.door,
      scannedAt: ticketScans.scannedAt,
      offline: ticketScans.offline,
      section: recitalSeats.section,
      row: recitalSeats.row,
      number: recitalSeats.number,
      holder: ticketOrders.buyerName,
    })
    .from(ticketScans)
    .leftJoin(recitalTickets, eq(recitalTickets.id, ticketScans.ticketId))
    .leftJoin(recitalSeats, eq(recitalSeats.id, recitalTickets.seatId))
    .leftJoin(ticketOrders, eq(ticketOrders.id, recitalTickets.orderId))
    .where(and(eq(ticketScans.companyId, companyId), eq(ticketScans.showId, showId)))
    .orderBy(desc(ticketScans.receivedAt), desc(ticketScans.scannedAt))
    .limit(limit);
}

export type NewScan = {
  clientScanId: string;
  code: string;
  door: string;
  scannedAt: string;
  offline: boolean;
  ticketId: string | null;
  result: ScanResultCode;
};

/**
 * Writes the scans not written before (their clientScanId new to the studio) and answers their ids: a scan
 * sent twice — even by two requests at once — is written once (the second waits on the unique index).
 */
export async function insertScans(
  tx: Db,
  a: { companyId: string; showId: string; byUserId: string; scans: readonly NewScan[] },
): Promise<Set<string>> {
  const rows = await tx
    .insert(ticketScans)
    .values(
      a.scans.map((s) => ({
        companyId: a.companyId,
        showId: a.showId,
        ticketId: s.ticketId,
        code: s.code,
        clientScanId: s.clientScanId,
        door: s.door,
        scannedAt: new Date(s.scannedAt),
        offline: s.offline,
        result: s.result,
        byUserId: a.byUserId,
      })),
    )
    .onConflictDoNothing({ target: [ticketScans.companyId, ticketScans.clientScanId] })
    .returning({ clientScanId: ticketScans.clientScanId });
  return new Set(rows.map((r) => r.clientScanId));
}

/** The scans already written under these ids (sent before), with what they answered. */
export function scansByClientId(db: Db, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      clientScanId: ticketScans.clientScanId,
      result: ticketScans.result,
      ticketId: ticketScans.ticketId,
      code: ticketScans.code,
      offline: ticketScans.offline,
    })
    .from(ticketScans)
    .where(and(eq(ticketScans.companyId, companyId), inArray(ticketScans.clientScanId, [...ids])));
}

/**
 * Admits each ticket by its scan, atomically: only a ticket not used yet is marked (`used_at is null`), so
 * of two phones at once exactly one admits. The tickets are locked in id order first (decision 126): two
 * phones syncing the same tickets scanned in other orders never each hold one the other waits for.
 * Answers the tickets this statement marked.
 */
export async function admitTickets(
  tx: Db,
  companyId: string,
  admissions: readonly { ticketId: string; at: string; door: string; by: string }[],
): Promise<Set<string>> {
  if (admissions.length === 0) return new Set();
  const values = sql.join(
    admissions.map((a) => sql`(${a.ticketId}::uuid, ${a.at}::timestamptz, ${a.door}::text, ${a.by}::text)`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`with v(id, at, door, by) as (values ${values}),
    locked as (
      select ${recitalTickets.id} as id from ${recitalTickets}
      where ${recitalTickets.id} in (select id from v) and ${recitalTickets.companyId} = ${companyId}
        and ${recitalTickets.state} = 'sold' and ${recitalTickets.usedAt} is null
      order by ${recitalTickets.id}
      for no key update)
    update ${recitalTickets}
    set used_at = v.at, used_door = v.door, used_by = v.by
    from locked join v on v.id = locked.id
    where ${recitalTickets.id} = locked.id
    returning ${recitalTickets.id} as id`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The scans' results as decided, in one statement. */
export async function setScanResults(
  tx: Db,
  companyId: string,
  results: readonly { clientScanId: string; result: ScanResultCode }[],
): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(
    results.map((r) => sql`(${r.clientScanId}::text, ${r.result}::text)`),
    sql`, `,
  );
  await tx.execute(sql`update ${ticketScans} set result = v.result
    from (values ${values}) as v(cid, result)
    where ${ticketScans.companyId} = ${companyId} and ${ticketScans.clientScanId} = v.cid`);
}
