import { addDays, type DateOnly, isMissed, type MarkStatus, meetsOn } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { insertClass, type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import {
  attendanceMarks,
  attendanceStreaks,
  classClosures,
  makeupBookings,
  makeupCredits,
} from '../../db/schema/attendance';
import { yearTerms } from '../../db/schema/companies';
import { classes } from '../../db/schema/schedule';

/**
 * The early warning kept by the database (decision 142, migration 0050): after any sequence of marks
 * written, corrected and deleted (the dancer's own and a make-up guest's), closures added, lifted and
 * deleted, a class moved to another weekday and its term's dates changed, `attendance_streaks` holds
 * exactly the (class, dancer) pairs whose last three counted marks were missed, with the oldest of the
 * three, as the rule counts a mark (the domain's `meetsOn` and `isMissed`, no closure covering it). On
 * PostgreSQL, the same with the steps run eight at a time.
 */

const { t, s } = useTwoStudios();
const db = () => t.database.db;
/** Six weeks of days, every weekday: a mark on a day the class does not meet never counts. */
const DAYS: DateOnly[] = Array.from({ length: 42 }, (_, i) => addDays('2026-10-05', i));
let classIds: string[] = [];
let studentIds: string[] = [];
let bookingId = '';
let rec: ScheduleRecords;

beforeAll(async () => {
  await db()
    .update(yearTerms)
    .set({ dateStart: '2026-09-01', dateEnd: '2027-06-30' })
    .where(eq(yearTerms.id, s.termA.id));
  rec = await scheduleRecords(s.a, s.termA.id);
  // Monday and Wednesday (class day 0 is Monday).
  classIds = [
    await insertClass(db(), s.companyA, rec, { name: 'Ballet', day: 0 }),
    await insertClass(db(), s.companyA, rec, { name: 'Jazz', day: 2 }),
  ];
  const family = await createFamily(db(), s.companyA);
  studentIds = [];
  for (const firstName of ['Ann', 'Bea'])
    studentIds.push(
      (await createStudent(db(), { companyId: s.companyA, familyId: family.id, firstName })).id,
    );
  const [credit] = await db()
    .insert(makeupCredits)
    .values({
      companyId: s.companyA,
      familyId: family.id,
      studentId: studentIds[0]!,
      source: 'owner',
      expiresOn: '2026-12-31',
      state: 'booked',
    })
    .returning();
  const [booking] = await db()
    .insert(makeupBookings)
    .values({
      companyId: s.companyA,
      creditId: credit!.id,
      familyId: family.id,
      studentId: studentIds[0]!,
      classId: classIds[1]!,
      meetingDate: '2026-10-14',
      state: 'booked',
    })
    .returning();
  bookingId = booking!.id;
});

type Step =
  | { kind: 'mark'; c: number; st: number; day: number; status: MarkStatus; guest: boolean }
  | { kind: 'unmark'; c: number; st: number; day: number }
  | { kind: 'close'; c: number | null; day: number; days: number }
  | { kind: 'lift'; nth: number; remove: boolean }
  | { kind: 'move'; c: number; weekday: number }
  | { kind: 'term'; start: number; end: number };

const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
/**
 * A day of the six weeks for class `c`: most often its own weekday as first set (Ballet Monday, Jazz
 * Wednesday), so that streaks begin and end; now and then another day, which never counts until a move.
 */
const dayFor = (c: number) =>
  fc
    .record({
      week: index(6),
      shift: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: index(7) }),
    })
    .map(({ week, shift }) => (week * 7 + c * 2 + shift) % DAYS.length);
