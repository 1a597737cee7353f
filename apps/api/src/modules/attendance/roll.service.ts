import {
  type Actor,
  ageInQuarterYears,
  type DateOnly,
  type DayMeetings,
  markRefusal,
  type OnRoll,
  planMarks,
  ROLL_TEXT,
  type RollMarksInput,
  type RollOfMeeting,
  type RollSaveResult,
  type StoredMark,
  todayInZone,
} from '@pirouette/domain';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { classRosters, classRostersRead, expectedOn, type RosterEntry } from '../../kernel/class-rosters';
import { type AuditEntry, auditMany } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { attendanceSettingsOf, grantMakeupCredits } from './credits';
import { classMeetings, type Meeting, type MeetingFrame } from './meetings.queries';
import { mailMakeupCredits } from './roll.mail';
import {
  classLabelsRead,
  dancerNotes,
  dayClassIds,
  guestsOn,
  guestsRead,
  lockClass,
  marksOn,
  marksRead,
  markTrials,
  removeCorrectedCredits,
  studioDayFrame,
  studioZone,
  trialsOn,
  trialsRead,
  writeMarks,
} from './roll.queries';

/**
 * The roll (issue 36, decision 063): a day's meetings, one meeting's roll, its marks. A teacher reaches only
 * the classes whose teacher they are (another class is not found); nothing here reads or answers money.
 */

export type Ctx = { db: Db; actor: Actor; clock: Clock };

const teacherOf = (actor: Actor): string | null =>
  actor.role === 'teacher' ? (actor.teacherId ?? '') : null;
const staffRole = (actor: Actor): 'owner' | 'teacher' => (actor.role === 'teacher' ? 'teacher' : 'owner');

/**
 * What a day's list or a meeting's roll reads once its classes are known, in one round trip built once
 * (the classes a JSON list of ids): the rosters, the marks, the make-up and trial guests, and the rooms'
 * and teachers' names.
 */
const meetingReads = preparedBatch(['companyId', 'classIds', 'date'], (db, p) => ({
  rosters: classRostersRead(db, p.companyId, { classIds: p.classIds }, p.date, p.date),
  marks: marksRead(db, p.companyId, p.classIds, p.date),
  guests: guestsRead(db, p.companyId, p.classIds, p.date),
  trials: trialsRead(db, p.companyId, p.classIds, p.date),
  labels: classLabelsRead(db, p.companyId, p.classIds),
}));

const readMeetings = (db: Db, companyId: string, classIds: readonly string[], date: DateOnly) =>
  meetingReads(db, { companyId, classIds: JSON.stringify(classIds), date });

async function todayOf(ctx: Ctx): Promise<DateOnly> {
  return todayInZone(await studioZone(ctx.db, ctx.actor.companyId), ctx.clock.now());
}

/**
 * A day's meetings, each with how far its roll has come: a teacher's own classes wherever they are, the
 * owner's at one location (decision 088): the one asked, else the first by name. Another studio's
 * location, or an unknown one, is ignored as if not asked.
 */
export async function getDay(
  ctx: Ctx,
  date: DateOnly | undefined,
  askedLocation?: string,
): Promise<DayMeetings> {
  const { db, actor } = ctx;
  const teacher = actor.role === 'teacher';
  const frame = await studioDayFrame(db, actor.companyId);
  const today = todayInZone(frame.zone, ctx.clock.now());
  const loc = teacher ? [] : frame.loc;
  const day = date ?? today;
  const locID = teacher ? null : ((loc.find((l) => l.id === askedLocation) ?? loc[0])?.id ?? null);
  const ids = await dayClassIds(
    db,
    actor.companyId,
    teacher ? { teacherId: actor.teacherId ?? null } : { locationId: locID },
  );
  const { frames, meetings } = await classMeetings(db, actor.companyId, ids, day, day);
  const meeting = meetings.map((m) => m.classId);
  if (meeting.length === 0) return { date: day, today, locID, loc, meetings: [] };
  const { rosters, marks, guests, trials, labels } = await readMeetings(db, actor.companyId, meeting, day);
  const count = <T extends { classId: string }>(rows: readonly T[], id: string) =>
    rows.filter((r) => r.classId === id).length;
  const list = meetings.map((m) => {
    const f = frames.find((x) => x.classId === m.classId)!;
    const label = labels.find((l) => l.classId === m.classId);
    return {
      clSchID: m.classId,
      name: f.name,
      date: day,
      timeStart: f.timeStart.slice(0, 5),
      timeEnd: f.timeEnd.slice(0, 5),
      room: label?.room ?? '',
      teacher: label?.teacher ?? '',
      expected: rosters.filter((r) => r.classId === m.classId && expectedOn(r, day)).length,
      marked: count(marks, m.classId),
      guests: count(guests, m.classId) + count(trials, m.classId),
      closure: m.closure ? { reason: m.closure.reason } : null,
    };
  });
  list.sort((a, b) => a.timeStart.localeCompare(b.timeStart) || a.name.localeCompare(b.name));
  return { date: day, today, locID, loc, meetings: list };
}

