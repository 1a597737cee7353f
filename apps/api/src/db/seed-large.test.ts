import type { RecitalList } from '@pirouette/domain';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { Db } from './client';
import { rowsOf } from './rows';
import { companies } from './schema/companies';
import { familyAccounts, students } from './schema/families';
import { locations, rooms } from './schema/locations';
import { recitalShowNumbers } from './schema/recitals';
import { classes, classRegistrations } from './schema/schedule';
import { LARGE, LARGE_PASSWORD, LARGE_SIGN_INS, type LargeSeed, largeSpec, seedLarge } from './seed-large';
import { randomSource } from './seed-large-names';
import { planLargeShows } from './seed-large-recital';
import { planWeek, type StudioContext, WEEK } from './seed-large-studio';

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

const minutes = (hhmmss: string) => Number(hhmmss.slice(0, 2)) * 60 + Number(hhmmss.slice(3, 5));

/** The week the large seed plans at a scale, with stand-in rooms, teachers and prices (no database). */
function weekAt(scale: number) {
  const spec = largeSpec(scale);
  const ctx = { companyId: 'c', term: { id: 't', dateStart: '2026-09-01', dateEnd: '2027-06-30' } };
  const priceOf = new Map([45, 60, 75, 90].map((d) => [d, { id: `price-${d}` }]));
  const week = planWeek(randomSource(7), spec, ctx as StudioContext, {
    roomRows: Array.from({ length: spec.rooms }, (_, i) => ({ id: `room-${i}` })),
    teacherRows: Array.from({ length: spec.teachers }, (_, i) => ({ id: `teacher-${i}` })),
    priceOf,
  });
  return { spec, week };
}

/** What is wrong with a planned week: a class outside its room's day, or two at once in a room or for a teacher. */
function faultsOf(week: ReturnType<typeof weekAt>['week']): string[] {
  const faults: string[] = [];
  const taken = new Map<string, [number, number][]>();
  for (const c of week) {
    const [from, to] = [minutes(c.timeStart), minutes(c.timeEnd)];
    const saturday = c.day === WEEK.saturday;
    const opens = saturday ? 9 * 60 : 15 * 60 + 30;
    const closes = saturday ? WEEK.saturdayEnd : WEEK.weekdayEnd;
    if (c.day < 0 || c.day >= WEEK.days || from < opens || to > closes || to <= from) {
      faults.push(`day ${c.day} ${c.timeStart}-${c.timeEnd}`);
    }
    for (const key of [`room ${c.roomId} ${c.day}`, `teacher ${c.teacherId} ${c.day}`]) {
      const booked = taken.get(key) ?? [];
      if (booked.some(([a, b]) => a < to && from < b)) faults.push(`${key} twice at ${c.timeStart}`);
      taken.set(key, [...booked, [from, to]]);
    }
  }
  return faults;
}

