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
import { resolveYearTerm } from '../../kernel/current-term';
import { presentSchedule, presentScheduleClass } from './schedule.presenters';
import { findScheduleRoom, listClasses, readSchedule, type ScheduleRead } from './schedule.queries';

type Ctx = { db: Db; actor: Actor };

function mustRead(actor: Actor) {
  if (!can(actor, 'studio:read')) throw forbidden();
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
  return scheduleAnswer(
    await readSchedule(db, actor.companyId, { yearTermId, locationId, roomId, classes: 'selected room' }),
  );
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
  return scheduleAnswer(
    await readSchedule(db, actor.companyId, { yearTermId: yearTermId ?? undefined, classes: 'all rooms' }),
  );
}

/** A schedule as it is answered; a term named that is not the studio's is 404, as resolveYearTerm answers. */
function scheduleAnswer(read: ScheduleRead): ScheduleAnswer {
  if (!read.termFound) throw new AppError('not_found', messages.yearTermNotFound);
  return presentSchedule({
    yearTermId: read.termId,
    classRows: read.classes,
    roomRows: read.rooms,
    locationRows: read.locations,
    selected: read.selected,
  });
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
