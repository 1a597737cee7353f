import {
  type Actor,
  can,
  GENRE_TEXT,
  GENRES_PER_STUDIO_MAX,
  type GenreItem,
  messages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { duplicateAs } from '../../db/unique-violation';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { presentGenre } from './genres.presenters';
import {
  countGenres,
  findGenre,
  findGenreByName,
  insertGenre,
  listGenres,
  renameGenre,
  setGenreRetired,
} from './genres.queries';

const notFound = () => new AppError('not_found', GENRE_TEXT.notFound);
const exists = () => new AppError('conflict', GENRE_TEXT.exists);

// Two owners adding (or renaming to) the same name at once: the loser meets the unique index and gets
// the same 409 as a duplicate found by the check.
const uniqueName = <T>(write: () => Promise<T>): Promise<T> => duplicateAs(GENRE_TEXT.exists, write);

export async function getGenres({
  db,
  actor,
  withRetired,
}: {
  db: Db;
  actor: Actor;
  withRetired: boolean;
}): Promise<GenreItem[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const rows = await listGenres(db, actor.companyId, { withRetired });
  return rows.map(presentGenre);
}

export async function addGenre({
  db,
  actor,
  name,
}: {
  db: Db;
  actor: Actor;
  name: string;
}): Promise<{ id: string; msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return uniqueName(() =>
    db.transaction(async (tx) => {
      if (await findGenreByName(tx, actor.companyId, name)) throw exists();
      if ((await countGenres(tx, actor.companyId)) >= GENRES_PER_STUDIO_MAX) {
        throw new AppError('unprocessable', GENRE_TEXT.tooMany);
      }
      const row = await insertGenre(tx, actor.companyId, name);
      await audit(tx, {
        action: 'genre.create',
        companyId: actor.companyId,
        userId: actor.userId,
        targetType: 'genre',
        targetId: row.id,
        detail: { name },
      });
      return { id: row.id, msg: messages.insertSuccessful };
    }),
  );
}

export async function changeGenreName({
  db,
  actor,
  id,
  name,
}: {
  db: Db;
  actor: Actor;
  id: string;
  name: string;
}): Promise<{ msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const genre = await findGenre(tx, actor.companyId, id);
      if (!genre) throw notFound();
      if (await findGenreByName(tx, actor.companyId, name, id)) throw exists();
      await renameGenre(tx, actor.companyId, id, name);
      await audit(tx, {
        action: 'genre.rename',
        companyId: actor.companyId,
        userId: actor.userId,
        targetType: 'genre',
        targetId: id,
        detail: { from: genre.name, to: name },
      });
      return { msg: messages.updateSuccessful };
    }),
  );
}

/** Retires a genre (retired: true) or brings it back; classes that name it keep it either way. */
export async function setGenreStatus({
  db,
  actor,
  clock,
  id,
  retired,
}: {
  db: Db;
  actor: Actor;
  clock: Clock;
  id: string;
  retired: boolean;
}): Promise<{ msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const genre = await findGenre(tx, actor.companyId, id);
    if (!genre) throw notFound();
    // Retiring twice keeps the first date: when it was retired is worth keeping.
    const retiredAt = retired ? (genre.retiredAt ?? clock.now()) : null;
    await setGenreRetired(tx, actor.companyId, id, retiredAt);
    await audit(tx, {
      action: retired ? 'genre.retire' : 'genre.restore',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'genre',
      targetId: id,
    });
    return { msg: retired ? GENRE_TEXT.retired : GENRE_TEXT.restored };
  });
}