describe('the large studio at any scale (decision 079)', () => {
  it.each([0.05, 0.5, 1, 1.06, 2.5, 4, 7.3, 10])("fits every room's day at scale %s", (scale) => {
    const { spec, week } = weekAt(scale);
    expect(week).toHaveLength(spec.classes);
    expect(faultsOf(week)).toEqual([]);
  });

  it('keeps the building of scale 1 below it, and grows rooms, locations and teachers with the classes above it', () => {
    expect(largeSpec(1)).toEqual(LARGE);
    expect(largeSpec(0.05)).toMatchObject({ locations: 3, rooms: 8, teachers: 14, classes: 6 });
    expect(largeSpec(4)).toMatchObject({
      locations: 11,
      rooms: 32,
      teachers: 56,
      classes: 480,
      families: 3600,
    });
    expect(largeSpec(10)).toMatchObject({ rooms: 80, classes: 1200, families: 9000 });
  });

  it("any scale up to 10: every class in its room's day, a room never fuller than at 1, three rooms a location", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 10, noNaN: true }), (scale) => {
        const { spec, week } = weekAt(scale);
        expect(faultsOf(week)).toEqual([]);
        expect(spec.classes).toBeLessThanOrEqual(spec.rooms * WEEK.perRoom);
        expect(spec.rooms).toBeLessThanOrEqual(Math.max(LARGE.rooms, 3 * spec.locations));
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    [0, [0]],
    [1, [1]],
    [18, [18]],
    [19, [18, 1]],
    [37, [18, 18, 1]],
    [43, [18, 18, 7]],
    [150, [18, 18, 18, 18, 18, 18, 18, 18, 6]],
  ])('places %s numbers in shows of 18, the last with what is left, two a day, each once', (n, sizes) => {
    const ids = Array.from({ length: n }, (_, i) => `n${i}`);
    const shows = planLargeShows(ids, '2027-06-12');
    expect(shows.map((s) => s.numbers.length)).toEqual(sizes);
    expect(shows.flatMap((s) => s.numbers)).toEqual(ids);
    expect(new Set(shows.map((s) => s.name.toLowerCase())).size).toBe(shows.length);
    expect(shows[0]).toMatchObject({
      day: '2027-06-12',
      name: 'Saturday June 12 matinee',
      startsAt: '13:00',
    });
    for (const [i, s] of shows.entries()) {
      expect(s.day).toBe(['2027-06-12', '2027-06-13', '2027-06-14', '2027-06-15', '2027-06-16'][i >> 1]);
      expect(s.intermissionAfter).toBe(s.numbers.length > 1 ? Math.ceil(s.numbers.length / 2) - 1 : null);
    }
  });
});

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

  it("has its term's rolls up to a week before its today, as the roll marks them, and the credits they gave", async () => {
    const { token } = await signIn(LARGE_SIGN_INS.owner.email);
    const markedDays = await rowsOf<{ first: string; last: string; n: number; outside: number }>(
      t.database.db,
      sql`select min(m.meeting_date)::text as first, max(m.meeting_date)::text as last, count(*)::int as n,
            count(*) filter (where not exists (
              select from class_registrations r
              where r.class_id = m.class_id and r.student_id = m.student_id) and m.booking_id is null)::int as outside
          from attendance_marks m where m.company_id = ${seeded.companyId}`,
    );
    const [marks] = markedDays;
    expect(marks!.n).toBe(seeded.rolls.marks);
    expect(marks!.n).toBeGreaterThan(seeded.counts.registrations * 5);
    expect(marks!.outside).toBe(0);
    // The last seven days (the seed's today is 2026-11-21) are the teachers' to mark.
    expect(marks!.last < '2026-11-14').toBe(true);
    const report = await get('/api/mystudio/attendance/report/classes?from=2026-09-01&to=2026-11-13', token);
    expect(report.items.length).toBeGreaterThan(0);
    expect(report.items.every((c: { notMarked: number }) => c.notMarked === 0)).toBe(true);
    const [credits] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from makeup_credits where company_id = ${seeded.companyId}`,
    );
    expect(credits!.n).toBe(seeded.rolls.credits);
    expect(credits!.n).toBeGreaterThan(0);
  });

  it('signs the parent in to a family of four dancers, each in classes', async () => {
    const { token } = await signIn(LARGE_SIGN_INS.parent.email);
    const account = await get('/api/parents/account/', token);
    expect(account.stds).toHaveLength(4);
    expect(account.aReg).toBe(true);
    expect(account.cls.length).toBeGreaterThanOrEqual(4);
  });

  it('has its recital: shows on sale to families and the public, every number with dancers placed once', async () => {
    const { token } = await signIn(LARGE_SIGN_INS.owner.email);
    const { recitals: list } = (await get('/api/mystudio/recitals', token)) as RecitalList;
    expect(list).toHaveLength(1);
    expect(list[0]!.shows.length).toBeGreaterThan(0);
    expect(list[0]!.publicToken).toBeTruthy();
    const placed = await t.database.db
      .select({ id: recitalShowNumbers.danceNumberId })
      .from(recitalShowNumbers)
      .where(eq(recitalShowNumbers.companyId, seeded.companyId));
    expect(new Set(placed.map((p) => p.id)).size).toBe(placed.length);
    const parent = await signIn(LARGE_SIGN_INS.parent.email);
    const show = list[0]!.shows[0]!.id;
    const seats = await get(`/api/parents/recitals/shows/${show}/seats`, parent.token);
    expect(seats).toBeTruthy();
  });

  it('seeds as many small studios as asked, the large studio the same beside any number of them', async () => {
    const other = await buildTestApp();
    try {
      const few = await seedLarge(other.database.db, {
        scale: SCALE,
        studios: 3,
        today: new Date('2026-11-21T12:00:00Z'),
      });
      expect(few!.otherStudios).toBe(3);
      expect(seeded.otherStudios).not.toBe(3);
      const [all] = await other.database.db.select({ n: count() }).from(companies);
      expect(all!.n).toBe(4);
      // Its families, dancers, classes and each class's registrations, by what they hold (ids are random).
      const print = async (db: Db, companyId: string) => {
        const [row] = await rowsOf<{ print: string; n: number }>(
          db,
          sql`select md5(string_agg(x, '|' order by x)) as print, count(*)::int as n from (
              select 'f:' || last_name from family_accounts where company_id = ${companyId}
              union all select 's:' || first_name || ' ' || last_name || ' ' || dob::text
                from students where company_id = ${companyId}
              union all select 'c:' || c.name || ' ' || c.day || ' ' || c.time_start || ' '
                || (select count(*) from class_registrations r where r.class_id = c.id)
                from classes c where c.company_id = ${companyId}
            ) t(x)`,
        );
        return row;
      };
      const beside200 = await print(t.database.db, seeded.companyId);
      expect(beside200!.n).toBeGreaterThan(100);
      expect(await print(other.database.db, few!.companyId)).toEqual(beside200);
    } finally {
      await other.close();
    }
  });
});
