import { randomUUID } from 'node:crypto';
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
import { attendanceSettingsOf, classMeetings, type Meeting, type MeetingFrame } from '../modules/attendance';
import { insertJson } from './bulk-insert';
import type { Db } from './client';
import { attendanceMarks, makeupBookings, makeupCredits } from './schema/attendance';
import { classes } from './schema/schedule';
import { demoOwner } from './seed-demo-owner';
import { sideBySide } from './side-by-side';

/**
 * The demo studio's rolls (issue 36, decision 065), so its attendance reports are not empty: a mark for
 * every dancer expected at every meeting of the current term before the last seven days (mostly present, some late,
 * absent or excused, picked by a fixed hash so every seed is the same), one dancer absent the last three
 * times in a row, and a make-up credit for each absence (expired once its window has passed), as the
 * roll would have given them. Written in bulk, so `npm start`'s seed stays fast. The large studio's term
 * is marked the same way (`seedRolls`, seed-large.ts).
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

/**
 * Days before today whose meetings the demo leaves unmarked: the week a teacher may still mark (decision
 * 063), so a teacher signing in to the demo on any day finds rolls waiting.
 */
const UNTAKEN_DAYS = 7;

/**
 * The marks of the meetings held before the last seven days; only `streaker` misses the last three of
 * their class.
 */
