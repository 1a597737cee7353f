import { randomUUID } from 'node:crypto';
import type { RecitalBuyers, RecitalDancers, RecitalReportSummary } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createRecital, registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { processorPayoutItems, processorPayouts } from '../../db/schema/books';
import { familyAccounts } from '../../db/schema/families';
import {
  recitalSeats,
  recitalShowNumbers,
  recitalShows,
  recitalTickets,
  ticketOrders,
} from '../../db/schema/recitals';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber } from '../schedule/schedule.fixture';

/**
 * The recital's reports through their calls (issue 38 item 7, decision 076): the figures equal the rows
 * (tickets sold, comped, held; seats left; gross, refunds, net; fees actual from the payouts and
 * estimated for the rest), the families who bought, the dancer sheet, the CSV files' content, guarded
 * against formulas; the owner's only (a parent refused, another studio 404); the trial balance as it was.
 */

const { t, s } = useTwoStudios();
let recital: string;
let show1: string;
let show2: string;
let adams: Awaited<ReturnType<typeof familyOf>>;
const R = () => `/api/mystudio/recitals/${recital}/reports`;

beforeAll(async () => {
  const db = t.database.db;
  const setting = await registrationStudio(s);
  const number = await addNumber(setting.st, setting.classes.monday, { name: 'Tiny Toes' });
  adams = await familyOf(t, s.companyA, 'adams@example.com', [{ firstName: 'Ava' }]);
  await registerInClass(db, {
    companyId: s.companyA,
    classId: setting.classes.monday,
    studentId: adams.students[0]!,
  });
  const evil = (await createFamily(db, s.companyA, { email: 'evil@example.com' })).id;
  await db.update(familyAccounts).set({ lastName: '=HYPERLINK("x")' }).where(eq(familyAccounts.id, evil));
  recital = await createRecital(db, s.companyA);
  const shows = await db
    .insert(recitalShows)
    .values([
      {
        companyId: s.companyA,
        recitalId: recital,
        name: 'Saturday matinee',
        day: '2027-05-15',
        startsAt: '14:00',
        doorsAt: '13:30',
      },
      {
        companyId: s.companyA,
        recitalId: recital,
        name: 'Sunday evening',
        day: '2027-05-16',
        startsAt: '18:00',
        doorsAt: '17:30',
      },
    ])
    .returning({ id: recitalShows.id });
  show1 = shows[0]!.id;
  show2 = shows[1]!.id;
  await db.insert(recitalShowNumbers).values({
    companyId: s.companyA,
    recitalId: recital,
    showId: show1,
    danceNumberId: number.id,
    position: 0,
  });
  const seat = (section: string, n: number, blocked = false) => ({
    companyId: s.companyA,
    recitalId: recital,
    section,
    sectionOrder: section === 'Orchestra' ? 0 : 1,
    row: 'A',
    number: n,
    blocked,
  });
  const seats = await db
    .insert(recitalSeats)
    .values([
      seat('Orchestra', 1),
      seat('Orchestra', 2),
      seat('Orchestra', 3),
      seat('Orchestra', 4, true),
      seat('Balcony', 1),
      seat('Balcony', 2),
    ])
    .returning({ id: recitalSeats.id });
  const [o1, o2, o3, o4, o5] = [1, 2, 3, 4, 5];
  const order = (
    n: number,
    o: Partial<typeof ticketOrders.$inferInsert> & { total: number },
  ): typeof ticketOrders.$inferInsert => ({
    companyId: s.companyA,
    recitalId: recital,
    showId: show1,
    number: n,
    channel: 'public',
    buyerName: 'Buyer',
    buyerEmail: 'buyer@example.com',
    heldUntil: new Date('2026-11-21T15:10:00Z'),
    state: 'paid',
    method: 'card',
    ...o,
  });
  const orders = await db
    .insert(ticketOrders)
    .values([
      order(o1, { channel: 'family', familyId: adams.id, total: 5000, transferId: 'TR-paid-out' }),
      order(o2, { total: 2000, transferId: 'TR-waiting' }),
      order(o3, { total: 0, method: 'comp' }),
      order(o4, { total: 2500, state: 'held', method: null }),
      order(o5, {
        channel: 'family',
        familyId: evil,
        total: 2500,
        refunded: 2500,
        state: 'refunded',
        transferId: 'TR-refunded',
      }),
    ])
    .returning({ id: ticketOrders.id });
  const ticket = (
    orderId: string,
    seatId: string,
    kind: 'adult' | 'child' | 'comp',
    price: number,
    state: 'held' | 'sold' | 'refunded',
  ) => ({
    companyId: s.companyA,
    showId: show1,
    seatId,
    orderId,
    kind,
    price,
    state,
    code: randomUUID(),
  });
  await db
    .insert(recitalTickets)
    .values([
      ticket(orders[0]!.id, seats[0]!.id, 'adult', 2500, 'sold'),
      ticket(orders[0]!.id, seats[1]!.id, 'adult', 2500, 'sold'),
      ticket(orders[1]!.id, seats[4]!.id, 'child', 2000, 'sold'),
      ticket(orders[2]!.id, seats[2]!.id, 'comp', 0, 'sold'),
      ticket(orders[3]!.id, seats[5]!.id, 'adult', 2500, 'held'),
      ticket(orders[4]!.id, seats[0]!.id, 'adult', 2500, 'refunded'),
    ]);
  const [payout] = await db
    .insert(processorPayouts)
    .values({
      companyId: s.companyA,
      provider: 'sandbox',
      merchantId: 'MU1',
      settlementId: 'ST1',
      paidOn: '2026-11-20',
      gross: 5000,
      fees: 175,
      net: 4825,
    })
    .returning({ id: processorPayouts.id });
  await db.insert(processorPayoutItems).values({
    payoutId: payout!.id,
    companyId: s.companyA,
    transferId: 'TR-paid-out',
    kind: 'sale',
    amount: 5000,
    fee: 175,
  });
});

