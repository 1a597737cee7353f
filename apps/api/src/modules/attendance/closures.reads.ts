import {
  type Actor,
  CLOSURE_LIMITS,
  CLOSURE_TEXT,
  type ClosureList,
  type ClosurePreview,
  can,
  type DateOnly,
  type MeetingList,
  meetingsCancelledBy,
  periodProblem,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { AppError, forbidden } from '../../http/errors';
import { closureEffects } from './closures.effects';
import { classIdsMeetingBetween, familiesTold, listClosures } from './closures.queries';
import { classOfScope, closureProblem } from './closures.service';
import { attendanceSettingsOf } from './credits';
import { classMeetings } from './meetings.queries';

/**
 * What the owner reads of closures and meetings (decision 062): each answer in a constant number of
 * statements, over a bounded period (a closure at most a month, the meetings two months, the list a
 * year), so none needs pages.
 */

type ReadDeps = { db: Db; actor: Actor };

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:read')) throw forbidden();
}

function checkPeriod(from: DateOnly, to: DateOnly, maxDays: number) {
  const problem = periodProblem(from, to, maxDays);
  if (problem) throw new AppError('bad_request', problem);
}

const earliest = (dates: DateOnly[]) => dates.reduce((a, b) => (b < a ? b : a));
const latest = (dates: DateOnly[]) => dates.reduce((a, b) => (b > a ? b : a));

/** `GET /api/mystudio/closures?from&to`: five statements whatever the number of closures. */
export async function getClosures(deps: ReadDeps, from: DateOnly, to: DateOnly): Promise<ClosureList> {
  const { db, actor } = deps;
  requireOwner(actor);
  checkPeriod(from, to, CLOSURE_LIMITS.listDays);
  const rows = await listClosures(db, actor.companyId, from, to);
  if (rows.length === 0) return { items: [] };
  const spanFrom = earliest(rows.map((r) => r.dateFrom));
  const spanTo = latest(rows.map((r) => r.dateTo));
  const everyClass = rows.some((r) => r.classId === null);
  const named = rows.flatMap((r) => (r.classId ? [r.classId] : []));
  const [classIds, told] = await sideBySide(db, [
    () =>
      everyClass ? classIdsMeetingBetween(db, actor.companyId, spanFrom, spanTo) : Promise.resolve(named),
    () =>
      familiesTold(
        db,
        actor.companyId,
        rows.map((r) => r.id),
      ),
  ]);
  const { meetings } = await classMeetings(db, actor.companyId, [...new Set(classIds)], spanFrom, spanTo);
  return {
    items: rows.map((r) => ({
      id: r.id,
      clSchID: r.classId,
      className: r.className,
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      reason: r.reason,
      givesMakeups: r.givesMakeups === 'yes',
      creditsTuition: r.creditsTuition === 'yes',
      nMeetings: meetingsCancelledBy(r, meetings).length,
      nFamilies: told.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
      createdBy: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
    })),
  };
}

/** `GET /api/mystudio/closures/preview`: what the closure would cancel, and why it could not be saved. */
export async function previewClosure(
  deps: ReadDeps,
  q: { clSchID?: string; dateFrom: DateOnly; dateTo: DateOnly },
): Promise<ClosurePreview> {
  const { db, actor } = deps;
  requireOwner(actor);
  const scope = { classId: q.clSchID ?? null, dateFrom: q.dateFrom, dateTo: q.dateTo };
  await classOfScope(db, actor.companyId, scope.classId);
  const [effects, settings] = await sideBySide(db, [
    () => closureEffects(db, actor.companyId, scope),
    () => attendanceSettingsOf(db, actor.companyId),
  ]);
  return {
    nMeetings: effects.meetings.filter((m) => !m.closure).length,
    nFamilies: effects.families.length,
    nDancers: new Set(effects.missed.map((m) => m.entry.studentId)).size,
    problem: await closureProblem(db, actor.companyId, scope, effects),
    makeupsByDefault: settings.closureGivesMakeups,
  };
}

/** `GET /api/mystudio/meetings?from&to&clSchID`: four statements whatever the number of classes. */
export async function getMeetings(
  deps: ReadDeps,
  q: { from: DateOnly; to: DateOnly; clSchID?: string },
): Promise<MeetingList> {
  const { db, actor } = deps;
  requireOwner(actor);
  checkPeriod(q.from, q.to, CLOSURE_LIMITS.meetingsDays);
  const classIds = q.clSchID ? [q.clSchID] : await classIdsMeetingBetween(db, actor.companyId, q.from, q.to);
  const { frames, meetings } = await classMeetings(db, actor.companyId, classIds, q.from, q.to);
  // A class named that has no frame is not the studio's.
  if (q.clSchID && frames.length === 0) throw new AppError('not_found', CLOSURE_TEXT.classNotFound);
  const frameOf = new Map(frames.map((f) => [f.classId, f]));
  const items = meetings.map((m) => {
    const f = frameOf.get(m.classId)!;
    return {
      clSchID: m.classId,
      className: f.name,
      date: m.date,
      timeStart: f.timeStart.slice(0, 5),
      timeEnd: f.timeEnd.slice(0, 5),
      closureID: m.closure?.id ?? null,
      reason: m.closure?.reason ?? null,
    };
  });
  items.sort((a, b) => a.date.localeCompare(b.date) || a.timeStart.localeCompare(b.timeStart));
  return { items };
}
