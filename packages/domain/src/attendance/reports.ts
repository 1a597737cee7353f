import { compareDates, type DateOnly, dayNumber } from '../dates-core';
import type { MarkStatus } from './meetings';

/**
 * What the studio learns from its rolls (issue 36 item 5, decision 065), pure over plain data the API
 * reads: the class's meetings (from the schedule and the term, with their closures), who each meeting
 * expected (the kernel's `expectedOn` rule, applied by the caller) and the roll's marks.
 *
 * A meeting counts when it is **held**: not cancelled by a closure and not after today. At a held
 * meeting, each dancer expected is counted once: present, late, absent, excused, or not marked. A mark
 * of a dancer the roster no longer expects there (their registration changed after the roll) still
 * counts: the roll recorded them. A make-up guest's mark counts in the make-ups, never in the class.
 */

/** A class's meeting: its date, and whether a closure cancelled it. */
export type ReportMeeting = { classId: string; date: DateOnly; cancelled: boolean };

/** One dancer expected at one meeting of a class (the roster's rule, applied by the caller). */
export type ExpectedDancer = { classId: string; date: DateOnly; studentId: string };

/** One mark of the roll; `guest` for a make-up guest's. */
export type ReportMark = {
  classId: string;
  date: DateOnly;
  studentId: string;
  status: MarkStatus;
  guest: boolean;
};

/** The figures of a class, a dancer, or a dancer in a class, over a period. */
export type AttendanceFigures = {
  /** Meetings held (not cancelled, not in the future). */
  held: number;
  /** Dancer-meetings the roster expected at those meetings. */
  expected: number;
  present: number;
  late: number;
  absent: number;
  excused: number;
  /** Expected dancer-meetings with no mark. */
  notMarked: number;
  /** (present + late) / marked, as a whole percent; null when nothing is marked. */
  rate: number | null;
};

/** The attendance rate: (present + late) over the marked, a whole percent (half up), or null. */
export function attendanceRate(c: Pick<AttendanceFigures, 'present' | 'late' | 'absent' | 'excused'>) {
  const marked = c.present + c.late + c.absent + c.excused;
  return marked === 0 ? null : Math.round((100 * (c.present + c.late)) / marked);
}

/** Whether a meeting counts on `today`: not cancelled, and today or before. */
export const isHeld = (m: Pick<ReportMeeting, 'cancelled' | 'date'>, today: DateOnly) =>
  !m.cancelled && compareDates(m.date, today) <= 0;

const emptyCounts = () => ({
  held: 0,
  expected: 0,
  present: 0,
  late: 0,
  absent: 0,
  excused: 0,
  notMarked: 0,
});
type Counts = ReturnType<typeof emptyCounts>;

const withRate = (c: Counts): AttendanceFigures => ({ ...c, rate: attendanceRate(c) });

export type AttendanceInput = {
  today: DateOnly;
  from: DateOnly;
  to: DateOnly;
  meetings: readonly ReportMeeting[];
  expected: readonly ExpectedDancer[];
  marks: readonly ReportMark[];
};

const meetingKey = (classId: string, date: DateOnly) => `${classId}|${date}`;

/** One dancer's place at one held meeting: their mark, or null when not marked; `expected` by the roster. */
export type DancerMeeting = {
  classId: string;
  date: DateOnly;
  studentId: string;
  expected: boolean;
  status: MarkStatus | null;
};

/**
 * Every dancer counted at every held meeting in [from, to]: those expected (marked or not) and those
 * marked (enrolled, not guests) though the roster no longer expects them. Sorted by date.
 */
