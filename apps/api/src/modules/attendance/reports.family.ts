import {
  type Actor,
  ATTENDANCE_REPORT_MAX_DAYS,
  addDays,
  byDancerAndClass,
  compareDates,
  type DateOnly,
  dancerClassKey,
  dancerMeetings,
  FAMILY_LAST_MEETINGS,
  type FamilyAttendance,
  groupFigures,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { familyClasses } from './reports.queries';
import { checkPeriod, readAttendance } from './reports.read';
import { ownerScope, studioToday } from './reports.service';

/**
 * A family's attendance (issue 36 item 5, decision 065): per dancer and class over a period (the current
 * term by default, or the last 90 days when the studio has none), the figures, the rate and the last 10
 * meetings held with their marks. The owner reads any family of the studio; a parent their own.
 */

type Ctx = { db: Db; actor: Actor; clock: Clock };
type PeriodQuery = { from?: DateOnly | undefined; to?: DateOnly | undefined };

/** Days the family's attendance looks back when neither a period nor a current term says otherwise. */
const DEFAULT_DAYS = 90;

export async function accountAttendance(
  ctx: Ctx,
  familyId: string,
  q: PeriodQuery,
): Promise<FamilyAttendance> {
  const companyId = ownerScope(ctx);
  await findFamily(ctx.db, companyId, familyId);
  return familyAttendanceOf(ctx, companyId, familyId, q);
}

export function parentAttendance(ctx: Ctx, q: PeriodQuery): Promise<FamilyAttendance> {
  const familyId = ownFamily(ctx.actor);
  return familyAttendanceOf(ctx, ctx.actor.companyId, familyId, q);
}

async function periodOf(ctx: Ctx, companyId: string, today: DateOnly, q: PeriodQuery) {
  if (q.from && q.to) return { from: q.from, to: q.to };
  const term = q.from || q.to ? null : await findCurrentYearTerm(ctx.db, companyId);
  const to = q.to ?? (term ? term.dateEnd : today);
  const from = q.from ?? (term ? term.dateStart : addDays(to, -DEFAULT_DAYS));
  // A term longer than the reports' year is read over its last year.
  const yearBefore = addDays(to, -(ATTENDANCE_REPORT_MAX_DAYS - 1));
  return { from: !q.from && compareDates(from, yearBefore) < 0 ? yearBefore : from, to };
}

async function familyAttendanceOf(
  ctx: Ctx,
  companyId: string,
  familyId: string,
  q: PeriodQuery,
): Promise<FamilyAttendance> {
  const { today } = await studioToday(ctx, companyId);
  const { from, to } = await periodOf(ctx, companyId, today, q);
  checkPeriod(from, to);
  const rows = await familyClasses(ctx.db, companyId, familyId, from, to);
  const classIds = [...new Set(rows.map((r) => r.classId))];
  const studentIds = [...new Set(rows.map((r) => r.studentId))];
  const { input } = await readAttendance(ctx.db, companyId, { classIds, from, to, today, studentIds });
  // One pass over the meetings for every dancer and class (not one per dancer and class).
  const groups = byDancerAndClass(dancerMeetings(input));
  const dancers = new Map<string, FamilyAttendance['dancers'][number]>();
  for (const r of rows) {
    const dancer = dancers.get(r.studentId) ?? {
      studentId: r.studentId,
      firstName: r.firstName,
      lastName: r.lastName,
      classes: [],
    };
    dancers.set(r.studentId, dancer);
    if (dancer.classes.some((c) => c.clSchID === r.classId)) continue;
    const group = groups.get(dancerClassKey(r.studentId, r.classId)) ?? [];
    dancer.classes.push(
      Object.assign({ clSchID: r.classId, name: r.className }, groupFigures(group), {
        last: group.slice(-FAMILY_LAST_MEETINGS).map((m) => ({ date: m.date, status: m.status })),
      }),
    );
  }
  return { from, to, dancers: [...dancers.values()] };
}
