import {
  type Actor,
  type CreatedResult,
  can,
  type MessageResult,
  messages,
  PRIVATE_LIMITS,
  type PrivateDetail,
  type PrivateLesson,
  type PrivatesAnswer,
  type PrivateValues,
  personName,
  privateMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { resolveYearTerm } from '../../kernel/current-term';
import { audit } from '../../lib/audit';
import { competitionsHold } from '../competitions';
import { findLocation } from '../locations';
import { listTeachers } from '../teachers';
import { listRegistrations } from './private-registrations.queries';
import { presentPrivateLesson, presentPrivateRegistration } from './privates.presenters';
import {
  countPrivateLessonsAt,
  countRegistrationsOf,
  deletePrivateLesson,
  findGenreRef,
  findLocationRef,
  findPrivateLesson,
  findPrivateLessonView,
  findPrivatePriceRef,
  findTeacherRef,
  insertPrivateLesson,
  listLocationOptions,
  listPrivateLessons,
  type PrivateLessonRow,
  type PrivateLessonValues,
  updatePrivateLesson,
} from './privates.queries';

type Ctx = { db: Db; actor: Actor };

const notFound = (message: string = privateMessages.notFound) => new AppError('not_found', message);

function mustRead(actor: Actor) {
  if (!can(actor, 'studio:read')) throw forbidden();
}
function mustManage(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/**
 * GET mystudio/privates/: the teachers, the locations (the one asked for selected when it is the
 * studio's, else the first by name) and the term's private lessons at the selected location.
 */
export async function getPrivates({
  db,
  actor,
  yearTermId,
  locationId,
}: Ctx & { yearTermId?: string; locationId?: string }): Promise<PrivatesAnswer> {
  mustRead(actor);
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  const [teacherRows, loc] = await Promise.all([
    listTeachers(db, actor.companyId),
    listLocationOptions(db, actor.companyId),
  ]);
  const selected = loc.find((l) => l.id === locationId) ?? loc[0] ?? null;
  const lessons = term && selected ? await listPrivateLessons(db, actor.companyId, term.id, selected.id) : [];
  return {
    yrTrmID: term?.id ?? null,
    tchr: teacherRows.map((t) => ({ id: t.id, name: personName(t.firstName, t.lastName) })),
    priv: lessons.map(presentPrivateLesson),
    loc,
    selIDs: { locID: selected?.id ?? null },
  };
}

/** GET mystudio/privates/list/{locID}: a term's private lessons at one of the studio's locations. */
export async function getPrivateList({
  db,
  actor,
  locationId,
  yearTermId,
}: Ctx & { locationId: string; yearTermId?: string }): Promise<PrivateLesson[]> {
  mustRead(actor);
  if (!(await findLocation(db, actor.companyId, locationId)))
    throw notFound(privateMessages.locationNotFound);
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  if (!term) return [];
  return (await listPrivateLessons(db, actor.companyId, term.id, locationId)).map(presentPrivateLesson);
}

/** GET mystudio/privates/{id}: the lesson and its registrations. */
export async function getPrivate({ db, actor, id }: Ctx & { id: string }): Promise<PrivateDetail> {
  mustRead(actor);
  const view = await findPrivateLessonView(db, actor.companyId, id);
  if (!view) throw notFound();
  const registrations = await listRegistrations(db, actor.companyId, id);
  return { info: presentPrivateLesson(view), regList: registrations.map(presentPrivateRegistration) };
}

/**
 * The lesson's columns from its fields, once what it names is found to be the studio's (another
 * studio's record is answered as a missing one). Its term is its price's. A retired genre is refused,
 * unless it is the one the lesson already has (`keptGenreId`).
 */
async function lessonValues(
  tx: Db,
  companyId: string,
  data: PrivateValues,
  keptGenreId?: string,
): Promise<PrivateLessonValues> {
  if (!(await findTeacherRef(tx, companyId, data.teacherID))) throw notFound(privateMessages.teacherNotFound);
  const price = await findPrivatePriceRef(tx, companyId, data.priceID);
  if (!price) throw notFound(privateMessages.priceNotFound);
  const genre = await findGenreRef(tx, companyId, data.genreID);
  if (!genre) throw notFound(privateMessages.genreNotFound);
  if (genre.retiredAt && genre.id !== keptGenreId) {
    throw new AppError('unprocessable', privateMessages.genreRetired);
  }
  if (!(await findLocationRef(tx, companyId, data.locationID))) {
    throw notFound(privateMessages.locationNotFound);
  }
  return {
    yearTermId: price.yearTermId,
    locationId: data.locationID,
    teacherId: data.teacherID,
    priceId: data.priceID,
    genreId: data.genreID,
    name: data.name,
    songName: data.songName,
    songArtist: data.songArtist,
    songLength: data.songLength,
    type: data.type,
  };
}

/** A location's list of a term stays within what one answer carries. */
async function assertListBounded(
  tx: Db,
  companyId: string,
  values: PrivateLessonValues,
  was?: PrivateLessonRow,
) {
  if (was && was.yearTermId === values.yearTermId && was.locationId === values.locationId) return;
  const n = await countPrivateLessonsAt(tx, companyId, values.yearTermId, values.locationId);
  if (n >= PRIVATE_LIMITS.perAnswer) throw new AppError('unprocessable', privateMessages.tooMany);
}

const logWrite = (tx: Db, actor: Actor, action: string, id: string, detail?: Record<string, unknown>) =>
  audit(tx, {
    action: `private.${action}`,
    companyId: actor.companyId,
    userId: actor.userId,
    targetType: 'private_lesson',
    targetId: id,
    ...(detail ? { detail } : {}),
  });

/** POST mystudio/privates/ */
export async function createPrivate({
  db,
  actor,
  data,
}: Ctx & { data: PrivateValues }): Promise<CreatedResult> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const values = await lessonValues(tx, actor.companyId, data);
    await assertListBounded(tx, actor.companyId, values);
    const { id } = await insertPrivateLesson(tx, actor.companyId, values);
    await logWrite(tx, actor, 'create', id);
    return { id, msg: messages.insertSuccessful };
  });
}

/** PUT mystudio/privates/: the lesson's fields, whole. A price of another term moves it to that term. */
export async function editPrivate({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: PrivateValues }): Promise<MessageResult> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const was = await findPrivateLesson(tx, actor.companyId, id, true);
    if (!was) throw notFound();
    const values = await lessonValues(tx, actor.companyId, data, was.genreId);
    await assertListBounded(tx, actor.companyId, values, was);
    await updatePrivateLesson(tx, actor.companyId, id, values);
    await logWrite(tx, actor, 'update', id);
    return { msg: messages.updateSuccessful };
  });
}

/** DELETE mystudio/privates/{id}: the lesson, and with it its registrations and their activity. */
export async function removePrivate({ db, actor, id }: Ctx & { id: string }): Promise<MessageResult> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    if (!(await findPrivateLesson(tx, actor.companyId, id, true))) throw notFound();
    if (await competitionsHold(tx, actor.companyId, { privateId: id })) {
      throw new AppError('unprocessable', privateMessages.inCompetition);
    }
    const registrations = await countRegistrationsOf(tx, actor.companyId, id);
    await deletePrivateLesson(tx, actor.companyId, id);
    await logWrite(tx, actor, 'delete', id, { registrations });
    return { msg: messages.deleteSuccessful };
  });
}
