import type { RecitalList } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { companies } from './schema/companies';
import { recitalPrices, recitalSeats, recitalShowNumbers, recitals } from './schema/recitals';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';
import { seedDemoRecital } from './seed-demo-recital';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db, t.clock.now());
});
afterAll(async () => {
  await t.close();
});

const demoStudio = async () => {
  const [row] = await t.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Demo Dance Academy'));
  return row!.id;
};

describe("the demo's recital", () => {
  it('has two Saturday shows, read back by the owner through the recital list', async () => {
    const owner = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@demo.example', password: DEMO_PASSWORD },
    });
    const res = await t.call({
      method: 'GET',
      url: '/api/mystudio/recitals',
      headers: { 'x-access-token': owner.body[1].token },
    });
    expect(res.status).toBe(200);
    const { recitals: list } = res.body[1] as RecitalList;
    expect(list).toHaveLength(1);
    expect(list[0]!.shows.map((s) => [s.name, s.startsAt, s.doorsAt])).toEqual([
      ['Saturday matinee', '13:00', '12:30'],
      ['Saturday evening', '17:00', '16:30'],
    ]);
    expect(new Date(`${list[0]!.firstDay}T12:00:00Z`).getUTCDay()).toBe(6);
  });

  it('places every number its dancers perform in once, in running orders without holes', async () => {
    const companyId = await demoStudio();
    const placed = await t.database.db
      .select()
      .from(recitalShowNumbers)
      .where(eq(recitalShowNumbers.companyId, companyId));
    expect(placed.length).toBeGreaterThanOrEqual(12);
    expect(new Set(placed.map((p) => p.danceNumberId)).size).toBe(placed.length);
    for (const show of new Set(placed.map((p) => p.showId))) {
      const places = placed.filter((p) => p.showId === show).map((p) => p.position);
      expect(places.sort((a, b) => a - b)).toEqual(places.map((_, i) => i));
    }
    expect(placed.filter((p) => p.locked)).toHaveLength(2);
  });

  it('describes the venue and its prices, and is seeded once', async () => {
    const companyId = await demoStudio();
    const seats = await t.database.db
      .select()
      .from(recitalSeats)
      .where(eq(recitalSeats.companyId, companyId));
    expect(seats).toHaveLength(8 * 14 + 3 * 10);
    expect(seats.filter((s) => s.blocked).map((s) => `${s.row}${s.number}`)).toEqual(['E7', 'E8']);
    expect(seats.filter((s) => s.accessible)).toHaveLength(4);
    // The centre aisle: seat 8 of an orchestra row is two columns after seat 7.
    const row = (n: number) =>
      seats.find((s) => s.section === 'Orchestra' && s.row === 'A' && s.number === n)!;
    expect(row(8).col - row(7).col).toBe(2);
    const prices = await t.database.db
      .select()
      .from(recitalPrices)
      .where(and(eq(recitalPrices.companyId, companyId), eq(recitalPrices.kind, 'adult')));
    expect(prices.map((p) => [p.section, p.amount]).sort()).toEqual([
      ['', 2000],
      ['Balcony', 1500],
    ]);
    await seedDemoRecital(t.database.db, 'Demo Dance Academy', t.clock.now());
    expect(await t.database.db.select().from(recitals).where(eq(recitals.companyId, companyId))).toHaveLength(
      1,
    );
  });
});
