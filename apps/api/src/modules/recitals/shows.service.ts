import { randomBytes } from 'node:crypto';
import { type Actor, can, RECITAL_SHOWS_TEXT, type recitalInput, type showInput } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recitalShows, recitals } from '../../db/schema/recitals';
import { duplicateAs } from '../../db/unique-violation';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { audit } from '../../lib/audit';
import {
  bookedOrders,
  dropDeadOrders,
  liveTickets,
  recitalById,
  showNameTaken,
  showsOutside,
  showWithRecital,
} from './shows.queries';

/**
 * A recital's details and its shows (issue 38 item 1, decision 072): the owner creates, edits and
 * archives a recital, adds, edits and removes its shows. Each change is one transaction with its audit.
 */

export type ShowsDeps = { db: Db; actor: Actor };
type RecitalValues = z.output<typeof recitalInput>;
type ShowValues = z.output<typeof showInput>;

export function requireOwner(actor: Actor): void {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

const auditOf = (actor: Actor, action: string, targetType: string, targetId: string, detail = {}) => ({
  action,
  companyId: actor.companyId,
  userId: actor.userId,
  targetType,
  targetId,
  detail,
});

/** `POST /api/mystudio/recitals`: the public sales link's secret made here, random. */
export async function createRecital({ db, actor }: ShowsDeps, values: RecitalValues) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recitals)
      .values({ companyId: actor.companyId, ...values, publicToken: randomBytes(12).toString('hex') })
      .returning({ id: recitals.id });
    await audit(tx, auditOf(actor, 'recital.create', 'recital', row!.id, { name: values.name }));
    return { id: row!.id, msg: RECITAL_SHOWS_TEXT.created };
  });
}

/** The studio's recital, locked, not archived; 404 otherwise, 422 when archived. */
async function openRecital(tx: Db, actor: Actor, recitalId: string) {
  const recital = await recitalById(tx, actor.companyId, recitalId, true);
  if (!recital) throw notFound(RECITAL_SHOWS_TEXT.recitalNotFound);
  if (recital.archivedAt) throw unprocessable(RECITAL_SHOWS_TEXT.archived);
  return recital;
}

/** `PUT …/{recitalId}`: its shows must stay within its days. */
export async function updateRecital({ db, actor }: ShowsDeps, recitalId: string, values: RecitalValues) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    await openRecital(tx, actor, recitalId);
    const outside = await showsOutside(tx, actor.companyId, recitalId, values.firstDay, values.lastDay);
    if (outside > 0) throw unprocessable(RECITAL_SHOWS_TEXT.showsOutside(outside));
    await tx
      .update(recitals)
      .set(values)
      .where(and(eq(recitals.companyId, actor.companyId), eq(recitals.id, recitalId)));
    await audit(tx, auditOf(actor, 'recital.update', 'recital', recitalId, { name: values.name }));
    return { msg: RECITAL_SHOWS_TEXT.saved };
  });
}

/** `PUT …/{recitalId}/archive`. */
export async function archiveRecital({ db, actor }: ShowsDeps, recitalId: string, archived: boolean) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const recital = await recitalById(tx, actor.companyId, recitalId, true);
    if (!recital) throw notFound(RECITAL_SHOWS_TEXT.recitalNotFound);
    await tx
      .update(recitals)
      .set({ archivedAt: archived ? (recital.archivedAt ?? new Date()) : null })
      .where(and(eq(recitals.companyId, actor.companyId), eq(recitals.id, recitalId)));
    await audit(tx, auditOf(actor, archived ? 'recital.archive' : 'recital.restore', 'recital', recitalId));
    return { msg: archived ? RECITAL_SHOWS_TEXT.archivedDone : RECITAL_SHOWS_TEXT.restored };
  });
}

function checkShow(recital: { firstDay: string; lastDay: string }, values: ShowValues) {
  if (values.day < recital.firstDay || values.day > recital.lastDay) {
    throw unprocessable(RECITAL_SHOWS_TEXT.dayOutside);
  }
}

/** `POST …/{recitalId}/shows`. */
export async function addShow({ db, actor }: ShowsDeps, recitalId: string, values: ShowValues) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const recital = await openRecital(tx, actor, recitalId);
    checkShow(recital, values);
    if (await showNameTaken(tx, recitalId, values.name, null)) throw conflict(RECITAL_SHOWS_TEXT.nameTaken);
    const [row] = await duplicateAs(RECITAL_SHOWS_TEXT.nameTaken, () =>
      tx
        .insert(recitalShows)
        .values({ companyId: actor.companyId, recitalId, ...values })
        .returning({ id: recitalShows.id }),
    );
    await audit(
      tx,
      auditOf(actor, 'recital.show.add', 'recital_show', row!.id, { recitalId, name: values.name }),
    );
    return { id: row!.id, msg: RECITAL_SHOWS_TEXT.showAdded };
  });
}

/** The studio's show and its recital (locked, not archived); 404 otherwise. */
async function openShow(tx: Db, actor: Actor, showId: string) {
  const found = await showWithRecital(tx, actor.companyId, showId);
  if (!found) throw notFound(RECITAL_SHOWS_TEXT.showNotFound);
  const recital = await openRecital(tx, actor, found.recital.id);
  return { show: found.show, recital };
}

/** `PUT /api/mystudio/recital-shows/{showId}`. */
export async function updateShow({ db, actor }: ShowsDeps, showId: string, values: ShowValues) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const { recital } = await openShow(tx, actor, showId);
    checkShow(recital, values);
    if (await showNameTaken(tx, recital.id, values.name, showId))
      throw conflict(RECITAL_SHOWS_TEXT.nameTaken);
    await duplicateAs(RECITAL_SHOWS_TEXT.nameTaken, () =>
      tx
        .update(recitalShows)
        .set(values)
        .where(and(eq(recitalShows.companyId, actor.companyId), eq(recitalShows.id, showId))),
    );
    await audit(tx, auditOf(actor, 'recital.show.update', 'recital_show', showId, { name: values.name }));
    return { msg: RECITAL_SHOWS_TEXT.showSaved };
  });
}

/**
 * `DELETE /api/mystudio/recital-shows/{showId}`: refused while the show has tickets sold or held; its
 * numbers' places go with it (the foreign key), so they are back among those that need a show.
 */
export async function removeShow({ db, actor }: ShowsDeps, showId: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const { show } = await openShow(tx, actor, showId);
    const tickets = await liveTickets(tx, actor.companyId, showId);
    if (tickets > 0) throw unprocessable(RECITAL_SHOWS_TEXT.showHasTickets(tickets));
    // A refunded order (or one whose payment is still being looked up) is money on the studio's books:
    // the show stays for it. Orders that came to nothing go with the show.
    if ((await bookedOrders(tx, actor.companyId, showId)) > 0)
      throw unprocessable(RECITAL_SHOWS_TEXT.showHasOrders);
    await dropDeadOrders(tx, actor.companyId, showId);
    await tx
      .delete(recitalShows)
      .where(and(eq(recitalShows.companyId, actor.companyId), eq(recitalShows.id, showId)));
    await audit(tx, auditOf(actor, 'recital.show.remove', 'recital_show', showId, { name: show.name }));
    return { msg: RECITAL_SHOWS_TEXT.showRemoved };
  });
}

export { openRecital, openShow };