type MeetingOf = { frame: MeetingFrame; meeting: Meeting; today: DateOnly };

/**
 * The meeting of a class on a date, as this session may see it: 404 for a class not of the studio (or, for a
 * teacher, not theirs), and 404 with its sentence when the class does not meet that day.
 */
export async function meetingOf(ctx: Ctx, classId: string, date: DateOnly): Promise<MeetingOf> {
  const { db, actor } = ctx;
  const [{ frames, meetings }, today] = await Promise.all([
    classMeetings(db, actor.companyId, [classId], date, date),
    todayOf(ctx),
  ]);
  const frame = frames[0];
  const teacher = teacherOf(actor);
  if (!frame || (teacher !== null && frame.teacherId !== teacher)) {
    throw new AppError('not_found', ROLL_TEXT.classNotFound);
  }
  const meeting = meetings[0];
  if (!meeting) throw new AppError('not_found', ROLL_TEXT.notMeeting);
  return { frame, meeting, today };
}

const ageOn = (dob: string, date: DateOnly) => {
  const age = ageInQuarterYears(dob, date);
  return age === null ? null : Math.floor(age);
};

/** The roll of one meeting: the dancers expected, make-up guests and trial guests apart. */
export async function getRoll(ctx: Ctx, classId: string, date: DateOnly): Promise<RollOfMeeting> {
  const { db, actor } = ctx;
  const { frame, meeting, today } = await meetingOf(ctx, classId, date);
  const { rosters, marks, guests, trials, labels } = await readMeetings(db, actor.companyId, [classId], date);
  const expected = rosters.filter((r) => expectedOn(r, date));
  const notes = await dancerNotes(
    db,
    actor.companyId,
    expected.map((r) => r.studentId),
  );
  const teacher = actor.role === 'teacher';
  const last = (name: string) => (teacher ? (name ? `${name[0]!.toUpperCase()}.` : '') : name);
  const markOf = (studentId: string) => {
    const m = marks.find((x) => x.studentId === studentId);
    return { mark: m?.status ?? null, markedAt: m?.clientAt?.toISOString() ?? null };
  };
  const refusal = markRefusal({ date, today, cancelled: meeting.closure !== null, role: staffRole(actor) });
  return {
    class: {
      clSchID: classId,
      name: frame.name,
      date,
      timeStart: frame.timeStart.slice(0, 5),
      timeEnd: frame.timeEnd.slice(0, 5),
      room: labels[0]?.room ?? '',
      teacher: labels[0]?.teacher ?? '',
    },
    closure: meeting.closure ? { reason: meeting.closure.reason } : null,
    canMark: refusal === null,
    whyNot: refusal?.message ?? '',
    today,
    dancers: expected.map((r) => {
      const n = notes.find((x) => x.id === r.studentId);
      return {
        stdID: r.studentId,
        firstName: r.firstName,
        lastName: last(r.lastName),
        age: ageOn(r.dob, date),
        allergies: n?.allergies ?? '',
        note: n?.note ?? '',
        ...markOf(r.studentId),
      };
    }),
    makeups: guests.map((g) => ({
      stdID: g.studentId,
      bookingId: g.bookingId,
      firstName: g.firstName,
      lastName: last(g.lastName),
      age: ageOn(g.dob, date),
      allergies: g.allergies,
      note: g.note,
      fromClass: g.fromClass,
      ...markOf(g.studentId),
    })),
    trials: trials.map(({ classId: _c, ...t }) => t),
  };
}

/** Refuses a meeting that takes no marks now (cancelled, in the future, past a teacher's days). */
function assertMarkable(actor: Actor, m: MeetingOf, date: DateOnly): void {
  const refusal = markRefusal({
    date,
    today: m.today,
    cancelled: m.meeting.closure !== null,
    role: staffRole(actor),
  });
  if (refusal) throw new AppError('unprocessable', refusal.message);
}

/** Who the meeting expects, for the plan: enrolled dancers and booked make-up guests. */
function onRollOf(
  expected: readonly RosterEntry[],
  guests: readonly { studentId: string; bookingId: string }[],
) {
  const onRoll = new Map<string, OnRoll>();
  for (const g of guests) onRoll.set(g.studentId, { kind: 'guest', bookingId: g.bookingId });
  for (const r of expected) onRoll.set(r.studentId, { kind: 'enrolled' });
  return onRoll;
}

