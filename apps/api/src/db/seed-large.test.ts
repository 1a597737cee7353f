import { and, count, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { companies } from './schema/companies';
import { familyAccounts, students } from './schema/families';
import { locations, rooms } from './schema/locations';
import { classes, classRegistrations } from './schema/schedule';
import { LARGE_PASSWORD, LARGE_SIGN_INS, type LargeSeed, largeSpec, seedLarge } from './seed-large';

// A twentieth of the large studio: the same code, the same shape, in a second or two.
const SCALE = 0.05;

let t: TestApp;
let seeded: LargeSeed;
beforeAll(async () => {
  t = await buildTestApp();
  seeded = (await seedLarge(t.database.db, { scale: SCALE, today: new Date('2026-11-21T12:00:00Z') }))!;
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string) {
  const res = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: LARGE_PASSWORD },
  });
  expect(res.status, email).toBe(200);
  return { token: res.body[1].token as string, yearTermId: res.body[1].yrTrm.id as string };
}
const get = async (url: string, token: string) => {
  const res = await t.call({ method: 'GET', url, headers: { 'x-access-token': token } });
  expect(res.status, url).toBe(200);
  return res.body[1];
};

describe('the large studio', () => {
  it('holds what the scale asks for, beside the small studios, and is seeded once', async () => {
    const db = t.database.db;
    const spec = largeSpec(SCALE);
    const n = async (table: typeof locations | typeof rooms | typeof classes | typeof familyAccounts) =>
      (await db.select({ n: count() }).from(table).where(eq(table.companyId, seeded.companyId)))[0]!.n;
    expect(await n(locations)).toBe(3);
    expect(await n(rooms)).toBe(8);
    expect(await n(classes)).toBe(spec.classes);
    expect(await n(familyAccounts)).toBe(spec.families);
    const [dancers] = await db
      .select({ n: count() })
      .from(students)
      .where(eq(students.companyId, seeded.companyId));
    expect(dancers!.n).toBe(spec.students);
    const [regs] = await db
      .select({ n: count() })
      .from(classRegistrations)
      .where(eq(classRegistrations.companyId, seeded.companyId));
    expect(regs!.n).toBe(spec.registrations);
    const [all] = await db.select({ n: count() }).from(companies);
    expect(all!.n).toBe(1 + seeded.otherStudios);
    expect(seeded.otherStudios).toBe(10);
    expect(await seedLarge(db, { scale: SCALE })).toBeNull();
  });

  it('never puts two classes in one room at once', async () => {
    const other = alias(classes, 'other');
    const [overlaps] = await t.database.db
      .select({ n: count() })
      .from(classes)
      .innerJoin(
        other,
        and(
          eq(other.roomId, classes.roomId),
          eq(other.day, classes.day),
          lt(classes.id, other.id),
          lt(classes.timeStart, other.timeEnd),
          lt(other.timeStart, classes.timeEnd),
        ),
      );
    expect(overlaps!.n).toBe(0);
  });

  it("answers the owner's schedule and account lists, with all three statuses", async () => {
    const { token, yearTermId } = await signIn(LARGE_SIGN_INS.owner.email);
    expect(yearTermId).toBe(seeded.yearTermId);
    const schedule = await get(`/api/mystudio/schedule/?yrTrmID=${yearTermId}`, token);
    expect(schedule.loc).toHaveLength(3);
    expect(schedule.rm).toHaveLength(8);
    expect(schedule.cls.length).toBeGreaterThan(0);
    const list = await get('/api/mystudio/account/list/active', token);
    expect(list.items).toHaveLength(10);
    expect(list.counts.active).toBeGreaterThan(0);
    expect(list.counts.inactive).toBeGreaterThan(0);
    expect(list.counts.incomplete).toBeGreaterThan(0);
    expect(list.counts.active + list.counts.inactive + list.counts.incomplete).toBe(
      largeSpec(SCALE).families,
    );
  });

  it('signs the parent in to a family of four dancers, each in classes', async () => {
    const { token } = await signIn(LARGE_SIGN_INS.parent.email);
    const account = await get('/api/parents/account/', token);
    expect(account.stds).toHaveLength(4);
    expect(account.aReg).toBe(true);
    expect(account.cls.length).toBeGreaterThanOrEqual(4);
  });
});
