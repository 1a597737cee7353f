import {
  addDays,
  compareDates,
  type DateOnly,
  givesMakeup,
  type MarkStatus,
  makeupExpiry,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { classRosters, expectedOn, type RosterEntry } from '../kernel/class-rosters';
import { attendanceSettingsOf, classMeetings } from '../modules/attendance';
import type { Db } from './client';
import { attendanceMarks, makeupCredits } from './schema/attendance';
import { classes } from './schema/schedule';
import { demoOwner } from './seed-demo-owner';

/**
 * The demo studio's rolls (issue 36, decision 065), so its attendance reports are not empty: a mark for
 * every dancer expected at every meeting of the current term before today (mostly present, some late,
 * absent or excused, picked by a fixed hash so every seed is the same), one dancer absent the last three
 * times in a row, and a make-up credit for each absence (expired once its window has passed), as the
 * roll would have given them. Written in bulk, so `npm start`'s seed stays fast.
 */

/** A fixed number in [0, 1) for a text: the same dancer and day always get the same mark. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

function markOf(key: string): MarkStatus {
  const n = hashOf(key);
  return n < 0.84 ? 'present' : n < 0.91 ? 'late' : n < 0.97 ? 'absent' : 'excused';
}

type Mark = { classId: string; date: DateOnly; entry: RosterEntry; status: MarkStatus };

/** The marks of the meetings held before today; only `streaker` misses the last three of their class. */
function demoMarks(
  meetings: { classId: string; date: DateOnly; closure: unknown }[],
  rosters: RosterEntry[],
  today: DateOnly,
): Mark[] {
  const held = meetings.filter((m) => m.closure === null && compareDates(m.date, today) < 0);
  const lastOf = new Map<string, DateOnly[]>();
  for (const m of held) lastOf.set(m.classId, [...(lastOf.get(m.classId) ?? []), m.date].slice(-3));
  const streakClass = [...lastOf].find(
    ([id, dates]) => dates.length === 3 && rosters.some((r) => r.classId === id),
  );
  const streaker = streakClass ? rosters.find((r) => r.classId === streakClass[0]) : undefined;
  const marks: Mark[] = [];
  for (const m of held) {
    const last = lastOf.get(m.classId)!;
    for (const entry of rosters) {
      if (entry.classId !== m.classId || !expectedOn(entry, m.date)) continue;
      let status = markOf(`${entry.studentId}|${m.classId}|${m.date}`);
      if (entry === streaker && last.includes(m.date)) status = m.date === last[1] ? 'excused' : 'absent';
      // Every other dancer came to their class's last meeting: one early warning, not a chance few.
      else if (m.date === last[2] && givesMakeup(status)) status = 'present';
      marks.push({ classId: m.classId, date: m.date, entry, status });
    }
  }
  return marks;
}

export async function seedDemoAttendance(db: Db, studioName: string, now: Date): Promise<void> {
  const demo = await demoOwner(db, studioName, now);
  if (!demo) return;
  const { companyId, owner, term, today } = demo;
  const classIds = (
    await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.companyId, companyId), eq(classes.yearTermId, term.id)))
  ).map((c) => c.id);
  if (compareDates(today, term.dateStart) <= 0 || classIds.length === 0) return;
  const to = addDays(today, -1);
  const [{ meetings }, rosters, settings] = await Promise.all([
    classMeetings(db, companyId, classIds, term.dateStart, to),
    classRosters(db, companyId, classIds, term.dateStart, to),
    attendanceSettingsOf(db, companyId),
  ]);
  const marks = demoMarks(meetings, rosters, today);
  const at = (date: DateOnly) => new Date(`${date}T22:00:00Z`);
  const markRows = marks.map((m) => ({
    companyId,
    classId: m.classId,
    meetingDate: m.date,
    studentId: m.entry.studentId,
    status: m.status,
    markedBy: owner.userId,
    markedAt: at(m.date),
  }));
  const creditRows = marks
    .filter((m) => givesMakeup(m.status))
    .map((m) => {
      const expiresOn = makeupExpiry(m.date, settings.makeupWindowDays);
      const expired = compareDates(expiresOn, today) < 0;
      return {
        companyId,
        familyId: m.entry.familyId,
        studentId: m.entry.studentId,
        source: 'absence' as const,
        classId: m.classId,
        meetingDate: m.date,
        expiresOn,
        state: expired ? ('expired' as const) : ('open' as const),
        createdBy: owner.userId,
        createdAt: at(m.date),
        settledAt: expired ? new Date(`${addDays(expiresOn, 1)}T06:00:00Z`) : null,
      };
    });
  await db.transaction(async (tx) => {
    for (let i = 0; i < markRows.length; i += 500)
      await tx.insert(attendanceMarks).values(markRows.slice(i, i + 500));
    for (let i = 0; i < creditRows.length; i += 500)
      await tx.insert(makeupCredits).values(creditRows.slice(i, i + 500));
  });
}
