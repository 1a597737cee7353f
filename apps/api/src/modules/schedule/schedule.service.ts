import {
  type Actor,
  can,
  messages,
  type ScheduleAnswer,
  type ScheduleClass,
  scheduleMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { resolveYearTerm } from '../year-terms/resolve-year-term';
import { presentSchedule, presentScheduleClass } from './schedule.presenters';
import { findScheduleRoom, listClasses, loadScheduleFrame, type ScheduleRoomRow } from './schedule.queries';

type Ctx = { db: Db; actor: Actor };

function mustRead(actor: Actor) {
  if (!can(actor, 'studio:read')) throw forbidden();
}

/**
 * The location and room a schedule opens on: the room asked for when it is the studio's (and in the
 * location asked for, when one is), else the location asked for and its first room, else the first
 * location by name and its first room.
 */
export function selectRoom(
  locationRows: { id: string }[],
  roomRows: ScheduleRoomRow[],
  asked: { locationId?: string; roomId?: string },
): { locationId: string | null; roomId: string | null } {
  const room = asked.roomId ? roomRows.find((r) => r.id === asked.roomId) : undefined;
  if (room && (!asked.locationId || room.locationId === asked.locationId)) {
    return { locationId: room.locationId, roomId: room.id };
  }
  const location =
    (asked.locationId ? locationRows.find((l) => l.id === asked.locationId) : undefined) ?? locationRows[0];
  if (!location) return { locationId: null, roomId: null };
  return { locationId: location.id, roomId: roomRows.find((r) => r.locationId === location.id)?.id ?? null };
}

/**
 * The term, locations and rooms a schedule opens on (one round trip): the term named, which must be
 * the studio's (else 404, as resolveYearTerm answers), or the current one.
 */
async function scheduleFrame(db: Db, companyId: string, yearTermId: string | undefined) {
  const frame = await loadScheduleFrame(db, companyId, yearTermId);
  if (!frame.termFound) throw new AppError('not_found', messages.yearTermNotFound);
  return frame;
}

/** GET mystudio/schedule/: the studio's locations and rooms, and the classes of the selected room. */
export async function getSchedule({
  db,
  actor,
  yearTermId,
  locationId,
  roomId,
}: Ctx & { yearTermId?: string; locationId?: string; roomId?: string }): Promise<ScheduleAnswer> {
  mustRead(actor);
  const {
    termId,
    locations: locationRows,
    rooms: roomRows,
  } = await scheduleFrame(db, actor.companyId, yearTermId);
  const selected = selectRoom(locationRows, roomRows, { locationId, roomId });
  const classRows =
    termId && selected.roomId
      ? await listClasses(db, actor.companyId, { yearTermId: termId, roomId: selected.roomId })
      : [];
  return presentSchedule({ yearTermId: termId, classRows, roomRows, locationRows, selected });
}

/**
 * POST mystudio/schedule/: every class of a term in every room (the parent schedule builder filters by
 * location and room on the screen), with the locations and rooms.
 */
export async function getTermSchedule({
  db,
  actor,
  yearTermId,
}: Ctx & { yearTermId?: string | null }): Promise<ScheduleAnswer> {
  mustRead(actor);
  const {
    termId,
    locations: locationRows,
    rooms: roomRows,
  } = await scheduleFrame(db, actor.companyId, yearTermId ?? undefined);
  const classRows = termId ? await listClasses(db, actor.companyId, { yearTermId: termId }) : [];
  const selected = selectRoom(locationRows, roomRows, {});
  return presentSchedule({ yearTermId: termId, classRows, roomRows, locationRows, selected });
}

/** GET mystudio/schedule/class/list/…: a room's classes in a term (the current one when none is named). */
export async function getClassList({
  db,
  actor,
  yearTermId,
  roomId,
}: Ctx & { yearTermId?: string; roomId: string }): Promise<ScheduleClass[]> {
  mustRead(actor);
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  if (!(await findScheduleRoom(db, actor.companyId, roomId))) {
    throw new AppError('not_found', scheduleMessages.roomNotFound);
  }
  if (!term) return [];
  return (await listClasses(db, actor.companyId, { yearTermId: term.id, roomId })).map(presentScheduleClass);
}