export function dancerMeetings(input: AttendanceInput): DancerMeeting[] {
  // Each held meeting's rows by dancer; `rows` keeps them in the order they were made (the expected
  // first, then the marks of dancers not expected), as the stable sort below wants.
  const held = new Map<string, Map<string, DancerMeeting>>();
  for (const m of input.meetings) {
    if (!isHeld(m, input.today)) continue;
    if (compareDates(m.date, input.from) < 0 || compareDates(m.date, input.to) > 0) continue;
    held.set(meetingKey(m.classId, m.date), new Map());
  }
  const rows: DancerMeeting[] = [];
  for (const e of input.expected) {
    const at = held.get(meetingKey(e.classId, e.date));
    // A dancer expected twice at a meeting (two registrations) is one row.
    if (!at || at.has(e.studentId)) continue;
    const { classId, date, studentId } = e;
    const row: DancerMeeting = { classId, date, studentId, expected: true, status: null };
    at.set(studentId, row);
    rows.push(row);
  }
  for (const mk of input.marks) {
    if (mk.guest) continue;
    const at = held.get(meetingKey(mk.classId, mk.date));
    if (!at) continue;
    const row = at.get(mk.studentId);
    if (row) row.status = mk.status;
    else {
      const made: DancerMeeting = {
        classId: mk.classId,
        date: mk.date,
        studentId: mk.studentId,
        expected: false,
        status: mk.status,
      };
      at.set(mk.studentId, made);
      rows.push(made);
    }
  }
  // By date, each distinct date read once (compareDates parses both of its dates at every comparison:
  // a page's fourteen thousand rows made it most of a report's time); the sort is stable, as before.
  const days = new Map<DateOnly, number>();
  const dayOf = (date: DateOnly) => {
    let n = days.get(date);
    if (n === undefined) {
      n = dayNumber(date);
      days.set(date, n);
    }
    return n;
  };
  return rows
    .map((row) => ({ row, day: dayOf(row.date) }))
    .sort((a, b) => a.day - b.day)
    .map(({ row }) => row);
}

function add(c: Counts, row: DancerMeeting): void {
  if (row.expected) c.expected += 1;
  if (row.status === null) c.notMarked += 1;
  else c[row.status] += 1;
}

/** Each class's figures over the period (every class of `classIds`, held or not). */
export function classFigures(
  input: AttendanceInput,
  classIds: readonly string[],
): Map<string, AttendanceFigures> {
  const counts = new Map(classIds.map((id) => [id, emptyCounts()]));
  for (const m of input.meetings) {
    const c = counts.get(m.classId);
    if (!c || !isHeld(m, input.today)) continue;
    if (compareDates(m.date, input.from) >= 0 && compareDates(m.date, input.to) <= 0) c.held += 1;
  }
  for (const row of dancerMeetings(input)) {
    const c = counts.get(row.classId);
    if (c) add(c, row);
  }
  return new Map([...counts].map(([id, c]) => [id, withRate(c)]));
}

/**
 * Each dancer's figures over the period, for the dancers of `studentIds`, across their classes (or only
 * `classId`'s when given): `held` is the number of held meetings they were counted at.
 */
export function dancerFigures(
  input: AttendanceInput,
  studentIds: readonly string[],
  classId?: string,
): Map<string, AttendanceFigures> {
  const counts = new Map(studentIds.map((id) => [id, emptyCounts()]));
  for (const row of dancerMeetings(input)) {
    if (classId !== undefined && row.classId !== classId) continue;
    const c = counts.get(row.studentId);
    if (!c) continue;
    c.held += 1;
    add(c, row);
  }
  return new Map([...counts].map(([id, c]) => [id, withRate(c)]));
}

/** The key of one dancer in one class, as `byDancerAndClass` groups them. */
export const dancerClassKey = (studentId: string, classId: string) => `${studentId}|${classId}`;

/**
 * The rows of `dancerMeetings` grouped by dancer and class (`dancerClassKey`), each group in the rows'
 * order: one pass for a family's or a page's every dancer in every class, where asking `dancerFigures`
 * and `lastMeetings` of each would go through every row once per dancer and class.
 */