const day = index(2).chain((c) => dayFor(c));
/** Missed more often than not, so that streaks begin and end. */
const status = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('absent' as const, 'excused' as const) },
  { weight: 1, arbitrary: fc.constantFrom('present' as const, 'late' as const) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 20,
    arbitrary: index(2).chain((c) =>
      fc.record({
        kind: fc.constant('mark' as const),
        c: fc.constant(c),
        st: index(2),
        day: dayFor(c),
        status,
        guest: fc.oneof(
          { weight: 5, arbitrary: fc.constant(false) },
          { weight: 1, arbitrary: fc.constant(true) },
        ),
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: index(2).chain((c) =>
      fc.record({ kind: fc.constant('unmark' as const), c: fc.constant(c), st: index(2), day: dayFor(c) }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      c: fc.option(index(2), { nil: null }),
      day,
      days: fc.integer({ min: 0, max: 9 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('lift' as const), nth: index(8), remove: fc.boolean() }),
  },
  // Moved to another weekday, or back to its own (as often), so that its marks count again.
  {
    weight: 2,
    arbitrary: index(2).chain((c) =>
      fc.record({
        kind: fc.constant('move' as const),
        c: fc.constant(c),
        weekday: fc.oneof(fc.constant(c * 2), index(7)),
      }),
    ),
  },
  // Its term cut at either end, or back to the whole six weeks (as often).
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('term' as const),
      start: fc.oneof(fc.constant(0), index(21)),
      end: fc.oneof(fc.constant(20), index(21)),
    }),
  },
);

async function run(d: Db, x: Step): Promise<void> {
  const companyId = s.companyA;
  if (x.kind === 'mark') {
    const row = {
      companyId,
      classId: classIds[x.c]!,
      studentId: studentIds[x.st]!,
      meetingDate: DAYS[x.day]!,
      status: x.status,
      bookingId: x.guest ? bookingId : null,
    };
    await d
      .insert(attendanceMarks)
      .values(row)
      .onConflictDoUpdate({
        target: [attendanceMarks.classId, attendanceMarks.meetingDate, attendanceMarks.studentId],
        set: { status: row.status, bookingId: row.bookingId },
      });
  } else if (x.kind === 'unmark') {
    await d
      .delete(attendanceMarks)
      .where(
        and(
          eq(attendanceMarks.classId, classIds[x.c]!),
          eq(attendanceMarks.studentId, studentIds[x.st]!),
          eq(attendanceMarks.meetingDate, DAYS[x.day]!),
        ),
      );
  } else if (x.kind === 'close') {
    await d.insert(classClosures).values({
      companyId,
      classId: x.c === null ? null : classIds[x.c]!,
      dateFrom: DAYS[x.day]!,
      dateTo: addDays(DAYS[x.day]!, x.days),
      reason: 'Snow',
    });
  } else if (x.kind === 'lift') {
    const all = await d
      .select({ id: classClosures.id })
      .from(classClosures)
      .where(eq(classClosures.companyId, companyId))
      .orderBy(classClosures.id);
    const k = all[x.nth % Math.max(all.length, 1)];
    if (!k) return;
    if (x.remove) await d.delete(classClosures).where(eq(classClosures.id, k.id));
    else await d.update(classClosures).set({ removedAt: new Date() }).where(eq(classClosures.id, k.id));
  } else if (x.kind === 'move') {
    await d.update(classes).set({ day: x.weekday }).where(eq(classes.id, classIds[x.c]!));
  } else {
    // The term starts within the first three weeks and ends within the last three (0 and 20: all six).
    const [start, end] = [addDays('2026-10-05', x.start), addDays('2026-10-26', x.end)];
    await d.update(yearTerms).set({ dateStart: start, dateEnd: end }).where(eq(yearTerms.id, s.termA.id));
  }
}

/** The pairs the rule finds over every mark, from the tables as they are: `class|dancer|since`. */
async function byTheRule(d: Db): Promise<string[]> {
  const companyId = s.companyA;
  const [marks, closures, meets, [term]] = await Promise.all([
    d.select().from(attendanceMarks).where(eq(attendanceMarks.companyId, companyId)),
    d.select().from(classClosures).where(eq(classClosures.companyId, companyId)),
    d.select({ id: classes.id, day: classes.day }).from(classes).where(eq(classes.companyId, companyId)),
    d.select().from(yearTerms).where(eq(yearTerms.id, s.termA.id)),
  ]);
  const dayOf = new Map(meets.map((c) => [c.id, c.day]));
  const counted = marks.filter(
    (m) =>
      m.bookingId === null &&
      dayOf.has(m.classId) &&
      meetsOn(dayOf.get(m.classId)!, term!, m.meetingDate) &&
      !closures.some(
        (k) =>
          k.removedAt === null &&
          (k.classId === null || k.classId === m.classId) &&
          k.dateFrom <= m.meetingDate &&
          m.meetingDate <= k.dateTo,
      ),
  );
  const byPair = new Map<string, typeof counted>();
  for (const m of counted)
    byPair.set(`${m.classId}|${m.studentId}`, [...(byPair.get(`${m.classId}|${m.studentId}`) ?? []), m]);
  const out: string[] = [];
  for (const [pair, list] of byPair) {
    const last = list.sort((a, b) => b.meetingDate.localeCompare(a.meetingDate)).slice(0, 3);
    if (last.length === 3 && last.every((m) => isMissed(m.status)))
      out.push(`${pair}|${last[2]!.meetingDate}`);
  }
  return out.sort();
}

async function kept(d: Db): Promise<string[]> {
  const rows = await d.select().from(attendanceStreaks).where(eq(attendanceStreaks.companyId, s.companyA));
  return rows.map((r) => `${r.classId}|${r.studentId}|${r.since}`).sort();
}

async function reset(): Promise<void> {
  await db().delete(attendanceMarks).where(eq(attendanceMarks.companyId, s.companyA));
  await db().delete(classClosures).where(eq(classClosures.companyId, s.companyA));
  await db().update(classes).set({ day: 0 }).where(eq(classes.id, classIds[0]!));
  await db().update(classes).set({ day: 2 }).where(eq(classes.id, classIds[1]!));
  await db()
    .update(yearTerms)
    .set({ dateStart: '2026-09-01', dateEnd: '2027-06-30' })
    .where(eq(yearTerms.id, s.termA.id));
}

describe('attendance_streaks, kept by the database', () => {
  it('holds exactly the pairs the rule finds after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 50, size: 'max' }), async (steps) => {
        await reset();
        expect(await kept(db())).toEqual([]);
        for (const x of steps) {
          await run(db(), x);
          expect(await kept(db())).toEqual(await byTheRule(db()));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps three missed Mondays; a closure, a move or a present mark ends them, a class taken off its own', async () => {
    await reset();
    const [ballet, ann] = [classIds[0]!, studentIds[0]!];
    const mark = (day: DateOnly, status: MarkStatus) =>
      run(db(), { kind: 'mark', c: 0, st: 0, day: DAYS.indexOf(day), status, guest: false });
    await mark('2026-10-05', 'present');
    await mark('2026-10-12', 'absent');
    await mark('2026-10-19', 'excused');
    expect(await kept(db())).toEqual([]);
    await mark('2026-10-26', 'absent');
    expect(await kept(db())).toEqual([`${ballet}|${ann}|2026-10-12`]);
    // A closure of 10-19 leaves 10-05 among the last three: no streak; lifted, the streak is back.
    await run(db(), { kind: 'close', c: 0, day: DAYS.indexOf('2026-10-19'), days: 0 });
    expect(await kept(db())).toEqual([]);
    await run(db(), { kind: 'lift', nth: 0, remove: false });
    expect(await kept(db())).toEqual([`${ballet}|${ann}|2026-10-12`]);
    // A term starting on 10-13 leaves two of them, no streak; starting on 10-05 again, the streak is back.
    await run(db(), { kind: 'term', start: 8, end: 20 });
    expect(await kept(db())).toEqual([]);
    await run(db(), { kind: 'term', start: 0, end: 20 });
    expect(await kept(db())).toEqual([`${ballet}|${ann}|2026-10-12`]);
    // The latest of them taken as a make-up guest's mark: the dancer's own are two, no streak.
    await run(db(), {
      kind: 'mark',
      c: 0,
      st: 0,
      day: DAYS.indexOf('2026-10-26'),
      status: 'absent',
      guest: true,
    });
    expect(await kept(db())).toEqual([]);
    await mark('2026-10-26', 'absent');
    // Ballet moved to Tuesdays: none of its marks is at a meeting any more.
    await run(db(), { kind: 'move', c: 0, weekday: 1 });
    expect(await kept(db())).toEqual([]);
    // Back on Mondays, a present mark ends it.
    await run(db(), { kind: 'move', c: 0, weekday: 0 });
    expect(await kept(db())).toEqual([`${ballet}|${ann}|2026-10-12`]);
    await mark('2026-11-02', 'present');
    expect(await kept(db())).toEqual([]);
    await mark('2026-11-02', 'absent');
    // A class taken off takes its kept pairs with it.
    const jazz = await insertClass(db(), s.companyA, rec, { name: 'Tap', day: 0 });
    for (const day of ['2026-10-05', '2026-10-12', '2026-10-19'])
      await db().insert(attendanceMarks).values({
        companyId: s.companyA,
        classId: jazz,
        studentId: studentIds[1]!,
        meetingDate: day,
        status: 'absent',
      });
    expect(await kept(db())).toHaveLength(2);
    await db().delete(classes).where(eq(classes.id, jazz));
    expect(await kept(db())).toEqual([`${ballet}|${ann}|2026-10-19`]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('holds them with the steps run eight at a time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 16, maxLength: 48, size: 'max' }), async (steps) => {
        await reset();
        for (let i = 0; i < steps.length; i += 8)
          await Promise.all(steps.slice(i, i + 8).map((x) => db().transaction((tx) => run(tx, x))));
        expect(await kept(db())).toEqual(await byTheRule(db()));
      }),
      { numRuns: 20 },
    );
  });
});
