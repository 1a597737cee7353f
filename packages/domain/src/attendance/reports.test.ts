import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates-core';
import type { MarkStatus } from './meetings';
import {
  absenceStreaks,
  attendanceRate,
  byDancerAndClass,
  classFigures,
  dancerClassKey,
  dancerFigures,
  dancerMeetings,
  type ExpectedDancer,
  groupFigures,
  lastMeetings,
  type MakeupCreditFact,
  makeupFigures,
  type ReportMark,
  type ReportMeeting,
} from './reports';

const C = 'class-1';
const D = 'class-2';
const today = '2026-11-20';
// Mondays of November 2026 in class-1: the 2nd, 9th, 16th (held), 23rd and 30th (future).
const mondays = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'];
const meetings = (cancelled: string[] = []): ReportMeeting[] =>
  mondays.map((date) => ({ classId: C, date, cancelled: cancelled.includes(date) }));
const expect3 = (studentId: string, dates = mondays): ExpectedDancer[] =>
  dates.map((date) => ({ classId: C, date, studentId }));
const mark = (studentId: string, date: string, status: MarkStatus, guest = false): ReportMark => ({
  classId: C,
  date,
  studentId,
  status,
  guest,
});

describe('attendanceRate', () => {
  it.each([
    [{ present: 0, late: 0, absent: 0, excused: 0 }, null],
    [{ present: 3, late: 0, absent: 0, excused: 0 }, 100],
    [{ present: 1, late: 1, absent: 1, excused: 0 }, 67],
    [{ present: 1, late: 0, absent: 1, excused: 1 }, 33],
    [{ present: 1, late: 0, absent: 7, excused: 0 }, 13],
    [{ present: 0, late: 0, absent: 2, excused: 2 }, 0],
  ])('%o → %s', (counts, rate) => {
    expect(attendanceRate(counts)).toBe(rate);
  });
});

describe('classFigures and dancerFigures', () => {
  const input = {
    today,
    from: '2026-11-01',
    to: '2026-11-30',
    meetings: meetings(['2026-11-09']),
    expected: [...expect3('ann'), ...expect3('bea'), ...expect3('cat', ['2026-11-16'])],
    marks: [
      mark('ann', '2026-11-02', 'present'),
      mark('ann', '2026-11-16', 'late'),
      mark('bea', '2026-11-02', 'absent'),
      // A mark at a cancelled meeting and one in the future never count.
      mark('bea', '2026-11-09', 'present'),
      mark('bea', '2026-11-23', 'present'),
      // A make-up guest's mark counts in the make-ups, not in the class.
      mark('guest', '2026-11-16', 'present', true),
      // A dancer the roster no longer expects, marked by the roll: counted.
      mark('dan', '2026-11-02', 'excused'),
    ],
  };
  it('counts held meetings, expected dancers and their marks', () => {
    expect(classFigures(input, [C, D]).get(C)).toEqual({
      held: 2,
      expected: 5,
      present: 1,
      late: 1,
      absent: 1,
      excused: 1,
      notMarked: 2,
      rate: 50,
    });
    expect(classFigures(input, [C, D]).get(D)).toEqual({
      held: 0,
      expected: 0,
      present: 0,
      late: 0,
      absent: 0,
      excused: 0,
      notMarked: 0,
      rate: null,
    });
  });
  it('counts each dancer at the meetings they were counted at', () => {
    const f = dancerFigures(input, ['ann', 'bea', 'cat', 'dan', 'guest']);
    expect(f.get('ann')).toMatchObject({ held: 2, expected: 2, present: 1, late: 1, rate: 100 });
    expect(f.get('bea')).toMatchObject({ held: 2, expected: 2, absent: 1, notMarked: 1, rate: 0 });
    expect(f.get('cat')).toMatchObject({ held: 1, expected: 1, notMarked: 1, rate: null });
    expect(f.get('dan')).toMatchObject({ held: 1, expected: 0, excused: 1, rate: 0 });
    expect(f.get('guest')).toMatchObject({ held: 0, rate: null });
  });
  it('keeps to the period', () => {
    const early = classFigures({ ...input, to: '2026-11-08' }, [C]).get(C);
    expect(early).toMatchObject({ held: 1, expected: 2, present: 1, absent: 1, excused: 1 });
  });
  it('lists the last meetings with their marks, oldest first', () => {
    const rows = dancerMeetings(input);
    expect(lastMeetings(rows, 'bea', C, 10)).toEqual([
      { date: '2026-11-02', status: 'absent' },
      { date: '2026-11-16', status: null },
    ]);
    expect(lastMeetings(rows, 'ann', C, 1)).toEqual([{ date: '2026-11-16', status: 'late' }]);
  });
});

