import { type ClosureSpan, closureOn, type DateOnly, meetingDates } from '@pirouette/domain';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classClosures } from '../../db/schema/attendance';
import { yearTerms } from '../../db/schema/companies';
import { classes } from '../../db/schema/schedule';
import { sideBySide } from '../../db/side-by-side';

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

/** The frames of some of the studio's classes (one statement, whatever their number). */
export function classFrames(db: Db, companyId: string, classIds: readonly string[]): Promise<MeetingFrame[]> {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      classId: classes.id,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      teacherId: classes.teacherId,
      roomId: classes.roomId,
      level: classes.level,
      ageMin: classes.ageMin,
      ageMax: classes.ageMax,
      nMax: classes.nMax,
      yearTermId: classes.yearTermId,
      termStart: yearTerms.dateStart,
      termEnd: yearTerms.dateEnd,
    })
    .from(classes)
    .innerJoin(yearTerms, eq(yearTerms.id, classes.yearTermId))
    .where(and(eq(classes.companyId, companyId), inArray(classes.id, [...classIds])));
}

/** The studio's closures (not removed) that touch [from, to], of these classes or of every class. */
export function closuresBetween(
  db: Db,
  companyId: string,
  from: DateOnly,
  to: DateOnly,
  classIds?: readonly string[],
): Promise<ClosureSpan[]> {
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
        classIds
          ? or(isNull(classClosures.classId), inArray(classClosures.classId, [...classIds]))
          : undefined,
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

/** The meetings of some classes in [from, to], with their closures: two statements in all. */
export async function classMeetings(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  from: DateOnly,
  to: DateOnly,
): Promise<{ frames: MeetingFrame[]; meetings: Meeting[] }> {
  if (classIds.length === 0) return { frames: [], meetings: [] };
  const [frames, closures] = await sideBySide(db, [
    () => classFrames(db, companyId, classIds),
    () => closuresBetween(db, companyId, from, to, classIds),
  ]);
  return { frames, meetings: meetingsOfFrames(frames, closures, from, to) };
}
