import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classGenres, classRequirements } from '../../db/schema/schedule';

/** The genres a class teaches and its other requirements (002 §3). */

export async function findClassGenreOf(db: Db, companyId: string, classId: string, genreId: string) {
  const [row] = await db
    .select({ id: classGenres.id })
    .from(classGenres)
    .where(
      and(
        eq(classGenres.companyId, companyId),
        eq(classGenres.classId, classId),
        eq(classGenres.genreId, genreId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertClassGenre(db: Db, companyId: string, classId: string, genreId: string) {
  const [row] = await db
    .insert(classGenres)
    .values({ companyId, classId, genreId })
    .returning({ id: classGenres.id });
  return row!;
}

export async function deleteClassGenre(db: Db, companyId: string, classId: string, id: string) {
  const [row] = await db
    .delete(classGenres)
    .where(
      and(eq(classGenres.companyId, companyId), eq(classGenres.classId, classId), eq(classGenres.id, id)),
    )
    .returning({ id: classGenres.id, genreId: classGenres.genreId });
  return row ?? null;
}

export async function findRequirement(db: Db, companyId: string, classId: string, id: string) {
  const [row] = await db
    .select()
    .from(classRequirements)
    .where(
      and(
        eq(classRequirements.companyId, companyId),
        eq(classRequirements.classId, classId),
        eq(classRequirements.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A requirement of the class with this genre and level, other than `exceptId`. */
export async function findRequirementLike(
  db: Db,
  companyId: string,
  classId: string,
  like: { genreId: string; level: number; exceptId?: string },
) {
  const [row] = await db
    .select({ id: classRequirements.id })
    .from(classRequirements)
    .where(
      and(
        eq(classRequirements.companyId, companyId),
        eq(classRequirements.classId, classId),
        eq(classRequirements.genreId, like.genreId),
        eq(classRequirements.level, like.level),
        like.exceptId ? ne(classRequirements.id, like.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

type RequirementWrite = { genreId: string; level: number; isRequired: boolean };

export async function insertRequirement(
  db: Db,
  companyId: string,
  classId: string,
  values: RequirementWrite,
) {
  const [row] = await db
    .insert(classRequirements)
    .values({ companyId, classId, ...values })
    .returning({ id: classRequirements.id });
  return row!;
}

export async function updateRequirement(
  db: Db,
  companyId: string,
  classId: string,
  id: string,
  values: RequirementWrite,
) {
  await db
    .update(classRequirements)
    .set(values)
    .where(
      and(
        eq(classRequirements.companyId, companyId),
        eq(classRequirements.classId, classId),
        eq(classRequirements.id, id),
      ),
    );
}

export async function deleteRequirement(db: Db, companyId: string, classId: string, id: string) {
  const [row] = await db
    .delete(classRequirements)
    .where(
      and(
        eq(classRequirements.companyId, companyId),
        eq(classRequirements.classId, classId),
        eq(classRequirements.id, id),
      ),
    )
    .returning({ id: classRequirements.id });
  return row ?? null;
}

/** Whether each requirement of a class is required: what its minGenreRequired range counts. */
export function requirementFlags(db: Db, companyId: string, classId: string) {
  return db
    .select({ isRequired: classRequirements.isRequired })
    .from(classRequirements)
    .where(and(eq(classRequirements.companyId, companyId), eq(classRequirements.classId, classId)))
    .limit(1000);
}
