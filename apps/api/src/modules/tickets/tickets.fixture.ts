import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/studios';
import type { Db } from '../../db/client';
import {
  recitalPrices,
  recitalSeats,
  recitalShows,
  recitals,
  recitalTickets,
} from '../../db/schema/recitals';
import { tokenFor } from '../payments/payments.fixture';

/**
 * What ticket tests share (decision 074): a recital written straight to the tables (the seating editor
 * is another part's), with two shows, a venue of rows of seats (one blocked) and prices, sales open to
 * families and the public; a family's or a stranger's hold and payment.
 */

export type TestRecital = {
  id: string;
  token: string;
  shows: [string, string];
  /** The seats of the venue by label "A 1", in order. */
  seats: Map<string, string>;
  blocked: string;
};

export async function makeRecital(
  db: Db,
  companyId: string,
  opts: {
    rows?: number;
    perRow?: number;
    settledOnly?: boolean;
    refundsUntil?: string | null;
    comps?: number;
    publicFrom?: Date | null;
  } = {},
): Promise<TestRecital> {
  const token = randomBytes(16).toString('base64url');
  const [recital] = await db
    .insert(recitals)
    .values({
      companyId,
      name: 'Spring Recital',
      venueName: 'Newark Arts Center',
      venueAddress: '1 Broad St, Newark',
      firstDay: '2026-12-12',
      lastDay: '2026-12-12',
      compsPerDancer: opts.comps ?? 0,
      familySalesFrom: new Date('2026-11-01T12:00:00Z'),
      publicSalesFrom: opts.publicFrom === undefined ? new Date('2026-11-10T12:00:00Z') : opts.publicFrom,
      settledFamiliesOnly: opts.settledOnly ?? false,
      refundsUntil: opts.refundsUntil === undefined ? '2026-12-05' : opts.refundsUntil,
      publicToken: token,
    })
    .returning();
  const shows = await db
    .insert(recitalShows)
    .values([
      {
        companyId,
        recitalId: recital!.id,
        name: 'Matinee',
        day: '2026-12-12',
        startsAt: '14:00',
        doorsAt: '13:30',
      },
      {
        companyId,
        recitalId: recital!.id,
        name: 'Evening',
        day: '2026-12-12',
        startsAt: '19:00',
        doorsAt: '18:30',
      },
    ])
    .returning();
  const rows = opts.rows ?? 3;
  const perRow = opts.perRow ?? 10;
  const values = [];
  for (let r = 0; r < rows; r++)
    for (let n = 1; n <= perRow; n++)
      values.push({
        companyId,
        recitalId: recital!.id,
        section: r === 0 ? 'Front' : 'Orchestra',
        sectionOrder: r === 0 ? 0 : 1,
        row: String.fromCharCode(65 + r),
        rowOrder: r,
        number: n,
        col: n,
        accessible: n === 1,
        blocked: r === 0 && n === perRow,
      });
  const seats = await db.insert(recitalSeats).values(values).returning();
  await db.insert(recitalPrices).values([
    { companyId, recitalId: recital!.id, section: '', kind: 'adult', amount: 2000 },
    { companyId, recitalId: recital!.id, section: '', kind: 'child', amount: 1200 },
    { companyId, recitalId: recital!.id, section: 'Front', kind: 'adult', amount: 3000 },
  ]);
  const byLabel = new Map(seats.map((s) => [`${s.row} ${s.number}`, s.id]));
  return {
    id: recital!.id,
    token,
    shows: [shows[0]!.id, shows[1]!.id],
    seats: byLabel,
    blocked: byLabel.get(`A ${perRow}`)!,
  };
}

export const seatIds = (r: TestRecital, labels: string[]) => labels.map((l) => r.seats.get(l)!);

/** A family's hold of seats, answered. */
export async function familyHold(parent: Caller, show: string, ids: string[]) {
  return parent.post(`/api/parents/recitals/shows/${show}/hold`, { seatIds: ids });
}

/** A public hold from an address. */
export function publicHold(t: TestApp, r: TestRecital, show: string, ids: string[], ip = '10.0.0.1') {
  return t.call({
    method: 'POST',
    url: `/api/tickets/${r.token}/shows/${show}/hold`,
    payload: { seatIds: ids },
    remoteAddress: ip,
  });
}

/** A public payment of a held order by a good card (or the number given). */
export async function publicPay(
  t: TestApp,
  hold: { orderId: string; secret: string; seats: { seatId: string }[] },
  total: number,
  opts: { number?: string; ip?: string; kind?: 'adult' | 'child' } = {},
) {
  return t.call({
    method: 'POST',
    url: `/api/tickets/orders/${hold.orderId}/pay`,
    remoteAddress: opts.ip ?? '10.0.0.1',
    payload: {
      secret: hold.secret,
      buyerName: 'Robin Guest',
      buyerEmail: 'robin@example.com',
      tickets: hold.seats.map((s) => ({ seatId: s.seatId, kind: opts.kind ?? 'adult' })),
      total,
      token: await tokenFor(t, opts.number),
    },
  });
}

/** No seat of a show claimed twice (held or sold), read from the tickets themselves. */
export async function expectNoSeatTwice(db: Db, showIds: string[]) {
  const rows = await db
    .select({ seat: recitalTickets.seatId, show: recitalTickets.showId, n: sql<number>`count(*)::int` })
    .from(recitalTickets)
    .where(and(inArray(recitalTickets.showId, showIds), inArray(recitalTickets.state, ['held', 'sold'])))
    .groupBy(recitalTickets.seatId, recitalTickets.showId);
  expect(rows.filter((r) => Number(r.n) > 1)).toEqual([]);
}

/** The tickets of a show in a state. */
export async function ticketsIn(db: Db, showId: string, state: 'held' | 'sold' | 'released' | 'refunded') {
  return db
    .select()
    .from(recitalTickets)
    .where(and(eq(recitalTickets.showId, showId), eq(recitalTickets.state, state)));
}
