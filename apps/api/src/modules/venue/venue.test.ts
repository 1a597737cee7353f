import { SEATING_TEXT, type SeatingPage } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecital, insertShow, insertTicket } from '../../../test/door-records';
import { useTwoStudios } from '../../../test/studios-base';
import { recitalSeats, recitals } from '../../db/schema/recitals';

const { t, s } = useTwoStudios();

let recital: string;
let show: string;

const row = (label: string, seats: number, extra: Record<string, unknown> = {}) => ({
  label,
  seats,
  firstNumber: 1,
  numbering: 'ltr',
  aisles: [],
  blocked: [],
  accessible: [],
  ...extra,
});
const venue = (rows = [row('A', 10, { aisles: [5], accessible: [1] }), row('B', 12, { blocked: [12] })]) => ({
  sections: [
    { name: 'Orchestra', rows },
    { name: 'Balcony', rows: [row('A', 8, { numbering: 'odd' })] },
  ],
});
const seatingOf = async () =>
  (await s.a.get(`/api/mystudio/recitals/${recital}/seating`)).body[1] as SeatingPage;

beforeAll(async () => {
  recital = await insertRecital(t.database.db, s.companyA);
  show = await insertShow(t.database.db, s.companyA, recital, 'Saturday 2 PM');
});

describe('PUT api/mystudio/recitals/:id/seating', () => {
  it('saves the venue whole and reads back the same description', async () => {
    const res = await s.a.put(`/api/mystudio/recitals/${recital}/seating`, venue());
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual({ msg: SEATING_TEXT.saved, seats: 30 });
    const page = await seatingOf();
    expect(page.layout).toEqual(venue());
    expect(page.seats.filter((x) => x.blocked).map((x) => `${x.row}${x.number}`)).toEqual(['B12']);
    const a = page.seats.filter((x) => x.section === 'Orchestra' && x.row === 'A').map((x) => x.col);
    expect(a).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    const balcony = page.seats.filter((x) => x.section === 'Balcony').map((x) => x.number);
    expect(balcony).toEqual([1, 3, 5, 7, 9, 11, 13, 15]);
  });

  it('keeps the ids of the seats that stay, and refuses removing a sold seat', async () => {
    const before = await seatingOf();
    const b5 = before.seats.find((x) => x.section === 'Orchestra' && x.row === 'B' && x.number === 5)!;
    const b11 = before.seats.find((x) => x.section === 'Orchestra' && x.row === 'B' && x.number === 11)!;
    await insertTicket(t.database.db, {
      companyId: s.companyA,
      recitalId: recital,
      showId: show,
      seatId: b11.id,
    });
    // Row B shrinks to 10 seats: its seat 11 has a ticket, so nothing changes.
    const refused = await s.a.put(
      `/api/mystudio/recitals/${recital}/seating`,
      venue([row('A', 10), row('B', 10)]),
    );
    expect(refused).toMatchObject({ status: 422, body: [false, SEATING_TEXT.soldSeatRemoved] });
    expect((await seatingOf()).seats).toHaveLength(30);
    // Blocking it is refused too.
    const blocked = await s.a.put(
      `/api/mystudio/recitals/${recital}/seating`,
      venue([row('A', 10), row('B', 12, { blocked: [11] })]),
    );
    expect(blocked).toMatchObject({ status: 422, body: [false, SEATING_TEXT.soldSeatBlocked] });
    // A new aisle and a removed row A: row B's seats keep their ids.
    const ok = await s.a.put(`/api/mystudio/recitals/${recital}/seating`, {
      sections: [{ name: 'Orchestra', rows: [row('B', 12, { aisles: [6] })] }],
    });
    expect(ok.status).toBe(200);
    const after = await seatingOf();
    expect(after.seats).toHaveLength(12);
    expect(after.seats.find((x) => x.number === 5)!.id).toBe(b5.id);
    expect(after.seats.find((x) => x.number === 11)).toMatchObject({ id: b11.id, taken: true, col: 11 });
    expect(after.takenCount).toBe(1);
  });

  it('refuses a venue past its limits with a sentence, and changes nothing', async () => {
    const big = {
      sections: Array.from({ length: 2 }, (_, i) => ({
        name: `S${i}`,
        rows: Array.from({ length: 45 }, (_, r) => row(`R${r}`, 60)),
      })),
    };
    expect(await s.a.put(`/api/mystudio/recitals/${recital}/seating`, big)).toMatchObject({
      status: 422,
      body: [false, SEATING_TEXT.tooManySeats],
    });
    const twice = await s.a.put(`/api/mystudio/recitals/${recital}/seating`, {
      sections: [
        { name: 'Orchestra', rows: [row('A', 2)] },
        { name: ' orchestra ', rows: [row('A', 2)] },
      ],
    });
    expect(twice).toMatchObject({ status: 422, body: [false, SEATING_TEXT.sectionTwice] });
    const seats = await t.database.db.select().from(recitalSeats).where(eq(recitalSeats.recitalId, recital));
    expect(seats).toHaveLength(12);
  });

  it("answers 404 for another studio's recital and refuses a parent", async () => {
    expect((await s.b.get(`/api/mystudio/recitals/${recital}/seating`)).status).toBe(404);
    expect((await s.b.put(`/api/mystudio/recitals/${recital}/seating`, venue())).status).toBe(404);
    expect((await s.parent.get(`/api/mystudio/recitals/${recital}/seating`)).status).toBe(403);
  });
});

