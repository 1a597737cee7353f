import {
  type Actor,
  type ClassSaved,
  type ClassValues,
  can,
  type DanceNumberValues,
  messages,
  scheduleMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { countClassRegistrations } from '../../kernel/counting-registrations';
import { audit } from '../../lib/audit';
import { competitionsHold } from '../competitions';
import { costumesHoldNumbers } from '../costumes';
import {
  assertRoomFree,
  checkClassReferences,
  checkGenres,
  classNotFound,
  teacherWarning,
  toClassWrite,
  toDanceNumberWrite,
} from './class-checks';
import { classBilled } from './class-registrations.queries';
import { deleteClass, findClass, insertClass, insertDanceNumbers, updateClass } from './classes.queries';

type Ctx = { db: Db; actor: Actor };

export function mustManage(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

const saved = (id: string, msg: string, warning: string | undefined): ClassSaved =>
  warning ? { id, msg, warning } : { id, msg };

/** A class and its first dance numbers, together or not at all. */
export async function createClass({
  db,
  actor,
  data,
}: Ctx & { data: { class: ClassValues; dncNum: DanceNumberValues[] } }): Promise<ClassSaved> {
  mustManage(actor);
  const { companyId } = actor;
  const values = data.class;
  return db.transaction(async (tx) => {
    const { roomName, teacherName } = await checkClassReferences(tx, companyId, values);
    await checkGenres(
      tx,
      companyId,
      data.dncNum.map((n) => n.genreID),
    );
    await assertRoomFree(tx, companyId, values, roomName);
    const { id } = await insertClass(tx, companyId, toClassWrite(values));
    const danceNumberIds = await insertDanceNumbers(tx, companyId, id, data.dncNum.map(toDanceNumberWrite));
    const warning = await teacherWarning(tx, companyId, values, teacherName, id);
    await audit(tx, {
      action: 'class.create',
      companyId,
      userId: actor.userId,
      targetType: 'class',
      targetId: id,
      detail: { roomId: values.roomID, yearTermId: values.yearTermID, danceNumberIds },
    });
    return saved(id, messages.insertSuccessful, warning);
  });
}

/** A class's own fields, whole; a class with registrations stays in its year term. */
export async function editClass({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: ClassValues }): Promise<ClassSaved> {
  mustManage(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const current = await findClass(tx, companyId, id, true);
    if (!current) throw classNotFound();
    const { roomName, teacherName } = await checkClassReferences(tx, companyId, data);
    if (
      current.yearTermId !== data.yearTermID &&
      (await countClassRegistrations(tx, companyId, id, 'all')) > 0
    ) {
      throw new AppError('unprocessable', scheduleMessages.termHasRegistrations);
    }
    await assertRoomFree(tx, companyId, data, roomName, id);
    await updateClass(tx, companyId, id, toClassWrite(data));
    const warning = await teacherWarning(tx, companyId, data, teacherName, id);
    await audit(tx, {
      action: 'class.update',
      companyId,
      userId: actor.userId,
      targetType: 'class',
      targetId: id,
    });
    return saved(id, messages.updateSuccessful, warning);
  });
}

/**
 * Deletes a class held in `roomId`, with its dance numbers and their activity, its genres,
 * requirements and registrations (the foreign keys cascade), in one transaction.
 */
export async function removeClass({
  db,
  actor,
  id,
  roomId,
}: Ctx & { id: string; roomId: string }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const current = await findClass(tx, actor.companyId, id, true);
    if (!current || current.roomId !== roomId) throw classNotFound();
    const registrations = await countClassRegistrations(tx, actor.companyId, id, 'all');
    // A registration priced into a family's plan is part of their tuition's history (decision 012, 7;
    // decision 026): the class stays. So does one whose dance numbers hold costumes (decision 029).
    if (await classBilled(tx, actor.companyId, id)) {
      throw new AppError('unprocessable', scheduleMessages.classBilled);
    }
    if (await costumesHoldNumbers(tx, actor.companyId, { classId: id })) {
      throw new AppError('unprocessable', scheduleMessages.classHasCostumes);
    }
    if (await competitionsHold(tx, actor.companyId, { classId: id })) {
      throw new AppError('unprocessable', scheduleMessages.classInCompetition);
    }
    await deleteClass(tx, actor.companyId, id, roomId);
    await audit(tx, {
      action: 'class.delete',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'class',
      targetId: id,
      detail: { roomId, yearTermId: current.yearTermId, name: current.name, registrations },
    });
    return { msg: messages.deleteSuccessful };
  });
}
