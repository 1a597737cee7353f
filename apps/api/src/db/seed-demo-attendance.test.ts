import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { attendanceMarks, makeupCredits } from './schema/attendance';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db, new Date('2026-11-21T12:00:00Z'));
  const res = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'owner@demo.example', password: DEMO_PASSWORD },
  });
  token = res.body[1].token;
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) =>
  (await t.call({ method: 'GET', url, headers: { 'x-access-token': token } })).body[1];

describe("the demo studio's rolls (decision 065)", () => {
  it('has marks for the term so far, mostly present, and one dancer absent the last three times', async () => {
    const report = await get('/api/mystudio/attendance/report/classes?from=2026-09-01&to=2026-11-30');
    const marked = report.items.reduce(
      (n: number, c: { present: number; late: number; absent: number; excused: number }) =>
        n + c.present + c.late + c.absent + c.excused,
      0,
    );
    const present = report.items.reduce((n: number, c: { present: number }) => n + c.present, 0);
    expect(marked).toBeGreaterThan(100);
    expect(present / marked).toBeGreaterThan(0.7);
    // Every meeting before the last seven days has its roll; theirs and today's are the teachers' to take.
    const before = await get('/api/mystudio/attendance/report/classes?from=2026-09-01&to=2026-11-13');
    expect(before.items.every((c: { notMarked: number }) => c.notMarked === 0)).toBe(true);
    const recent = await get('/api/mystudio/attendance/report/classes?from=2026-11-14&to=2026-11-20');
    const untaken = recent.items.reduce((n: number, c: { notMarked: number }) => n + c.notMarked, 0);
    expect(untaken).toBeGreaterThan(0);
    expect(recent.items.every((c: { present: number; absent: number }) => c.present + c.absent === 0)).toBe(
      true,
    );
    const streaks = await get('/api/mystudio/attendance/report/streaks');
    expect(streaks.items).toHaveLength(1);
  });

  it('gave a make-up credit for each absence, and no more', async () => {
    const db = t.database.db;
    const [missed] = await db
      .select({ n: count() })
      .from(attendanceMarks)
      .where(inArray(attendanceMarks.status, ['absent', 'excused']));
    const [credits] = await db
      .select({ n: count() })
      .from(makeupCredits)
      .where(eq(makeupCredits.source, 'absence'));
    expect(credits!.n).toBe(missed!.n);
    expect(missed!.n).toBeGreaterThan(3);
    // One taken as a make-up already (its guest marked present), one booked ahead.
    const makeups = await get('/api/mystudio/attendance/report/makeups?from=2026-09-01&to=2026-11-30');
    expect(makeups.total).toMatchObject({ booked: 2, used: 1 });
    expect(makeups.total.expired).toBeGreaterThan(0);
  });
});