describe('PUT api/mystudio/recitals/:id/sales', () => {
  const sales = {
    prices: [
      { section: '', kind: 'adult', amount: 2000 },
      { section: '', kind: 'child', amount: 1200 },
      { section: 'Orchestra', kind: 'adult', amount: 2500 },
    ],
    compsPerDancer: 2,
    familySalesFrom: '2026-11-01T14:00:00.000Z',
    publicSalesFrom: '2026-11-08T14:00:00.000Z',
    salesUntil: '2026-11-21T18:00:00.000Z',
    settledFamiliesOnly: true,
    refundsUntil: '2026-11-14',
  };

  it('saves prices in cents and the sales settings on the recital', async () => {
    const res = await s.a.put(`/api/mystudio/recitals/${recital}/sales`, sales);
    expect(res).toMatchObject({ status: 200, body: [true, { msg: SEATING_TEXT.pricesSaved }] });
    const page = await seatingOf();
    expect(page.sales).toEqual({
      ...sales,
      prices: [...sales.prices].sort(
        (x, y) => x.section.localeCompare(y.section) || x.kind.localeCompare(y.kind),
      ),
    });
    const [row] = await t.database.db.select().from(recitals).where(eq(recitals.id, recital));
    expect(row).toMatchObject({ compsPerDancer: 2, settledFamiliesOnly: true, refundsUntil: '2026-11-14' });
  });

  it('refuses windows out of order, a section the venue lacks, and a fraction of a cent', async () => {
    const late = { ...sales, publicSalesFrom: '2026-10-01T14:00:00.000Z' };
    expect(await s.a.put(`/api/mystudio/recitals/${recital}/sales`, late)).toMatchObject({
      status: 422,
      body: [false, SEATING_TEXT.salesOrder],
    });
    const nowhere = { ...sales, prices: [{ section: 'Mezzanine', kind: 'adult', amount: 100 }] };
    expect(await s.a.put(`/api/mystudio/recitals/${recital}/sales`, nowhere)).toMatchObject({
      status: 422,
      body: [false, SEATING_TEXT.priceSection],
    });
    const cents = { ...sales, prices: [{ section: '', kind: 'adult', amount: 10.5 }] };
    expect((await s.a.put(`/api/mystudio/recitals/${recital}/sales`, cents)).status).toBe(400);
    expect((await seatingOf()).sales.prices).toHaveLength(3);
  });
});
