import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { companies } from './schema/companies';
import { danceNumbers } from './schema/schedule';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.database.db, new Date('2026-11-21T12:00:00Z'))).toBe(true);
  const login = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'owner@demo.example', password: DEMO_PASSWORD },
  });
  token = login.body[1].token;
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.call({ method: 'GET', url, headers: { 'x-access-token': token } });
  expect(res.status, url).toBe(200);
  return res.body[1];
};

async function numberId(name: string) {
  const [demo] = await t.database.db.select().from(companies).where(eq(companies.name, 'Demo Dance Academy'));
  const [row] = await t.database.db
    .select({ id: danceNumbers.id })
    .from(danceNumbers)
    .where(and(eq(danceNumbers.companyId, demo!.id), eq(danceNumbers.name, name)));
  return row!.id;
}

type Dancer = {
  studentName: string;
  deposit: number;
  depositPaid: number;
  costumes: { size: string; color: string; price: number; price_buy: number; deposit: number }[];
  measurements: { takenOn: string } | null;
  suggestions: { sizes: string[]; fit: string; stale: boolean }[];
};

describe('the demo costumes', () => {
  it('come with two costume companies, their charts and the 50% deposit refundable until January 15', async () => {
    const list = await get('/api/mystudio/costumes/company');
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Curtain Call Costumes', 'Weissman']);
    expect(list[0]).toMatchObject({ sizes: ['CXS', 'CS', 'CM', 'CL', 'AS', 'AM', 'AL', 'AXL'] });
    expect(list[1]).toMatchObject({ phone: '8005559876', sizes: expect.arrayContaining(['XSC', 'XLA']) });
    const chart = await get(`/api/mystudio/costumes/company/size-chart/${list[0].id}`);
    expect(chart.chart[2]).toEqual({
      size: 'CM',
      girthMin: 48,
      girthMax: 52,
      chestMin: 24,
      chestMax: 26,
      hipsMin: 25,
      hipsMax: 27.5,
    });
    expect(await get('/api/mystudio/costumes/settings')).toEqual({
      depositKind: 'percent',
      depositAmount: 0,
      depositPercent: 50,
      refundableUntil: '2027-01-15',
    });
  });

  it('dress Firework with its dancers assigned, their deposits paid, one dancer between sizes left to assign', async () => {
    const id = await numberId('Firework');
    const [style] = await get(`/api/mystudio/costumes/style/${id}`);
    expect(style).toMatchObject({ company: 'Curtain Call Costumes', styleNumber: 'CC-4417' });
    expect(style.sizeColors).toHaveLength(10);
    const assigned = await get(`/api/mystudio/costumes/v2/assigned/${id}`);
    const byName = new Map<string, Dancer>(assigned.dancers.map((d: Dancer) => [d.studentName, d]));
    expect(byName.get('Anika Patel')).toMatchObject({
      deposit: 37.5,
      depositPaid: 37.5,
      costumes: [{ size: 'CL', color: 'Red', price: 75, price_buy: 48, deposit: 37.5 }],
    });
    expect(byName.get('Emma Hartley')).toMatchObject({ deposit: 41, depositPaid: 41 });
    const zara = byName.get('Zara Okafor')!;
    expect(zara.costumes).toEqual([]);
    expect(zara.suggestions[0]).toMatchObject({ fit: 'between', stale: false });
  });

  it('leave the Russos owing their deposit, and Hana Kim unassigned with old measurements', async () => {
    const happy = await get(`/api/mystudio/costumes/v2/assigned/${await numberId('Happy Feet')}`);
    const bella = happy.dancers.find((d: Dancer) => d.studentName === 'Bella Russo');
    expect(bella).toMatchObject({ deposit: 31, depositPaid: 0 });
    const rise = await get(`/api/mystudio/costumes/v2/assigned/${await numberId('Rise Up')}`);
    const hana = rise.dancers.find((d: Dancer) => d.studentName === 'Hana Kim');
    expect(hana.costumes).toEqual([]);
    expect(hana.measurements.takenOn).toBe('2026-03-09');
    expect(hana.suggestions[0]).toMatchObject({ sizes: ['MA'], stale: true });
  });
});
