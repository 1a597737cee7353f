import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';

export type GenreRow = typeof genres.$inferSelect;

/** The studio's genres in their order; retired ones only when asked for. */
export function listGenres(db: Db, companyId: string, { withRetired }: { withRetired: boolean }) {
  return db
    .select()
    .from(genres)
    .where(
      withRetired
        ? eq(genres.companyId, companyId)
        : and(eq(genres.companyId, companyId), isNull(genres.retiredAt)),
    )
    .orderBy(asc(genres.sortOrder), asc(genres.name), asc(genres.id))
    .limit(500);
}

export async function findGenre(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(genres)
    .where(and(eq(genres.companyId, companyId), eq(genres.id, id)))
    .limit(1);
  return row ?? null;
}

/** A genre of the studio with this name, ignoring case (the unique index's rule), other than `exceptId`. */
export async function findGenreByName(db: Db, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: genres.id })
    .from(genres)
    .where(
      and(
        eq(genres.companyId, companyId),
        sql`lower(${genres.name}) = lower(${name})`,
        exceptId ? ne(genres.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function countGenres(db: Db, companyId: string) {
  const [row] = await db.select({ n: count() }).from(genres).where(eq(genres.companyId, companyId));
  return row?.n ?? 0;
}

export async function insertGenre(db: Db, companyId: string, name: string) {
  const [row] = await db
    .insert(genres)
    .values({
      companyId,
      name,
      sortOrder: sql`(select coalesce(max(${genres.sortOrder}) + 1, 0) from ${genres} where ${genres.companyId} = ${companyId})`,
    })
    .returning();
  return row!;
}

export async function renameGenre(db: Db, companyId: string, id: string, name: string) {
  const [row] = await db
    .update(genres)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(genres.companyId, companyId), eq(genres.id, id)))
    .returning();
  return row ?? null;
}

export async function setGenreRetired(db: Db, companyId: string, id: string, retiredAt: Date | null) {
  const [row] = await db
    .update(genres)
    .set({ retiredAt, updatedAt: new Date() })
    .where(and(eq(genres.companyId, companyId), eq(genres.id, id)))
    .returning();
  return row ?? null;
}