export function byDancerAndClass(rows: readonly DancerMeeting[]): Map<string, DancerMeeting[]> {
  const groups = new Map<string, DancerMeeting[]>();
  for (const row of rows) {
    const key = dancerClassKey(row.studentId, row.classId);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The figures of one dancer in one class from their group's rows: `dancerFigures` with its class. */
export function groupFigures(rows: readonly DancerMeeting[]): AttendanceFigures {
  const c = emptyCounts();
  for (const row of rows) {
    c.held += 1;
    add(c, row);
  }
  return withRate(c);
}

/** A mark that counts as missing the class for the early warning. */
export const isMissed = (status: MarkStatus) => status === 'absent' || status === 'excused';

/** How many missed meetings in a row put a dancer on the early-warning list. */
export const STREAK_LENGTH = 3;

/** A dancer absent the last three times in a row in a class: the dates, newest first, and the marks. */
export type AbsenceStreak = {
  classId: string;
  studentId: string;
  dates: DateOnly[];
  statuses: MarkStatus[];
};

/**
 * The early warning: each dancer whose last three held-and-marked meetings of a class (up to today) are
 * absent or excused, and whom the class still expects at its last held meeting (a dancer who left is no
 * warning). Cancelled and future meetings never count; a guest's mark never counts.
 */
export function absenceStreaks(input: Omit<AttendanceInput, 'from' | 'to'>): AbsenceStreak[] {
  const all = dancerMeetings({ ...input, from: '0001-01-01', to: input.today });
  const lastHeld = new Map<string, DateOnly>();
  for (const m of input.meetings) {
    if (!isHeld(m, input.today)) continue;
    const last = lastHeld.get(m.classId);
    if (!last || compareDates(m.date, last) > 0) lastHeld.set(m.classId, m.date);
  }
  const stillExpected = new Set(
    input.expected
      .filter((e) => lastHeld.get(e.classId) === e.date)
      .map((e) => `${e.classId}|${e.studentId}`),
  );
  const marked = new Map<string, DancerMeeting[]>();
  for (const row of all) {
    if (row.status === null) continue;
    const key = `${row.classId}|${row.studentId}`;
    const list = marked.get(key) ?? [];
    list.push(row);
    marked.set(key, list);
  }
  const out: AbsenceStreak[] = [];
  for (const [key, rows] of marked) {
    if (!stillExpected.has(key) || rows.length < STREAK_LENGTH) continue;
    const last = rows.slice(-STREAK_LENGTH).reverse();
    if (!last.every((r) => r.status !== null && isMissed(r.status))) continue;
    out.push({
      classId: last[0]!.classId,
      studentId: last[0]!.studentId,
      dates: last.map((r) => r.date),
      statuses: last.map((r) => r.status as MarkStatus),
    });
  }
  return out.sort((a, b) => compareDates(b.dates[0]!, a.dates[0]!) || a.studentId.localeCompare(b.studentId));
}

/** A dancer's last meetings in a class (of `dancerMeetings`' rows), newest last: the date and the mark. */
export function lastMeetings(
  rows: readonly DancerMeeting[],
  studentId: string,
  classId: string,
  count: number,
): { date: DateOnly; status: MarkStatus | null }[] {
  return rows
    .filter((r) => r.studentId === studentId && r.classId === classId)
    .slice(-count)
    .map((r) => ({ date: r.date, status: r.status }));
}

/**
 * Make-up credits of the same class, source and state, counted (`n`), and what the period saw of them:
 * given in it (on the day given, in the studio's time zone), settled in it (used, expired or removed: the
 * day of its last change), or both. The reader counts; `makeupFigures` decides where each counts.
 */
export type MakeupCreditFact = {
  classId: string | null;
  source: 'absence' | 'closure' | 'owner';
  state: 'open' | 'booked' | 'used' | 'expired' | 'removed';
  givenInPeriod: boolean;
  settledInPeriod: boolean;
  n: number;
};
/** The make-ups booked in the period into a class (on the day booked), counted. */
export type MakeupBookingFact = { classId: string; n: number };

export type MakeupFigures = {
  givenAbsence: number;
  givenClosure: number;
  givenOwner: number;
  booked: number;
  used: number;
  expired: number;
  removed: number;
};

const emptyMakeups = (): MakeupFigures => ({
  givenAbsence: 0,
  givenClosure: 0,
  givenOwner: 0,
  booked: 0,
  used: 0,
  expired: 0,
  removed: 0,
});

const GIVEN = { absence: 'givenAbsence', closure: 'givenClosure', owner: 'givenOwner' } as const;
const SETTLED = { used: 'used', expired: 'expired', removed: 'removed' } as const;

/**
 * The make-ups of a period, in all and by class: given (by source, on the day given; by the class of the
 * missed meeting, null for a credit given by hand), booked (by the class booked into, on the day booked),
 * used, expired and removed (on the day it happened, by the missed meeting's class).
 */
export function makeupFigures(
  credits: readonly MakeupCreditFact[],
  bookings: readonly MakeupBookingFact[],
): { total: MakeupFigures; byClass: Map<string | null, MakeupFigures> } {
  const total = emptyMakeups();
  const byClass = new Map<string | null, MakeupFigures>();
  const bump = (classId: string | null, field: keyof MakeupFigures, n: number) => {
    const row = byClass.get(classId) ?? emptyMakeups();
    row[field] += n;
    byClass.set(classId, row);
    total[field] += n;
  };
  for (const c of credits) {
    if (c.givenInPeriod) bump(c.classId, GIVEN[c.source], c.n);
    if (c.state in SETTLED && c.settledInPeriod) {
      bump(c.classId, SETTLED[c.state as keyof typeof SETTLED], c.n);
    }
  }
  for (const b of bookings) bump(b.classId, 'booked', b.n);
  return { total, byClass };
}
