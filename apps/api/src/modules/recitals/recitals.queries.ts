import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitalShows, recitals } from '../../db/schema/recitals';

export type RecitalRow = typeof recitals.$inferSelect;
export type ShowRow = typeof recitalShows.$inferSelect;

/** The studio's recitals, latest first; archived ones only when asked. */
export function listRecitals(db: Db, companyId: string, withArchived: boolean): Promise<RecitalRow[]> {
  return db
    .select()
    .from(recitals)
    .where(and(eq(recitals.companyId, companyId), withArchived ? undefined : isNull(recitals.archivedAt)))
    .orderBy(desc(recitals.firstDay), asc(recitals.name))
    .limit(200);
}

/** The shows of these recitals (of this studio), by day and curtain. */
export function showsOf(db: Db, companyId: string, recitalIds: readonly string[]): Promise<ShowRow[]> {
  if (recitalIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(recitalShows)
    .where(and(eq(recitalShows.companyId, companyId), inArray(recitalShows.recitalId, [...recitalIds])))
    .orderBy(asc(recitalShows.day), asc(recitalShows.startsAt), asc(recitalShows.name));
}
