import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../src/db/client';
import {
  recitalSeats,
  recitalShows,
  recitals,
  recitalTickets,
  ticketOrders,
} from '../src/db/schema/recitals';

/**
 * Recital records written straight to the database for the door's and the seating's tests (decision 075):
 * a recital, its shows, seats and sold tickets (the tickets' own calls are another part's).
 */

export async function insertRecital(db: Db, companyId: string, name = 'Spring Recital') {
  const [row] = await db
    .insert(recitals)
    .values({
      companyId,
      name,
      firstDay: '2026-11-21',
      lastDay: '2026-11-22',
      publicToken: randomBytes(16).toString('hex'),
    })
    .returning({ id: recitals.id });
  return row!.id;
}

export async function insertShow(
  db: Db,
  companyId: string,
  recitalId: string,
  name: string,
  day = '2026-11-21',
) {
  const [row] = await db
    .insert(recitalShows)
    .values({ companyId, recitalId, name, day, startsAt: '14:00', doorsAt: '13:30' })
    .returning({ id: recitalShows.id });
  return row!.id;
}

/** A row of seats (section, row, numbers 1…n). */
export async function insertSeats(
  db: Db,
  companyId: string,
  recitalId: string,
  section: string,
  row: string,
  n: number,
) {
  const rows = await db
    .insert(recitalSeats)
    .values(
      Array.from({ length: n }, (_, i) => ({ companyId, recitalId, section, row, number: i + 1, col: i })),
    )
    .returning({ id: recitalSeats.id });
  return rows.map((r) => r.id);
}

/** A paid order of one ticket for a seat of a show; answers the ticket's id and code. */
export async function insertTicket(
  db: Db,
  a: {
    companyId: string;
    recitalId: string;
    showId: string;
    seatId: string;
    buyer?: string;
    state?: 'held' | 'sold' | 'refunded';
  },
) {
  const [order] = await db
    .insert(ticketOrders)
    .values({
      companyId: a.companyId,
      recitalId: a.recitalId,
      showId: a.showId,
      number: randomInt(1, 2_000_000_000),
      channel: 'family',
      buyerName: a.buyer ?? 'Dana Rivera',
      buyerEmail: 'dana@example.com',
      state: a.state === 'refunded' ? 'refunded' : 'paid',
      heldUntil: new Date(),
      total: 1500,
    })
    .returning({ id: ticketOrders.id });
  const code = randomBytes(12).toString('base64url');
  const [ticket] = await db
    .insert(recitalTickets)
    .values({
      companyId: a.companyId,
      showId: a.showId,
      seatId: a.seatId,
      orderId: order!.id,
      kind: 'adult',
      price: 1500,
      state: a.state ?? 'sold',
      code,
    })
    .returning({ id: recitalTickets.id });
  return { id: ticket!.id, code };
}