function demoMarks(
  meetings: { classId: string; date: DateOnly; closure: unknown }[],
  rosters: RosterEntry[],
  today: DateOnly,
): Mark[] {
  // The last week's rolls are left to take, so a teacher signing in to the demo has some waiting.
  const untaken = addDays(today, -UNTAKEN_DAYS);
  const held = meetings.filter((m) => m.closure === null && compareDates(m.date, untaken) < 0);
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

type CreditRow = {
  id: string;
  companyId: string;
  familyId: string;
  studentId: string;
  source: 'absence';
  classId: string;
  meetingDate: DateOnly;
  expiresOn: DateOnly;
  state: 'open' | 'booked' | 'used' | 'expired';
  createdBy: string;
  createdAt: Date;
  settledAt: Date | null;
};
type Seen = { frames: MeetingFrame[]; meetings: Meeting[]; rosters: RosterEntry[]; today: DateOnly };

/**
 * Two open credits taken as make-ups, as the makeups module would have: each into a meeting of another
 * class of the same level the dancer is not in, with a place free, within the credit's window. The first
 * whose make-up is already past is used (the guest marked present); the first ahead is booked.
 */
function demoMakeups(credits: CreditRow[], seen: Seen) {
  const level = new Map(seen.frames.map((f) => [f.classId, f.level]));
  const free = new Map(
    seen.frames.map((f) => [f.classId, f.nMax - seen.rosters.filter((r) => r.classId === f.classId).length]),
  );
  const inClass = new Set(seen.rosters.map((r) => `${r.classId}|${r.studentId}`));
  const placeFor = (c: CreditRow, past: boolean) =>
    seen.meetings.find(
      (m) =>
        m.closure === null &&
        m.classId !== c.classId &&
        level.get(m.classId) === level.get(c.classId) &&
        (free.get(m.classId) ?? 0) > 0 &&
        !inClass.has(`${m.classId}|${c.studentId}`) &&
        compareDates(m.date, c.meetingDate) > 0 &&
        compareDates(m.date, c.expiresOn) <= 0 &&
        (past ? compareDates(m.date, seen.today) < 0 : compareDates(m.date, seen.today) > 0),
    );
  const bookings: (typeof makeupBookings.$inferInsert)[] = [];
  const guests: (typeof attendanceMarks.$inferInsert)[] = [];
  for (const past of [true, false]) {
    for (const c of credits) {
      const m = c.state === 'open' ? placeFor(c, past) : undefined;
      if (!m) continue;
      const id = randomUUID();
      const { companyId, familyId, studentId } = c;
      bookings.push({
        id,
        companyId,
        creditId: c.id,
        familyId,
        studentId,
        classId: m.classId,
        meetingDate: m.date,
      });
      bookings.at(-1)!.createdAt = new Date(`${addDays(c.meetingDate, 1)}T15:00:00Z`);
      c.state = past ? 'used' : 'booked';
      if (past) {
        c.settledAt = new Date(`${addDays(m.date, 1)}T06:00:00Z`);
        guests.push({
          companyId,
          classId: m.classId,
          meetingDate: m.date,
          studentId,
          status: 'present',
          bookingId: id,
        });
      }
      break;
    }
  }
  return { bookings, guests };
}

/** A studio whose term's rolls are seeded: the owner who marked them, its current term, its today. */
export type RollStudio = {
  companyId: string;
  /** The user the marks and credits name as having made them. */
  markedBy: string;
  term: { id: string; dateStart: DateOnly };
  today: DateOnly;
};

/**
 * The rolls of a studio's current term up to a week before its today (demoMarks), the make-up credits
 * their absences gave and two make-ups taken (demoMakeups), written in bulk in one transaction: the demo
 * studio's, and the large studio's (seed-large.ts), whose attendance pages the bench then reads over a
 * term of marks as a studio's are. Answers what it wrote.
 */
export async function seedRolls(db: Db, studio: RollStudio): Promise<{ marks: number; credits: number }> {
  const { companyId, markedBy, term, today } = studio;
  const classIds = (
    await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.companyId, companyId), eq(classes.yearTermId, term.id)))
  ).map((c) => c.id);
  if (compareDates(today, term.dateStart) <= 0 || classIds.length === 0) return { marks: 0, credits: 0 };
  const settings = await attendanceSettingsOf(db, companyId);
  const ahead = addDays(today, settings.makeupWindowDays);
  const [{ frames, meetings }, rosters] = await sideBySide(db, [
    () => classMeetings(db, companyId, classIds, term.dateStart, ahead),
    () => classRosters(db, companyId, classIds, term.dateStart, ahead),
  ]);
  const marks = demoMarks(meetings, rosters, today);
  const at = (date: DateOnly) => new Date(`${date}T22:00:00Z`);
  const markRows: (typeof attendanceMarks.$inferInsert)[] = marks.map((m) => ({
    companyId,
    classId: m.classId,
    meetingDate: m.date,
    studentId: m.entry.studentId,
    status: m.status,
    markedBy,
    markedAt: at(m.date),
  }));
  const creditRows: CreditRow[] = marks
    .filter((m) => givesMakeup(m.status))
    .map((m) => {
      const expiresOn = makeupExpiry(m.date, settings.makeupWindowDays);
      const expired = compareDates(expiresOn, today) < 0;
      return {
        id: randomUUID(),
        companyId,
        familyId: m.entry.familyId,
        studentId: m.entry.studentId,
        source: 'absence' as const,
        classId: m.classId,
        meetingDate: m.date,
        expiresOn,
        state: expired ? ('expired' as const) : ('open' as const),
        createdBy: markedBy,
        createdAt: at(m.date),
        settledAt: expired ? new Date(`${addDays(expiresOn, 1)}T06:00:00Z`) : null,
      };
    });
  const { bookings, guests } = demoMakeups(creditRows, { frames, meetings, rosters, today });
  markRows.push(...guests.map((g) => ({ ...g, markedBy, markedAt: at(g.meetingDate) })));
  // As JSON, one parameter a statement (bulk-insert.ts): a large studio's term holds tens of thousands.
  await db.transaction(async (tx) => {
    await insertJson(tx, makeupCredits, creditRows);
    await insertJson(tx, makeupBookings, bookings);
    await insertJson(tx, attendanceMarks, markRows);
  });
  return { marks: markRows.length, credits: creditRows.length };
}

/** The demo studio's rolls, as its owner marked them. */
export async function seedDemoAttendance(db: Db, studioName: string, now: Date): Promise<void> {
  const demo = await demoOwner(db, studioName, now);
  if (!demo) return;
  const { companyId, owner, term, today } = demo;
  await seedRolls(db, { companyId, markedBy: owner.userId, term, today });
}
