import {
  type Actor,
  activityFlagsOf,
  can,
  type DanceNumberActivityItem,
  type DanceNumberValues,
  messages,
  scheduleMessages,
  type TermDanceNumbers,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { countClassRegistrations, countingRegistrationIds } from '../../kernel/counting-registrations';
import { resolveYearTerm } from '../../kernel/current-term';
import { audit } from '../../lib/audit';
import { competitionsHold } from '../competitions';
import { costumesHoldNumbers } from '../costumes';
import { checkGenres, classNotFound, toDanceNumberWrite } from './class-checks';
import { presentActivity } from './class-info.presenters';
import { listActivity } from './class-info.queries';
import { findClass, insertDanceNumbers } from './classes.queries';
import { mustManage } from './classes.service';
import {
  deleteDanceNumber,
  findDanceNumber,
  insertActivity,
  listTermDanceNumbers,
  setActivityFlagsLogged,
  updateDanceNumber,
} from './dance-numbers.queries';

type Ctx = { db: Db; actor: Actor };

const numberNotFound = () => new AppError('not_found', scheduleMessages.danceNumberNotFound);

/**
 * The class's row, locked: a registration written meanwhile (which takes a key-share lock on it) waits,
 * so a new number's activity rows and the registrations it was made for always agree.
 */
async function lockedClass(tx: Db, companyId: string, classId: string) {
  const found = await findClass(tx, companyId, classId, true);
  if (!found) throw classNotFound();
  return found;
}

/**
 * POST mystudio/schedule/class/danceNumber: a number and an activity row for each registration of the
 * class that is not dropped.
 */
export async function createDanceNumber({
  db,
  actor,
  classId,
  data,
}: Ctx & { classId: string; data: DanceNumberValues }): Promise<{
  id: string;
  dncNumAct: DanceNumberActivityItem[];
  msg: string;
}> {
  mustManage(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    await lockedClass(tx, companyId, classId);
    await checkGenres(tx, companyId, [data.genreID]);
    const [id] = await insertDanceNumbers(tx, companyId, classId, [toDanceNumberWrite(data)]);
    await insertActivity(tx, companyId, id!, await countingRegistrationIds(tx, companyId, classId));
    const activity = await listActivity(tx, companyId, { classId, danceNumberId: id! });
    await audit(tx, {
      action: 'dance_number.create',
      companyId,
      userId: actor.userId,
      targetType: 'dance_number',
      targetId: id!,
      detail: { classId, activityRows: activity.length },
    });
    return { id: id!, dncNumAct: activity.map(presentActivity), msg: messages.insertSuccessful };
  });
}

/** PUT mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID} */
export async function editDanceNumber({
  db,
  actor,
  classId,
  id,
  data,
}: Ctx & { classId: string; id: string; data: DanceNumberValues }): Promise<{ msg: string }> {
  mustManage(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const current = await findDanceNumber(tx, companyId, classId, id);
    if (!current) throw numberNotFound();
    await checkGenres(tx, companyId, [data.genreID], current.genreId);
    await updateDanceNumber(tx, companyId, classId, id, toDanceNumberWrite(data));
    await audit(tx, {
      action: 'dance_number.update',
      companyId,
      userId: actor.userId,
      targetType: 'dance_number',
      targetId: id,
      detail: { classId },
    });
    return { msg: messages.updateSuccessful };
  });
}

/**
 * DELETE mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID}/{count}: `count` is how many
 * registrations the owner saw in the class (at least 1); when the class has gained or lost some since,
 * nothing is deleted and the owner is asked to reload.
 */
export async function removeDanceNumber({
  db,
  actor,
  classId,
  id,
  seenRegistrations,
}: Ctx & { classId: string; id: string; seenRegistrations: number }): Promise<{ msg: string }> {
  mustManage(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    await lockedClass(tx, companyId, classId);
    if (!(await findDanceNumber(tx, companyId, classId, id))) throw numberNotFound();
    const registrations = await countClassRegistrations(tx, companyId, classId, 'counting');
    if (Math.max(1, registrations) !== seenRegistrations) {
      throw new AppError('conflict', scheduleMessages.registrationsChanged);
    }
    if (await costumesHoldNumbers(tx, companyId, { danceNumberId: id })) {
      throw new AppError('unprocessable', scheduleMessages.numberHasCostumes);
    }
    if (await competitionsHold(tx, companyId, { danceNumberId: id })) {
      throw new AppError('unprocessable', scheduleMessages.numberInCompetition);
    }
    await deleteDanceNumber(tx, companyId, classId, id);
    await audit(tx, {
      action: 'dance_number.delete',
      companyId,
      userId: actor.userId,
      targetType: 'dance_number',
      targetId: id,
      detail: { classId, registrations },
    });
    return { msg: messages.deleteSuccessful };
  });
}

/**
 * PUT mystudio/schedule/class/danceNumberActivity/{dncNumActID}: the step's flags (002 §4) to `status`,
 * with the log line, in one statement (decision 099: one round trip where it was four).
 */
export async function updateActivity({
  db,
  actor,
  id,
  step,
  status,
}: Ctx & { id: string; step: 1 | 2 | 3 | 4; status: boolean }): Promise<{ msg: string }> {
  mustManage(actor);
  const updated = await setActivityFlagsLogged(db, actor.companyId, id, activityFlagsOf(step, status), {
    action: 'dance_number_activity.update',
    companyId: actor.companyId,
    userId: actor.userId,
    targetType: 'dance_number_activity',
    targetId: id,
    detail: { step, status },
  });
  if (!updated) throw new AppError('not_found', scheduleMessages.activityNotFound);
  return { msg: messages.updateSuccessful };
}

/**
 * GET mystudio/schedule/danceNumbers (ours): a term's dance numbers with their class, for the screens
 * that pick one (costumes, later competitions) in one call rather than one a class. The term named must
 * be the studio's (else 404); none named, the current one (none: an empty list).
 */
export async function termDanceNumbers({
  db,
  actor,
  yearTermId,
}: Ctx & { yearTermId?: string }): Promise<TermDanceNumbers> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  if (!term) return { yearTermID: null, numbers: [] };
  const rows = await listTermDanceNumbers(db, actor.companyId, term.id);
  return {
    yearTermID: term.id,
    numbers: rows.map((r) => ({
      id: r.id,
      name: r.name,
      genre: r.genre,
      costume: r.costume ? 1 : 0,
      clSchID: r.classId,
      className: r.className,
      day: Number(r.day),
      timeStart: r.timeStart,
      dancers: Number(r.dancers),
      costumeStyles: Number(r.styles),
    })),
  };
}
