import {
  ATTENDANCE_REPORT_MAX_DAYS,
  ATTENDANCE_REPORT_TEXT,
  type AttendanceInput,
  compareDates,
  type DateOnly,
  daysInclusive,
  type ExpectedDancer,
  isHeld,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { badRequest } from '../../http/errors';
import { classRosters, expectedOn, type RosterEntry } from '../../kernel/class-rosters';
import { classMeetings } from './meetings.queries';
import { marksBetween } from './reports.queries';

/** A period a report covers: from on or before to, at most a year. */
export function checkPeriod(from: DateOnly, to: DateOnly): void {
  if (compareDates(from, to) > 0) throw badRequest(ATTENDANCE_REPORT_TEXT.backwards);
  if (daysInclusive(from, to) > ATTENDANCE_REPORT_MAX_DAYS) throw badRequest(ATTENDANCE_REPORT_TEXT.tooLong);
}

/**
 * What the rules need for some classes over [from, to] (decision 065): their meetings with closures (the
 * attendance index, two statements), their rosters (the kernel, one) and the roll's marks (one), the
 * expected dancers made by the kernel's `expectedOn` at each held meeting. `studentIds` keeps to some
 * dancers (a page of them, a family's).
 */
export async function readAttendance(
  db: Db,
  companyId: string,
  q: {
    classIds: readonly string[];
    from: DateOnly;
    to: DateOnly;
    today: DateOnly;
    studentIds?: readonly string[];
  },
): Promise<{ input: AttendanceInput; rosters: RosterEntry[] }> {
  const [{ meetings }, rosters, marks] = await sideBySide(db, [
    () => classMeetings(db, companyId, q.classIds, q.from, q.to),
    () => classRosters(db, companyId, q.classIds, q.from, q.to, q.studentIds),
    () =>
      marksBetween(db, companyId, {
        from: q.from,
        to: q.to,
        classIds: q.classIds,
        ...(q.studentIds ? { studentIds: q.studentIds } : {}),
      }),
  ]);
  const only = q.studentIds ? new Set(q.studentIds) : null;
  const byClass = new Map<string, RosterEntry[]>();
  for (const r of rosters) {
    if (only && !only.has(r.studentId)) continue;
    const roster = byClass.get(r.classId);
    if (roster) roster.push(r);
    else byClass.set(r.classId, [r]);
  }
  const expected: ExpectedDancer[] = [];
  const reportMeetings = meetings.map((m) => ({
    classId: m.classId,
    date: m.date,
    cancelled: m.closure !== null,
  }));
  for (const m of reportMeetings) {
    if (!isHeld(m, q.today)) continue;
    for (const r of byClass.get(m.classId) ?? []) {
      if (expectedOn(r, m.date)) expected.push({ classId: m.classId, date: m.date, studentId: r.studentId });
    }
  }
  return {
    input: { today: q.today, from: q.from, to: q.to, meetings: reportMeetings, expected, marks },
    rosters,
  };
}
