import {
  type Actor,
  type ClassTuition,
  type ClassTuitionValues,
  type ConfigMessageResult,
  can,
  messages,
  type PrivateTuition,
  type PrivateTuitionValues,
  type TuitionInsertResult,
  tuitionPriceMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import { requireYearTerm, resolveYearTerm } from '../year-terms/resolve-year-term';
import { presentClassTuition, presentPrivateTuition } from './tuition.presenters';
import {
  deleteClassTuition,
  deletePrivateTuition,
  findClassTuition,
  findPrivateTuition,
  insertClassTuition,
  insertPrivateTuition,
  listClassTuitions,
  listPrivateTuitions,
  updateClassTuition,
  updatePrivateTuition,
} from './tuition.queries';

type Ctx = { db: Db; actor: Actor };
type Kind = 'class_tuition' | 'private_tuition';

function assertManager(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

const notFound = () => new AppError('not_found', tuitionPriceMessages.notFound);

async function logWrite(tx: Db, actor: Actor, action: string, kind: Kind, id: string) {
  await audit(tx, {
    action: `${kind}.${action}`,
    companyId: actor.companyId,
    userId: actor.userId,
    targetType: kind,
    targetId: id,
  });
}

export async function getClassTuitions({ db, actor, yearTermId }: Ctx & { yearTermId?: string }) {
  if (!can(actor, 'studio:read')) throw forbidden();
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  if (!term) return [] as ClassTuition[];
  return (await listClassTuitions(db, actor.companyId, term.id)).map(presentClassTuition);
}

export async function createClassTuition({
  db,
  actor,
  input,
}: Ctx & { input: ClassTuitionValues }): Promise<TuitionInsertResult> {
  assertManager(actor);
  const { yearTermID, ...rest } = input;
  return db.transaction(async (tx) => {
    await requireYearTerm(tx, actor.companyId, yearTermID);
    const row = await insertClassTuition(tx, actor.companyId, { yearTermId: yearTermID, ...rest });
    await logWrite(tx, actor, 'created', 'class_tuition', row.id);
    return { id: row.id, msg: messages.insertSuccessful };
  });
}

export async function editClassTuition({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: ClassTuitionValues }): Promise<ConfigMessageResult> {
  assertManager(actor);
  const { yearTermID, ...rest } = data;
  return db.transaction(async (tx) => {
    if (!(await findClassTuition(tx, actor.companyId, id))) throw notFound();
    await requireYearTerm(tx, actor.companyId, yearTermID);
    await updateClassTuition(tx, actor.companyId, id, { yearTermId: yearTermID, ...rest });
    await logWrite(tx, actor, 'updated', 'class_tuition', id);
    return { msg: messages.updateSuccessful };
  });
}

export async function removeClassTuition({
  db,
  actor,
  id,
}: Ctx & { id: string }): Promise<ConfigMessageResult> {
  assertManager(actor);
  return db.transaction(async (tx) => {
    // Classes will name their price (priceID) with the schedule (a later issue): a price a class uses
    // must then be refused here with 422 rather than deleted from under it.
    if ((await deleteClassTuition(tx, actor.companyId, id)) === 0) throw notFound();
    await logWrite(tx, actor, 'deleted', 'class_tuition', id);
    return { msg: messages.deleteSuccessful };
  });
}

export async function getPrivateTuitions({ db, actor, yearTermId }: Ctx & { yearTermId?: string }) {
  if (!can(actor, 'studio:read')) throw forbidden();
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  if (!term) return [] as PrivateTuition[];
  return (await listPrivateTuitions(db, actor.companyId, term.id)).map(presentPrivateTuition);
}

export async function createPrivateTuition({
  db,
  actor,
  input,
}: Ctx & { input: PrivateTuitionValues }): Promise<TuitionInsertResult> {
  assertManager(actor);
  const { yearTermID, ...rest } = input;
  return db.transaction(async (tx) => {
    await requireYearTerm(tx, actor.companyId, yearTermID);
    const row = await insertPrivateTuition(tx, actor.companyId, { yearTermId: yearTermID, ...rest });
    await logWrite(tx, actor, 'created', 'private_tuition', row.id);
    return { id: row.id, msg: messages.insertSuccessful };
  });
}

export async function editPrivateTuition({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: PrivateTuitionValues }): Promise<ConfigMessageResult> {
  assertManager(actor);
  const { yearTermID, ...rest } = data;
  return db.transaction(async (tx) => {
    if (!(await findPrivateTuition(tx, actor.companyId, id))) throw notFound();
    await requireYearTerm(tx, actor.companyId, yearTermID);
    await updatePrivateTuition(tx, actor.companyId, id, { yearTermId: yearTermID, ...rest });
    await logWrite(tx, actor, 'updated', 'private_tuition', id);
    return { msg: messages.updateSuccessful };
  });
}

export async function removePrivateTuition({
  db,
  actor,
  id,
}: Ctx & { id: string }): Promise<ConfigMessageResult> {
  assertManager(actor);
  return db.transaction(async (tx) => {
    // Private lessons will name their price (priceID) later: refuse a price in use then, as for classes.
    if ((await deletePrivateTuition(tx, actor.companyId, id)) === 0) throw notFound();
    await logWrite(tx, actor, 'deleted', 'private_tuition', id);
    return { msg: messages.deleteSuccessful };
  });
}