const statusArb = fc.constantFrom<MarkStatus>('present', 'absent', 'late', 'excused');
/** A class of up to 12 weekly meetings, some cancelled, marks for three dancers at some of them. */
const scenario = fc.record({
  n: fc.integer({ min: 0, max: 12 }),
  todayAt: fc.integer({ min: -1, max: 12 }),
  cancelled: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
  marks: fc.array(fc.option(statusArb, { nil: null }), { minLength: 36, maxLength: 36 }),
});
const start = '2026-09-07';
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
function build(s: Scenario) {
  const dates = Array.from({ length: s.n }, (_, i) => addDays(start, 7 * i));
  const dancers = ['a', 'b', 'c'];
  return {
    today: addDays(start, 7 * s.todayAt),
    meetings: dates.map((date, i) => ({ classId: C, date, cancelled: s.cancelled[i]! })),
    expected: dates.flatMap((date) => dancers.map((studentId) => ({ classId: C, date, studentId }))),
    marks: dates.flatMap((date, i) =>
      dancers.flatMap((studentId, j) => {
        const status = s.marks[3 * i + j];
        return status ? [mark(studentId, date, status)] : [];
      }),
    ),
  };
}

describe('properties', () => {
  it('never lists a dancer with a present or late among their last three marked meetings', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = build(s);
        for (const streak of absenceStreaks(input)) {
          expect(streak.dates).toHaveLength(3);
          const held = dancerMeetings({ ...input, from: '2000-01-01', to: input.today }).filter(
            (r) => r.studentId === streak.studentId && r.status !== null,
          );
          const lastThree = held.slice(-3).map((r) => r.status);
          expect(lastThree.every((st) => st === 'absent' || st === 'excused')).toBe(true);
          expect(held.slice(-3).map((r) => r.date)).toEqual([...streak.dates].reverse());
        }
        // And every dancer whose last three are all missed is listed.
        const listed = new Set(absenceStreaks(input).map((x) => x.studentId));
        for (const id of ['a', 'b', 'c']) {
          const rows = dancerMeetings({ ...input, from: '2000-01-01', to: input.today }).filter(
            (r) => r.studentId === id && r.status !== null,
          );
          const missedAll =
            rows.length >= 3 && rows.slice(-3).every((r) => r.status === 'absent' || r.status === 'excused');
          expect(listed.has(id)).toBe(missedAll);
        }
      }),
    );
  });
  it('never counts a cancelled or future meeting: cancelling one changes nothing but its own figures', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = build(s);
        const all = { ...input, from: '2000-01-01', to: '2100-01-01' };
        const f = classFigures(all, [C]).get(C)!;
        const held = input.meetings.filter((m) => !m.cancelled && m.date <= input.today);
        expect(f.held).toBe(held.length);
        expect(f.expected).toBe(3 * held.length);
        expect(f.present + f.late + f.absent + f.excused + f.notMarked).toBe(f.expected);
        // The same marks with every cancelled meeting's marks removed give the same figures.
        const cancelledDates = new Set(input.meetings.filter((m) => m.cancelled).map((m) => m.date));
        const kept = input.marks.filter((m) => !cancelledDates.has(m.date));
        expect(classFigures({ ...all, marks: kept }, [C]).get(C)).toEqual(f);
        for (const streak of absenceStreaks(input)) {
          for (const d of streak.dates) expect(cancelledDates.has(d) || d > input.today).toBe(false);
        }
      }),
    );
  });
  it('grouped by dancer and class, each group gives what dancerFigures and lastMeetings give it', () => {
    fc.assert(
      fc.property(scenario, scenario, fc.integer({ min: 1, max: 12 }), (s, t, count) => {
        // Two classes, their meetings and marks interleaved by date, as a family's are.
        const one = build(s);
        const two = build(t);
        const moved = <X extends { classId: string }>(xs: X[]) => xs.map((x) => ({ ...x, classId: D }));
        const input = {
          today: one.today,
          from: '2000-01-01',
          to: '2100-01-01',
          meetings: [...one.meetings, ...moved(two.meetings)],
          expected: [...one.expected, ...moved(two.expected)],
          marks: [...one.marks, ...moved(two.marks)],
        };
        const rows = dancerMeetings(input);
        const groups = byDancerAndClass(rows);
        for (const studentId of ['a', 'b', 'c']) {
          for (const classId of [C, D]) {
            const group = groups.get(dancerClassKey(studentId, classId)) ?? [];
            expect(groupFigures(group)).toEqual(dancerFigures(input, [studentId], classId).get(studentId));
            expect(group.slice(-count).map((r) => ({ date: r.date, status: r.status }))).toEqual(
              lastMeetings(rows, studentId, classId, count),
            );
          }
        }
      }),
    );
  });
  it('a class is the sum of its dancers', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = { ...build(s), from: '2000-01-01', to: '2100-01-01' };
        const c = classFigures(input, [C]).get(C)!;
        const d = [...dancerFigures(input, ['a', 'b', 'c']).values()];
        for (const k of ['expected', 'present', 'late', 'absent', 'excused', 'notMarked'] as const) {
          expect(d.reduce((n, x) => n + x[k], 0)).toBe(c[k]);
        }
      }),
    );
  });
});

