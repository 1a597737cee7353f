import {
  type AbsenceStreakReport,
  type Actor,
  ATTENDANCE_REPORT_PAGE_SIZE,
  absenceStreaks,
  addDays,
  type ClassAttendanceReport,
  can,
  classFigures,
  type DancerAttendanceReport,
  type DateOnly,
  dancerFigures,
  type MakeupReport,
  makeupFigures,
  STREAK_LOOKBACK_DAYS,
  todayInZone,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { forbidden } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import {
  classNames,
  classPage,
  dancerPage,
  familyContacts,
  makeupFacts,
  streakCandidates,
  studioOf,
} from './reports.queries';
import { checkPeriod, readAttendance } from './reports.read';

/**
 * The owner's attendance reports (issue 36 item 5, decision 065): each reads the session's studio only,
 * in a fixed number of statements whatever its size, and hands what it read to the pure rules
 * (`packages/domain/src/attendance/reports.ts`).
 */

export type ReportsCtx = { db: Db; actor: Actor; clock: Clock };
type Period = { from: DateOnly; to: DateOnly };

export function ownerScope({ actor }: ReportsCtx): string {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return actor.companyId;
}

/** The studio and its today. */
export async function studioToday(ctx: ReportsCtx, companyId: string) {
  const studio = await studioOf(ctx.db, companyId);
  return { studio, today: todayInZone(studio.timeZone, ctx.clock.now()) };
}

/** Attendance per class: a page of 50 (`page` null: every class, for the file). */
export async function classReport(
  ctx: ReportsCtx,
  q: Period & { page: number | null },
): Promise<ClassAttendanceReport & { studio: string }> {
  const companyId = ownerScope(ctx);
  checkPeriod(q.from, q.to);
  const pageSize = q.page === null ? null : ATTENDANCE_REPORT_PAGE_SIZE;
  const [{ studio, today }, page] = await Promise.all([
    studioToday(ctx, companyId),
    classPage(ctx.db, companyId, { ...q, page: q.page ?? 1, pageSize }),
  ]);
  const ids = page.rows.map((r) => r.id);
  const { input } = await readAttendance(ctx.db, companyId, { classIds: ids, from: q.from, to: q.to, today });
  const figures = classFigures(input, ids);
  return {
    studio: studio.name,
    from: q.from,
    to: q.to,
    today,
    items: page.rows.map((r) => ({
      clSchID: r.id,
      name: r.name,
      day: r.day,
      timeStart: r.timeStart.slice(0, 5),
      teacher: r.teacher,
      ...figures.get(r.id)!,
    })),
    total: page.total,
    page: q.page ?? 1,
    pageSize: pageSize ?? page.total,
  };
}

/** Attendance per dancer across their classes: a page of 50 (`page` null: every dancer, for the file). */
export async function dancerReport(
  ctx: ReportsCtx,
  q: Period & { page: number | null },
): Promise<DancerAttendanceReport & { studio: string; classNames: Map<string, string> }> {
  const companyId = ownerScope(ctx);
  checkPeriod(q.from, q.to);
  const pageSize = q.page === null ? null : ATTENDANCE_REPORT_PAGE_SIZE;
  const [{ studio, today }, page] = await Promise.all([
    studioToday(ctx, companyId),
    dancerPage(ctx.db, companyId, { ...q, page: q.page ?? 1, pageSize }),
  ]);
  const studentIds = page.rows.map((r) => r.id);
  const classIds = [...new Set(page.rows.flatMap((r) => r.classIds))];
  const [{ input }, names] = await Promise.all([
    readAttendance(ctx.db, companyId, { classIds, from: q.from, to: q.to, today, studentIds }),
    classNames(ctx.db, companyId, classIds),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const figures = dancerFigures(input, studentIds);
  return {
    studio: studio.name,
    classNames: nameOf,
    from: q.from,
    to: q.to,
    today,
    items: page.rows.map((r) => ({
      studentId: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      familyId: r.familyId,
      classes: r.classIds.map((id) => nameOf.get(id) ?? '').sort(),
      ...figures.get(r.id)!,
    })),
    total: page.total,
    page: q.page ?? 1,
    pageSize: pageSize ?? page.total,
  };
}

/**
 * The make-ups of a period by class, every class's (the CSV's) or a page of them (`page`, 50 a page), with
 * the totals of all: by class name, the credits given by hand last.
 */
export async function makeupReportOf(
  ctx: ReportsCtx,
  q: Period & { page?: number },
): Promise<MakeupReport & { studio: string }> {
  const companyId = ownerScope(ctx);
  checkPeriod(q.from, q.to);
  const studio = await studioOf(ctx.db, companyId);
  const facts = await makeupFacts(ctx.db, companyId, { ...q, timeZone: studio.timeZone });
  const { total, byClass } = makeupFigures(facts.credits, facts.bookings);
  const nameOf = new Map([...facts.credits, ...facts.bookings].map((f) => [f.classId, f.className]));
  const classes = [...byClass].map(([id, f]) => ({
    clSchID: id,
    name: id === null ? 'Given by hand' : (nameOf.get(id) ?? ''),
    ...f,
  }));
  // By name, then by id: classes of one name (a level taught on several days) keep their order from page to page.
  classes.sort((a, b) =>
    a.clSchID === null
      ? 1
      : b.clSchID === null
        ? -1
        : a.name.localeCompare(b.name) || a.clSchID.localeCompare(b.clSchID),
  );
  const pageSize = q.page === undefined ? Math.max(classes.length, 1) : ATTENDANCE_REPORT_PAGE_SIZE;
  const page = q.page ?? 1;
  return {
    studio: studio.name,
    from: q.from,
    to: q.to,
    total,
    classes: classes.slice((page - 1) * pageSize, page * pageSize),
    count: classes.length,
    page,
    pageSize,
  };
}

/** The early warning, as of the studio's today: each dancer absent the last three times in a row in a class. */
export async function streakReport(ctx: ReportsCtx): Promise<AbsenceStreakReport & { studio: string }> {
  const companyId = ownerScope(ctx);
  const { studio, today } = await studioToday(ctx, companyId);
  const from = addDays(today, -STREAK_LOOKBACK_DAYS);
  // The pairs whose last three marks were absences, kept by the database; the rule then decides on
  // their classes' meetings and those dancers' rosters and marks, not on the studio's whole lookback.
  const candidates = await streakCandidates(ctx.db, companyId, from);
  const classIds = [...new Set(candidates.map((c) => c.classId))];
  const studentIds = [...new Set(candidates.map((c) => c.studentId))];
  if (candidates.length === 0) return { studio: studio.name, today, items: [] };
  const [{ input, rosters }, names] = await sideBySide(ctx.db, [
    () => readAttendance(ctx.db, companyId, { classIds, from, to: today, today, studentIds }),
    () => classNames(ctx.db, companyId, classIds),
  ]);
  const streaks = absenceStreaks(input);
  const dancer = new Map(rosters.map((r) => [r.studentId, r]));
  const className = new Map(names.map((r) => [r.id, r.name]));
  const families = await familyContacts(ctx.db, companyId, [
    ...new Set(streaks.map((s) => dancer.get(s.studentId)!.familyId)),
  ]);
  const family = new Map(families.map((f) => [f.id, f]));
  const items = streaks.map((s) => {
    const d = dancer.get(s.studentId)!;
    const f = family.get(d.familyId);
    return {
      studentId: s.studentId,
      firstName: d.firstName,
      lastName: d.lastName,
      familyId: d.familyId,
      familyName: f?.name ?? '',
      phone: f?.phone ?? '',
      clSchID: s.classId,
      className: className.get(s.classId) ?? '',
      dates: s.dates,
      statuses: s.statuses,
    };
  });
  return { studio: studio.name, today, items };
}
