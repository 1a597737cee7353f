import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { companies } from './schema/companies';
import { familyPlanPayments, familyPlanRevisions, registrationFees } from './schema/enrolment';
import { memberships } from './schema/memberships';
import { paymentCards } from './schema/payments';
import { privateLessons } from './schema/privates';
import { classes, classRegistrations } from './schema/schedule';
import { users } from './schema/users';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.database.db, new Date('2026-11-21T12:00:00Z'))).toBe(true);
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, token: string) =>
  (await t.call({ method: 'GET', url, headers: { 'x-access-token': token } })).body[1];

describe('the demo studios', () => {
  it('are seeded once', async () => {
    expect(await seedDemo(t.database.db)).toBe(false);
    const [row] = await t.database.db.select({ n: count() }).from(companies);
    expect(row!.n).toBe(2);
  });

  it('sign in with the printed sign-ins, the two-studio person included', async () => {
    for (const { email } of DEMO_SIGN_INS) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(res.status, email).toBe(200);
    }
    const multi = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'multi@demo.example', password: DEMO_PASSWORD },
    });
    expect(multi.body[1].nAccts).toBe(2);
  });

  it('come set up: current season, location, teachers, prices, discounts, payment plans', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@demo.example', password: DEMO_PASSWORD },
    });
    const token = login.body[1].token;
    expect(login.body[1].yrTrm).toMatchObject({ name: '2026-2027', dateStart: '2026-09-01' });
    const [location] = await get('/api/mystudio/locations', token);
    expect(location.rooms).toHaveLength(2);
    expect(await get('/api/mystudio/teachers', token)).toHaveLength(3);
    expect(
      (await get('/api/mystudio/tuition/classes', token)).map((p: { price: number }) => p.price),
    ).toEqual(expect.arrayContaining([55, 65, 85]));
    expect(await get('/api/mystudio/discounts', token)).toMatchObject([
      { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 },
      { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 },
    ]);
    const plans = await get('/api/mystudio/paymentSystem', token);
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Monthly', 'Half year', 'Full year']);
    const [demo] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Demo Dance Academy'));
    expect(demo).toBeDefined();
  });

  it('come with a week of classes, dancers registered in them, and private routines', async () => {
    const db = t.database.db;
    const [demo] = await db.select().from(companies).where(eq(companies.name, 'Demo Dance Academy'));
    const week = await db.select().from(classes).where(eq(classes.companyId, demo!.id));
    expect(week).toHaveLength(14);
    const team = week.find((c) => c.name === 'Competition Team')!;
    const teamRegs = await db
      .select({ n: count() })
      .from(classRegistrations)
      .where(eq(classRegistrations.classId, team.id));
    // Four dancers in a class of four: the week shows one full class.
    expect(teamRegs[0]!.n).toBe(team.nMax);
    const [regs] = await db
      .select({ n: count() })
      .from(classRegistrations)
      .where(eq(classRegistrations.companyId, demo!.id));
    // Twenty that count (the Brennans' request among them, pending), the Alvarez family's one dropped
    // class (an inactive account), and Zara Okafor's Contemporary 2, dropped in October.
    expect(regs!.n).toBe(22);
    expect(await db.select().from(privateLessons).where(eq(privateLessons.companyId, demo!.id))).toHaveLength(
      3,
    );
    // The demo parents who sign in belong to their families.
    const parents = await db
      .select({ email: users.email, familyId: memberships.familyId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, demo!.id), eq(memberships.role, 'user')));
    expect(parents).toHaveLength(3);
    for (const p of parents) expect(p.familyId, p.email).not.toBeNull();
    // Second Position Ballet stays an empty schedule (its one family has no class).
    const [second] = await db.select().from(companies).where(eq(companies.name, 'Second Position Ballet'));
    expect(await db.select().from(classes).where(eq(classes.companyId, second!.id))).toHaveLength(0);
  });

  it('come with plans priced by the rules: revisions, payments that add up, one fee per family', async () => {
    const db = t.database.db;
    const [demo] = await db.select().from(companies).where(eq(companies.name, 'Demo Dance Academy'));
    const revisions = await db
      .select()
      .from(familyPlanRevisions)
      .where(eq(familyPlanRevisions.companyId, demo!.id));
    // Six families priced at the season's start, the Okafors again after their drop.
    expect(revisions.map((r) => r.revision).sort()).toEqual([1, 1, 1, 1, 1, 1, 2]);
    const payments = await db
      .select()
      .from(familyPlanPayments)
      .where(eq(familyPlanPayments.companyId, demo!.id));
    for (const p of payments)
      expect(
        p.lines.reduce((a, l) => a + l.amount, 0),
        p.name,
      ).toBe(p.val);
    expect(payments.some((p) => p.kind === 'adjustment' && p.val < 0)).toBe(true);
    const fees = await db.select().from(registrationFees).where(eq(registrationFees.companyId, demo!.id));
    expect(fees.map((f) => f.amount)).toEqual([3500, 3500, 3500, 3500, 3500, 3500]);
  });

  it('come with the Patels paying by a sandbox card on file with automatic payments on, the others by hand', async () => {
    const signIn = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'parent@demo.example', password: DEMO_PASSWORD },
    });
    const token = signIn.body[1].token as string;
    const onFile = await get('/api/finix/customer/paymentInstrument/default', token);
    expect(onFile.card).toMatchObject({ brand: 'Visa', last4: '0006', expiry: 'ok', addedBy: 'Priya Patel' });
    const autopay = await get('/api/finix/customer/autopay', token);
    expect(autopay).toMatchObject({ on: true, paused: false, consentedBy: 'Priya Patel' });
    const cards = await t.database.db.select().from(paymentCards).where(isNull(paymentCards.removedAt));
    expect(cards).toHaveLength(1);
  });

  it('come with a competition season: two companies, their venues, three spring and summer events with their entries', async () => {
    const signIn = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@demo.example', password: DEMO_PASSWORD },
    });
    const token = signIn.body[1].token as string;
    const list = await get('/api/mystudio/competition/company', token);
    expect(
      list.map((c: { name: string; nLocations: number; nEvents: number }) => [
        c.name,
        c.nLocations,
        c.nEvents,
      ]),
    ).toEqual([
      ['Showstopper Dance', 1, 1],
      ['Starpower Talent Competition', 2, 2],
    ]);
    const events = await get('/api/mystudio/competition/event', token);
    expect(
      events
        .map((e: { location: string; dateStart: string; type: string; nEntries: number }) => [
          e.location,
          e.dateStart,
          e.type,
          e.nEntries,
        ])
        .sort((a: string[], b: string[]) => (a[1]! < b[1]! ? -1 : 1)),
    ).toEqual([
      ['Meadowlands Expo Center', '2027-02-26', 'Regional', 4],
      ['Hynes Convention Center', '2027-04-17', 'Regional', 4],
      ['Atlantic City Convention Center', '2027-07-06', 'National', 5],
    ]);
    // At the February regional: the Competition Team's two numbers (four dancers each) and the duet,
    // each dancer's family charged the entry's fee; the Hartleys and the Patels have paid theirs.
    const regional = events.find((e: { location: string }) => e.location === 'Meadowlands Expo Center');
    const registered = await get(`/api/mystudio/competition/registered/event/${regional.id}`, token);
    const lines = registered.reg_List as { family: string; price: number; isPayed: number }[];
    expect(lines).toHaveLength(10);
    expect(lines.filter((l) => l.isPayed === 1).map((l) => l.family)).toEqual(
      lines.filter((l) => /^(Hartley|Patel)/.test(l.family)).map((l) => l.family),
    );
    expect(lines.some((l) => l.isPayed === 1)).toBe(true);
    expect(lines.some((l) => l.isPayed === 0)).toBe(true);
  });

  it('give every parent membership of both studios its family', async () => {
    const orphans = await t.database.db
      .select({ email: users.email, companyId: memberships.companyId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.role, 'user'), isNull(memberships.familyId)));
    expect(orphans).toEqual([]);
  });

  it('let the two-studio person open their family at Second Position Ballet, and go back to owning the first', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'multi@demo.example', password: DEMO_PASSWORD },
    });
    const { token, accts } = login.body[1] as {
      token: string;
      accts: { id: string; cName: string; nPriv: string }[];
    };
    const parent = accts.find((a) => a.cName === 'Second Position Ballet')!;
    const owner = accts.find((a) => a.cName === 'Demo Dance Academy')!;
    expect(parent.nPriv).toBe('user');
    expect(owner.nPriv).toBe('owner');
    const switchTo = (id: string) =>
      t.call({ method: 'GET', url: `/api/auth/userAccount/${id}`, headers: { 'x-access-token': token } });
    expect((await switchTo(parent.id)).status).toBe(200);
    const family = await t.call({
      method: 'GET',
      url: '/api/parents/account/',
      headers: { 'x-access-token': token },
    });
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    expect(family.body[1].acctInfo.lastName).toBe('Reyes');
    expect(family.body[1].users).toEqual([expect.objectContaining({ firstName: 'Morgan', login: 'active' })]);
    expect(family.body[1].stds.map((k: { firstName: string }) => k.firstName)).toEqual(['Lily']);
    expect((await switchTo(owner.id)).status).toBe(200);
    expect(await get('/api/mystudio/teachers', token)).toHaveLength(3);
  });
});
