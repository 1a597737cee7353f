import { type Actor, clampMinGenreRequired, messages, scheduleMessages } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { audit } from '../../lib/audit';
import { checkGenres, classNotFound } from './class-checks';
import {
  deleteRequirement,
  findRequirement,
  findRequirementLike,
  insertRequirement,
  requirementFlags,
  updateRequirement,
} from './class-parts.queries';
import { findClass, setMinGenreRequired } from './classes.queries';
import { mustManage } from './classes.service';
import { duplicateAs } from './unique-violation';

type Ctx = { db: Db; actor: Actor };
type Requirement = { genreID: string; levelID: number; isRequired: boolean };
type MinGenreResult = { msg: string; minGenreRequired: number };

/**
 * The class's row, locked: its requirements and minGenreRequired change together, one writer at a
 * time, so the value kept always fits the requirements stored.
 */
async function lockedClass(tx: Db, companyId: string, classId: string) {
  const found = await findClass(tx, companyId, classId, true);
  if (!found) throw classNotFound();
  return found;
}

/** Moves `value` into the range the class's requirements allow (002 §5) and stores it. */
async function keepMinGenre(tx: Db, companyId: string, classId: string, stored: number, value: number) {
  const kept = clampMinGenreRequired(value, await requirementFlags(tx, companyId, classId));
  if (kept !== stored) await setMinGenreRequired(tx, companyId, classId, kept);
  return kept;
}

/** PUT mystudio/schedule/class/{id}/minGenreRequired: the value asked for, clamped into its range. */
export async function setClassMinGenre({
  db,
  actor,
  classId,
  value,
}: Ctx & { classId: string; value: number }): Promise<MinGenreResult> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const found = await lockedClass(tx, actor.companyId, classId);
    const kept = await keepMinGenre(tx, actor.companyId, classId, found.minGenreRequired, value);
    await audit(tx, {
      action: 'class.min_genre.update',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'class',
      targetId: classId,
      detail: { asked: value, kept },
    });
    return { msg: messages.updateSuccessful, minGenreRequired: kept };
  });
}

/** POST mystudio/schedule/class/{id}/otherRequirement: one requirement per genre and level. */
export async function addRequirement({
  db,
  actor,
  classId,
  data,
}: Ctx & { classId: string; data: Requirement }): Promise<MinGenreResult & { otherReqID: string }> {
  mustManage(actor);
  const { companyId } = actor;
  const values = { genreId: data.genreID, level: data.levelID, isRequired: data.isRequired };
  return duplicateAs(scheduleMessages.requirementExists, () =>
    db.transaction(async (tx) => {
      const found = await lockedClass(tx, companyId, classId);
      await checkGenres(tx, companyId, [values.genreId]);
      if (await findRequirementLike(tx, companyId, classId, values)) {
        throw new AppError('conflict', scheduleMessages.requirementExists);
      }
      const { id } = await insertRequirement(tx, companyId, classId, values);
      const kept = await keepMinGenre(tx, companyId, classId, found.minGenreRequired, found.minGenreRequired);
      await audit(tx, {
        action: 'class.requirement.add',
        companyId,
        userId: actor.userId,
        targetType: 'class',
        targetId: classId,
        detail: { requirementId: id, ...values },
      });
      return { otherReqID: id, msg: messages.insertSuccessful, minGenreRequired: kept };
    }),
  );
}

/** PUT mystudio/schedule/class/{id}/otherRequirement */
export async function editRequirement({
  db,
  actor,
  classId,
  data,
}: Ctx & { classId: string; data: Requirement & { otherReqID: string } }): Promise<MinGenreResult> {
  mustManage(actor);
  const { companyId } = actor;
  const id = data.otherReqID;
  const values = { genreId: data.genreID, level: data.levelID, isRequired: data.isRequired };
  return duplicateAs(scheduleMessages.requirementUpdateExists, () =>
    db.transaction(async (tx) => {
      const found = await lockedClass(tx, companyId, classId);
      const current = await findRequirement(tx, companyId, classId, id);
      if (!current) throw new AppError('not_found', scheduleMessages.requirementNotFound);
      await checkGenres(tx, companyId, [values.genreId], current.genreId);
      if (await findRequirementLike(tx, companyId, classId, { ...values, exceptId: id })) {
        throw new AppError('conflict', scheduleMessages.requirementUpdateExists);
      }
      await updateRequirement(tx, companyId, classId, id, values);
      const kept = await keepMinGenre(tx, companyId, classId, found.minGenreRequired, found.minGenreRequired);
      await audit(tx, {
        action: 'class.requirement.update',
        companyId,
        userId: actor.userId,
        targetType: 'class',
        targetId: classId,
        detail: { requirementId: id, ...values },
      });
      return { msg: messages.updateSuccessful, minGenreRequired: kept };
    }),
  );
}

/** DELETE mystudio/schedule/class/{id}/otherRequirement/{otherReqID} */
export async function removeRequirement({
  db,
  actor,
  classId,
  requirementId,
}: Ctx & { classId: string; requirementId: string }): Promise<MinGenreResult> {
  mustManage(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const found = await lockedClass(tx, companyId, classId);
    if (!(await deleteRequirement(tx, companyId, classId, requirementId))) {
      throw new AppError('not_found', scheduleMessages.requirementNotFound);
    }
    const kept = await keepMinGenre(tx, companyId, classId, found.minGenreRequired, found.minGenreRequired);
    await audit(tx, {
      action: 'class.requirement.delete',
      companyId,
      userId: actor.userId,
      targetType: 'class',
      targetId: classId,
      detail: { requirementId },
    });
    return { msg: messages.deleteSuccessful, minGenreRequired: kept };
  });
}
