import { randomBytes } from 'node:crypto';
import { priceOf, rowSeatLabel, TICKET_HOLD_MINUTES, TICKETS_TEXT } from '@pirouette/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitalSeats, recitalTickets, ticketOrders } from '../../db/schema/recitals';
import { conflict, unprocessable } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import { addMinutes } from '../../lib/clock';
import { ticketJobs } from './jobs';
import { type OrderRow, pricesOf, type ShowContext } from './tickets.queries';

/**
 * Holding seats (issue 38 item 4, decision 074). A hold is an order (held, until ten minutes from now)
 * and one held ticket per seat. The partial unique index `recital_tickets_seat_idx` (one held or sold
 * ticket per seat of a show) is the guard: in one transaction the expired holds of the wanted seats are
 * released, then the tickets are inserted, a seat already claimed inserting nothing; fewer tickets than
 * seats asked and the whole hold is rolled back with a 409 naming the seats taken. So a seat is never
 * held or sold twice, whatever the number of buyers at once, and an expired hold frees its seats for the
 * next buyer without waiting for the job.
 */

/** A ticket's code: what its QR carries (unguessable, made here; shown once the ticket is sold). */
export const newTicketCode = () => randomBytes(18).toString('base64url');

/**
 * Ends orders still held (or, with `from`, in those states) — expired or released — and frees their
 * held tickets. Answers the orders ended.
 */
export async function endOrders(
  tx: Db,
  orderIds: string[],
  to: 'expired' | 'failed',
  now: Date,
  from: OrderRow['state'][] = ['held'],
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  // Locked in id order first (decision 126): a sweep of every expired hold and a hold on a few seats
  // ending the same orders at once never each hold an order the other waits for.
  const locked = await tx
    .select({ id: ticketOrders.id })
    .from(ticketOrders)
    .where(and(inArray(ticketOrders.id, orderIds), inArray(ticketOrders.state, from)))
    .orderBy(asc(ticketOrders.id))
    .for('no key update');
  if (locked.length === 0) return [];
  const ended = await tx
    .update(ticketOrders)
    .set({ state: to, updatedAt: now })
    .where(
      and(
        inArray(
          ticketOrders.id,
          locked.map((o) => o.id),
        ),
        inArray(ticketOrders.state, from),
      ),
    )
    .returning({ id: ticketOrders.id });
  const ids = ended.map((o) => o.id);
  if (ids.length > 0) {
    await tx
      .update(recitalTickets)
      .set({ state: 'released', heldUntil: null })
      .where(and(inArray(recitalTickets.orderId, ids), eq(recitalTickets.state, 'held')));
  }
  return ids;
}

/** The holds run out on these seats of a show (or every seat when none named): ended, their seats freed. */
export async function expireHolds(tx: Db, showId: string | null, seatIds: string[] | null, now: Date) {
  const expired = await tx
    .selectDistinct({ orderId: recitalTickets.orderId })
    .from(recitalTickets)
    .where(
      and(
        showId ? eq(recitalTickets.showId, showId) : undefined,
        seatIds ? inArray(recitalTickets.seatId, seatIds) : undefined,
        eq(recitalTickets.state, 'held'),
        lte(recitalTickets.heldUntil, now),
      ),
    );
  return endOrders(
    tx,
    expired.map((e) => e.orderId),
    'expired',
    now,
  );
}

type HoldArgs = {
  ctx: ShowContext;
  seatIds: string[];
  channel: 'family' | 'public';
  familyId: string | null;
  buyerName: string;
  buyerEmail: string;
  createdBy: string | null;
};

/** The wanted seats of the recital's venue: unknown or blocked ones refused (422). */
async function wantedSeats(tx: Db, a: HoldArgs) {
  const seats = await tx
    .select()
    .from(recitalSeats)
    .where(
      and(
        eq(recitalSeats.companyId, a.ctx.recital.companyId),
        eq(recitalSeats.recitalId, a.ctx.recital.id),
        inArray(recitalSeats.id, a.seatIds),
      ),
    );
  if (seats.length !== a.seatIds.length) throw unprocessable(TICKETS_TEXT.seatUnknown);
  const blocked = seats.filter((s) => s.blocked);
  if (blocked.length > 0)
    throw unprocessable(TICKETS_TEXT.seatBlocked(blocked.map((s) => rowSeatLabel(s.row, s.number))));
  return seats;
}

/** The next order number of the studio, under a lock held to the transaction's end (one at a time). */
async function nextOrderNumber(tx: Db, companyId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket-orders:${companyId}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${ticketOrders.number}), 0)::int + 1` })
    .from(ticketOrders)
    .where(eq(ticketOrders.companyId, companyId));
  return Number(row?.n ?? 1);
}

/** Holds the seats for the buyer: the order and its held tickets, or 409 naming the seats someone else has. */
export async function holdSeats(db: Db, now: Date, a: HoldArgs) {
  const { recital, show } = a.ctx;
  const heldUntil = addMinutes(now, TICKET_HOLD_MINUTES);
  const result = await db.transaction(async (tx) => {
    const seats = await wantedSeats(tx, a);
    await expireHolds(tx, show.id, a.seatIds, now);
    const prices = (await pricesOf(tx, [recital.id])).get(recital.id) ?? [];
    // Until the buyer says each ticket's kind, the hold counts adults (or children where only they are sold).
    const priced = seats.map((s) => ({
      seat: s,
      kind: priceOf(prices, s.section, 'adult') !== null ? ('adult' as const) : ('child' as const),
    }));
    const total = priced.reduce((sum, p) => sum + (priceOf(prices, p.seat.section, p.kind) ?? 0), 0);
    const number = await nextOrderNumber(tx, recital.companyId);
    const [order] = await tx
      .insert(ticketOrders)
      .values({
        companyId: recital.companyId,
        recitalId: recital.id,
        showId: show.id,
        number,
        channel: a.channel,
        familyId: a.familyId,
        buyerName: a.buyerName,
        buyerEmail: a.buyerEmail,
        state: 'held',
        heldUntil,
        total,
        createdBy: a.createdBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const inserted = await tx
      .insert(recitalTickets)
      .values(
        priced.map((p) => ({
          companyId: recital.companyId,
          showId: show.id,
          seatId: p.seat.id,
          orderId: order!.id,
          kind: p.kind,
          price: priceOf(prices, p.seat.section, p.kind) ?? 0,
          state: 'held' as const,
          heldUntil,
          code: newTicketCode(),
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ seatId: recitalTickets.seatId });
    if (inserted.length < seats.length) {
      const got = new Set(inserted.map((i) => i.seatId));
      const taken = seats.filter((s) => !got.has(s.id)).map((s) => rowSeatLabel(s.row, s.number));
      throw conflict(TICKETS_TEXT.seatsTaken(taken));
    }
    return { order: order!, seats };
  });
  await scheduleSweep(db, heldUntil);
  return result;
}

/** The sweep that expires holds, queued at the first five-minute mark after this hold ends (once a mark). */
export async function scheduleSweep(db: Db, after: Date) {
  const step = 5 * 60_000;
  const at = new Date(Math.ceil((after.getTime() + 1) / step) * step);
  await enqueueJob(db, ticketJobs.sweep, { key: `sweep:${at.toISOString()}`, runAt: at, payload: {} });
}