/**
 * Writes a meeting's marks, each tap once (decision 063), in one transaction under the class's lock: an
 * absence gives an enrolled dancer a make-up credit (and the family one mail); a mark corrected to present
 * removes the credit while it is still open. Every change is audited, with what it was before.
 */
export async function saveMarks(
  ctx: Ctx & { appUrl: string },
  classId: string,
  date: DateOnly,
  input: RollMarksInput,
): Promise<RollSaveResult> {
  const { db, actor } = ctx;
  const m = await meetingOf(ctx, classId, date);
  assertMarkable(actor, m, date);
  const settings = await attendanceSettingsOf(db, actor.companyId);
  return db.transaction(async (tx) => {
    await lockClass(tx, actor.companyId, classId);
    // Under the class's lock, in turn: a transaction's one connection answers one statement at a time.
    const rosters = await classRosters(tx, actor.companyId, [classId], date, date);
    const guests = await guestsOn(tx, actor.companyId, [classId], date);
    const stored = await marksOn(tx, actor.companyId, [classId], date);
    const trials = input.trials?.length ? await trialsOn(tx, actor.companyId, [classId], date) : [];
    const expected = rosters.filter((r) => expectedOn(r, date));
    const storedBy = new Map(stored.map((s) => [s.studentId, s]));
    const plan = planMarks(
      input.marks,
      onRollOf(expected, guests),
      new Map<string, StoredMark>(
        stored.map((s) => [
          s.studentId,
          {
            status: s.status,
            clientId: s.clientId,
            clientAt: s.clientAt?.toISOString() ?? null,
            byTeacher: s.byTeacher,
          },
        ]),
      ),
      { now: ctx.clock.now().toISOString(), writer: staffRole(actor) },
    );
    if (input.trials?.some((t) => !trials.some((x) => x.id === t.id))) {
      throw new AppError('unprocessable', ROLL_TEXT.unknownTrial);
    }
    await writeMarks(tx, { companyId: actor.companyId, classId, date, by: actor.userId, marks: plan.writes });
    const trialCount = input.trials?.length
      ? await markTrials(tx, { companyId: actor.companyId, classId, date, trials: input.trials })
      : 0;
    const entries: AuditEntry[] = plan.writes.map((w) => {
      const before = storedBy.get(w.stdID);
      const corrects = before !== undefined && before.markedBy !== actor.userId;
      return {
        action: corrects ? 'attendance.correct' : 'attendance.mark',
        companyId: actor.companyId,
        userId: actor.userId,
        targetType: 'student',
        targetId: w.stdID,
        detail: {
          classId,
          date,
          before: before?.status ?? null,
          beforeBy: before?.markedBy ?? null,
          after: w.status,
          guest: w.bookingId !== null,
          clientId: w.clientId,
        },
      };
    });
    const missed = expected.filter((r) => plan.newlyMissed.includes(r.studentId));
    const credits = await grantMakeupCredits(tx, {
      companyId: actor.companyId,
      missed: missed.map((r) => ({
        familyId: r.familyId,
        studentId: r.studentId,
        classId,
        meetingDate: date,
        source: 'absence' as const,
      })),
      windowDays: settings.makeupWindowDays,
      by: actor.userId,
      now: ctx.clock.now(),
    });
    const removed = await removeCorrectedCredits(tx, {
      companyId: actor.companyId,
      classId,
      date,
      studentIds: plan.corrected,
      by: actor.userId,
      note: ROLL_TEXT.correctedNote,
    });
    for (const id of credits) entries.push(creditEntry(actor, 'makeup.grant', id, { classId, date }));
    for (const id of removed) {
      entries.push(creditEntry(actor, 'makeup.remove', id, { classId, date, note: ROLL_TEXT.correctedNote }));
    }
    if (trialCount > 0) {
      entries.push({
        action: 'attendance.trials',
        companyId: actor.companyId,
        userId: actor.userId,
        targetType: 'class',
        targetId: classId,
        detail: { date, trials: input.trials },
      });
    }
    await auditMany(tx, entries);
    await mailMakeupCredits(tx, {
      companyId: actor.companyId,
      className: m.frame.name,
      credits,
      appUrl: ctx.appUrl,
    });
    const changed = plan.writes.length > 0 || trialCount > 0;
    return {
      msg: plan.refused.length > 0 ? ROLL_TEXT.notOnRoll : changed ? ROLL_TEXT.saved : ROLL_TEXT.nothingNew,
      saved: plan.saved,
      ignored: plan.ignored,
      refused: plan.refused,
    };
  });
}

const creditEntry = (
  actor: Actor,
  action: string,
  id: string,
  detail: Record<string, unknown>,
): AuditEntry => ({
  action,
  companyId: actor.companyId,
  userId: actor.userId,
  targetType: 'makeup_credit',
  targetId: id,
  detail: { ...detail, source: 'absence' },
});