describe('absenceStreaks', () => {
  it('lists the dancer whose last three marked meetings are missed, with the dates newest first', () => {
    const dates = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02'];
    const input = {
      today,
      meetings: dates.map((date) => ({ classId: C, date, cancelled: date === '2026-10-26' })),
      expected: dates.flatMap((date) =>
        ['ann', 'bea', 'left'].map((studentId) => ({ classId: C, date, studentId })),
      ),
      marks: [
        mark('ann', '2026-10-05', 'present'),
        mark('ann', '2026-10-12', 'absent'),
        mark('ann', '2026-10-19', 'excused'),
        mark('ann', '2026-10-26', 'present'),
        mark('ann', '2026-11-02', 'absent'),
        mark('bea', '2026-10-12', 'absent'),
        mark('bea', '2026-10-19', 'late'),
        mark('bea', '2026-11-02', 'absent'),
      ],
    };
    expect(absenceStreaks(input)).toEqual([
      {
        classId: C,
        studentId: 'ann',
        dates: ['2026-11-02', '2026-10-19', '2026-10-12'],
        statuses: ['absent', 'excused', 'absent'],
      },
    ]);
    // A dancer the class no longer expects at its last held meeting is not a warning.
    const left = {
      ...input,
      expected: input.expected.filter((e) => !(e.studentId === 'ann' && e.date === '2026-11-02')),
    };
    expect(absenceStreaks(left)).toEqual([]);
  });
});

describe('makeupFigures', () => {
  it('counts credits given by source, booked, used, expired and removed within the period, by class', () => {
    const credit = (c: Partial<MakeupCreditFact>): MakeupCreditFact => ({
      classId: C,
      source: 'absence',
      state: 'open',
      givenInPeriod: true,
      settledInPeriod: false,
      n: 1,
      ...c,
    });
    const { total, byClass } = makeupFigures(
      [
        credit({ n: 2 }),
        // Given before the period, expired in it.
        credit({ state: 'expired', givenInPeriod: false, settledInPeriod: true }),
        credit({ classId: D, source: 'closure', state: 'used', settledInPeriod: true }),
        // Given by hand in the period, removed after it.
        credit({ classId: null, source: 'owner', state: 'removed' }),
        // Booked is not settled: a booked credit counts where it was given only.
        credit({ state: 'booked', settledInPeriod: true, n: 3 }),
      ],
      [{ classId: D, n: 1 }],
    );
    expect(total).toEqual({
      givenAbsence: 5,
      givenClosure: 1,
      givenOwner: 1,
      booked: 1,
      used: 1,
      expired: 1,
      removed: 0,
    });
    expect(byClass.get(C)).toMatchObject({ givenAbsence: 5, expired: 1, used: 0 });
    expect(byClass.get(D)).toMatchObject({ givenClosure: 1, used: 1, booked: 1 });
    expect(byClass.get(null)).toMatchObject({ givenOwner: 1, removed: 0 });
  });
});
