import { type ClosureSpan, closureOn, type DateOnly, meetingDates } from '@pirouette/domain';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { inJsonList, PLANNED_APART } from '../../db/rows';
import { classClosures } from '../../db/schema/attendance';
import { yearTerms } from '../../db/schema/companies';
import { classes } from '../../db/schema/schedule';

/** What a class's meetings are computed from: its weekday, times, teacher and term (decision 060). */
export type MeetingFrame = {
  classId: string;
  name: string;
  day: number;
  timeStart: string;
  timeEnd: string;
  teacherId: string;
  roomId: string;
  level: number;
  ageMin: number;
  ageMax: number;
  nMax: number;
  yearTermId: string;
  termStart: DateOnly;
  termEnd: DateOnly;
};

/**
 * The classes a JSON list of ids names, found by their keys alone (planned apart): the studio is checked
 * on the rows found. With the studio beside the keys, a plan made without the values
 * (which takes a studio for a few classes and the list for a hundred) walked the studio's classes.
 */
export const classesByKeys = (db: Db, classIds: string) =>
  db.select().from(classes).where(inJsonList(classes.id, classIds)).limit(PLANNED_APART).as('listed');

/** The frames of some of the studio's classes, a JSON list of ids (one statement's text, whatever their number). */
function classFramesRead(db: Db, companyId: string, classIds: string) {
  const listed = classesByKeys(db, classIds);
  // Each class's term by its key (one row): joined as a table, every studio's terms were hashed.
  const term = db
    .select({ dateStart: yearTerms.dateStart, dateEnd: yearTerms.dateEnd })
    .from(yearTerms)
    .where(eq(yearTerms.id, listed.yearTermId))
    .limit(1)
    .as('term');
  return db
    .select({
      classId: listed.id,
      name: listed.name,
      day: listed.day,
      timeStart: listed.timeStart,
      timeEnd: listed.timeEnd,
      teacherId: listed.teacherId,
      roomId: listed.roomId,
      level: listed.level,
      ageMin: listed.ageMin,
      ageMax: listed.ageMax,
      nMax: listed.nMax,
      yearTermId: listed.yearTermId,
      termStart: term.dateStart,
      termEnd: term.dateEnd,
    })
    .from(listed)
    .innerJoinLateral(term, sql`true`)
    .where(eq(listed.companyId, companyId));
}

/** The studio's closures (not removed) that touch [from, to], of these classes or of every class. */
export function closuresBetween(
  db: Db,
  companyId: string,
  from: DateOnly,
  to: DateOnly,
  classIds?: readonly string[],
): Promise<ClosureSpan[]> {
  return closuresRead(db, companyId, from, to, classIds && JSON.stringify(classIds));
}

/** `closuresBetween` as a read not yet run, the classes (when given) a JSON list of ids. */
function closuresRead(db: Db, companyId: string, from: DateOnly, to: DateOnly, classIds?: string) {
  return db
    .select({
      id: classClosures.id,
      classId: classClosures.classId,
      dateFrom: classClosures.dateFrom,
      dateTo: classClosures.dateTo,
      reason: classClosures.reason,
    })
    .from(classClosures)
    .where(
      and(
        eq(classClosures.companyId, companyId),
        isNull(classClosures.removedAt),
        lte(classClosures.dateFrom, to),
        gte(classClosures.dateTo, from),
        classIds === undefined
          ? undefined
          : or(isNull(classClosures.classId), inJsonList(classClosures.classId, classIds)),
      ),
    )
    .orderBy(classClosures.createdAt);
}

/** One meeting of a class: its date, and the closure that cancels it, if one does. */
export type Meeting = { classId: string; date: DateOnly; closure: { id: string; reason: string } | null };

/** Every meeting of these frames in [from, to], with its closure (pure over what was read). */
export function meetingsOfFrames(
  frames: readonly MeetingFrame[],
  closures: readonly ClosureSpan[],
  from: DateOnly,
  to: DateOnly,
): Meeting[] {
  const out: Meeting[] = [];
  for (const f of frames) {
    for (const date of meetingDates(f.day, { dateStart: f.termStart, dateEnd: f.termEnd }, from, to)) {
      const c = closureOn(closures, f.classId, date);
      out.push({ classId: f.classId, date, closure: c ? { id: c.id, reason: c.reason } : null });
    }
  }
  return out.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));
}

/**
 * The frames of some classes and the closures touching [from, to], in one round trip built once: the
 * classes a JSON list of ids, every value a placeholder.
 */
const framesAndClosures = preparedBatch(['companyId', 'classIds', 'from', 'to'], (db, p) => ({
  frames: classFramesRead(db, p.companyId, p.classIds),
  closures: closuresRead(db, p.companyId, p.from, p.to, p.classIds),
}));

/** The meetings of some classes in [from, to], with their closures: one statement in all. */
export async function classMeetings(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  from: DateOnly,
  to: DateOnly,
): Promise<{ frames: MeetingFrame[]; meetings: Meeting[] }> {
  if (classIds.length === 0) return { frames: [], meetings: [] };
  const { frames, closures } = await framesAndClosures(db, {
    companyId,
    classIds: JSON.stringify(classIds),
    from,
    to,
  });
  return { frames, meetings: meetingsOfFrames(frames, closures, from, to) };
}