describe('the recital reports', () => {
  it('are the owner’s: a parent refused, another studio 404', async () => {
    expect((await adams.parent.get(R())).status).toBe(403);
    expect((await s.b.get(R())).status).toBe(404);
    expect((await s.b.get(`${R()}/sales.csv`)).status).toBe(404);
    expect((await s.a.get(`/api/mystudio/recitals/${randomUUID()}/reports`)).status).toBe(404);
  });

  it('count tickets, seats, income and fees as the rows say', async () => {
    const r = (await ok(s.a.get(R()))) as RecitalReportSummary;
    expect(r.shows.map((x) => x.showId)).toEqual([show1, show2]);
    const [first, second] = r.shows;
    expect(first!.sections).toEqual([
      { section: 'Orchestra', seats: 3, sold: 2, comped: 1, held: 0, left: 0, gross: 5000 },
      { section: 'Balcony', seats: 2, sold: 1, comped: 0, held: 1, left: 0, gross: 2000 },
    ]);
    expect(second!.totals).toEqual({ seats: 5, sold: 0, comped: 0, held: 0, left: 5, gross: 0 });
    // 2.9 % + 30¢ of $20.00 and of $25.00: 88 and 103 cents.
    expect(first!.money).toEqual({
      gross: 9500,
      refunds: 2500,
      net: 7000,
      feesActual: 175,
      feesEstimated: 191,
      estimatedOrders: 2,
    });
    expect(r.money).toEqual(first!.money);
    expect(first!.orders).toBe(4);
  });

  it('list the families who bought and each dancer’s numbers with their places', async () => {
    const b = (await ok(s.a.get(`${R()}/buyers?page=1`))) as RecitalBuyers;
    expect(b.total).toBe(2);
    expect(b.items.find((x) => x.familyId === adams.id)).toMatchObject({
      orders: 1,
      tickets: 2,
      amount: 5000,
    });
    const d = (await ok(s.a.get(`${R()}/dancers`))) as RecitalDancers;
    expect(d.total).toBe(1);
    expect(d.items[0]).toMatchObject({
      dancer: 'Ava Dancer',
      numbers: [{ show: 'Saturday matinee', number: 'Tiny Toes', place: 1 }],
    });
    expect((await s.a.get(`${R()}/buyers?page=0`)).status).toBe(400);
  });

  it('write each CSV with the same figures, a formula defused', async () => {
    const sales = await s.a.get(`${R()}/sales.csv`);
    expect(sales.status).toBe(200);
    expect(String(sales.headers['content-type'])).toContain('text/csv');
    const text = String(sales.body);
    expect(text).toContain('Show,Day,Curtain,Section,Seats,Sold,Comped,Held,Left,Ticket sales');
    expect(text).toContain('Saturday matinee,2027-05-15,14:00,Orchestra,3,2,1,0,0,50.00');
    const income = await s.a.get(`${R()}/income.csv`);
    expect(String(income.body)).toContain('All shows,,4,95.00,25.00,70.00,1.75,1.91,2');
    const buyers = await s.a.get(`${R()}/buyers.csv`);
    expect(String(buyers.body)).toContain(`"'=HYPERLINK(""x"")",1,0,0.00`);
    const dancers = await s.a.get(`${R()}/dancers.csv`);
    expect(String(dancers.body)).toContain('Ava Dancer');
    expect(String(dancers.body)).toContain('Tiny Toes,1');
  });

  it('leave the trial balance as it was', async () => {
    const tb = () => ok(s.a.get('/api/mystudio/reports/trial-balance?date=2026-11-21'));
    const before = await tb();
    await s.a.get(R());
    await s.a.get(`${R()}/income.csv`);
    expect(await tb()).toEqual(before);
  });

  it('cost the same number of queries with more seats, orders and tickets', async () => {
    const counts = async () => [
      (await countQueries(t, () => s.a.get(R()))).count,
      (await countQueries(t, () => s.a.get(`${R()}/buyers?page=1`))).count,
      (await countQueries(t, () => s.a.get(`${R()}/dancers?page=1`))).count,
      (await countQueries(t, () => s.a.get(`/api/mystudio/recitals/${recital}/fees?page=1`))).count,
    ];
    const few = await counts();
    const db = t.database.db;
    const seats = await db
      .insert(recitalSeats)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          companyId: s.companyA,
          recitalId: recital,
          section: 'Loge',
          sectionOrder: 2,
          row: 'L',
          number: i + 1,
        })),
      )
      .returning({ id: recitalSeats.id });
    const orders = await db
      .insert(ticketOrders)
      .values(
        seats.map((_, i) => ({
          companyId: s.companyA,
          recitalId: recital,
          showId: show2,
          number: 100 + i,
          channel: 'family' as const,
          familyId: adams.id,
          buyerName: 'Adams',
          buyerEmail: 'adams@example.com',
          heldUntil: new Date('2026-11-21T15:10:00Z'),
          state: 'paid' as const,
          method: 'card' as const,
          total: 2500,
          transferId: `TR-more-${i}`,
        })),
      )
      .returning({ id: ticketOrders.id });
    await db.insert(recitalTickets).values(
      seats.map((seat, i) => ({
        companyId: s.companyA,
        showId: show2,
        seatId: seat.id,
        orderId: orders[i]!.id,
        kind: 'adult' as const,
        price: 2500,
        state: 'sold' as const,
        code: randomUUID(),
      })),
    );
    expect(await counts()).toEqual(few);
  });
});
