import { type Actor, type ClassInfo, can, minGenreRange } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { classNotFound } from './class-checks';
import {
  presentActivity,
  presentClassGenre,
  presentDanceNumber,
  presentRegistrationActivity,
  presentRequirement,
} from './class-info.presenters';
import {
  listActivity,
  listClassGenres,
  listClassRegistrations,
  listDanceNumbers,
  listRequirements,
} from './class-info.queries';
import { findClass } from './classes.queries';

/**
 * GET mystudio/schedule/class/info/{id}: the class's dance numbers, its registrations with their
 * activity, its genres and other requirements. Six queries, whatever the size of the class.
 */
export async function getClassInfo({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<ClassInfo> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const { companyId } = actor;
  const found = await findClass(db, companyId, id);
  if (!found) throw classNotFound();
  const [numbers, registrations, activityRows, genreRows, requirementRows] = await Promise.all([
    listDanceNumbers(db, companyId, id),
    listClassRegistrations(db, companyId, id),
    listActivity(db, companyId, { classId: id }),
    listClassGenres(db, companyId, id),
    listRequirements(db, companyId, id),
  ]);
  const dncNumAct = activityRows.map(presentActivity);
  const otherReq = requirementRows.map(presentRequirement);
  return {
    dncNum: numbers.map(presentDanceNumber),
    dncNumAct,
    clsRegAct: presentRegistrationActivity(
      registrations,
      dncNumAct,
      numbers.map((n) => n.id),
    ),
    clsGenres: genreRows.map(presentClassGenre),
    otherReq,
    minGenreRequired: found.minGenreRequired,
    minGenre: minGenreRange(otherReq),
  };
}
