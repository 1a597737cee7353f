import { type Actor, messages, scheduleMessages } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { audit } from '../../lib/audit';
import { checkGenres, classNotFound } from './class-checks';
import { deleteClassGenre, findClassGenreOf, insertClassGenre } from './class-parts.queries';
import { findClass } from './classes.queries';
import { mustManage } from './classes.service';
import { duplicateAs } from './unique-violation';

type Ctx = { db: Db; actor: Actor };

/** POST mystudio/schedule/class/{id}/genre: a genre the class teaches, once. */
export async function addClassGenre({
  db,
  actor,
  classId,
  genreId,
}: Ctx & { classId: string; genreId: string }): Promise<{ id: string; msg: string }> {
  mustManage(actor);
  const { companyId } = actor;
  return duplicateAs(scheduleMessages.genreExists, () =>
    db.transaction(async (tx) => {
      if (!(await findClass(tx, companyId, classId))) throw classNotFound();
      await checkGenres(tx, companyId, [genreId]);
      if (await findClassGenreOf(tx, companyId, classId, genreId)) {
        throw new AppError('conflict', scheduleMessages.genreExists);
      }
      const { id } = await insertClassGenre(tx, companyId, classId, genreId);
      await audit(tx, {
        action: 'class.genre.add',
        companyId,
        userId: actor.userId,
        targetType: 'class',
        targetId: classId,
        detail: { classGenreId: id, genreId },
      });
      return { id, msg: messages.insertSuccessful };
    }),
  );
}

/** DELETE mystudio/schedule/class/{id}/genre/{clsGenreID} */
export async function removeClassGenre({
  db,
  actor,
  classId,
  classGenreId,
}: Ctx & { classId: string; classGenreId: string }): Promise<{ msg: string }> {
  mustManage(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const row = await deleteClassGenre(tx, companyId, classId, classGenreId);
    if (!row) throw new AppError('not_found', scheduleMessages.classGenreNotFound);
    await audit(tx, {
      action: 'class.genre.remove',
      companyId,
      userId: actor.userId,
      targetType: 'class',
      targetId: classId,
      detail: { classGenreId, genreId: row.genreId },
    });
    return { msg: scheduleMessages.genreDeleted };
  });
}
