import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { privateLessons } from '../../db/schema/privates';
import { classes } from '../../db/schema/schedule';
import { classTuitions, privateTuitions } from '../../db/schema/tuition';

export function listYearTerms(db: Db, companyId: string) {
  return db
    .select()
    .from(yearTerms)
    .where(eq(yearTerms.companyId, companyId))
    .orderBy(asc(yearTerms.dateStart), asc(yearTerms.id))
    .limit(200);
}

/** A term of the studio; `lock` holds its row (no class or private can name it) until the transaction ends. */
export async function findYearTerm(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findCurrentYearTerm(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises a studio's year-term writes: the name check and the write that follows cannot interleave
 * with another request's, so two terms of one name cannot slip in side by side.
 */
export async function lockStudioYearTerms(db: Db, companyId: string) {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Another term of the studio with this name, compared without regard to case. */
export async function findYearTermNamed(db: Db, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: yearTerms.id })
    .from(yearTerms)
    .where(
      and(
        eq(yearTerms.companyId, companyId),
        eq(sql`lower(${yearTerms.name})`, name.toLowerCase()),
        exceptId ? ne(yearTerms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

type TermValues = { name: string; dateStart: string; dateEnd: string; notes: string };

export async function insertYearTerm(db: Db, companyId: string, values: TermValues) {
  const [row] = await db
    .insert(yearTerms)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateYearTerm(db: Db, companyId: string, id: string, values: TermValues) {
  const [row] = await db
    .update(yearTerms)
    .set(values)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a term; its tuition prices and payment plans go with it (ON DELETE CASCADE). */
export async function deleteYearTerm(db: Db, companyId: string, id: string) {
  const rows = await db
    .delete(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .returning({ id: yearTerms.id });
  return rows.length;
}

export async function setCurrentYearTerm(db: Db, companyId: string, id: string) {
  // Clear first: the partial unique index allows one current term per studio at any moment.
  await db
    .update(yearTerms)
    .set({ isCurrent: false })
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)));
  const [row] = await db
    .update(yearTerms)
    .set({ isCurrent: true })
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .returning();
  return row ?? null;
}

/**
 * The classes and private lessons a term holds, in one query: those of the term, and any that name one
 * of its prices (the prices go with the term, so those would stop its delete at the foreign key).
 */
export async function yearTermUsage(db: Db, companyId: string, id: string) {
  const classPrices = db
    .select({ id: classTuitions.id })
    .from(classTuitions)
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.yearTermId, id)));
  const privatePrices = db
    .select({ id: privateTuitions.id })
    .from(privateTuitions)
    .where(and(eq(privateTuitions.companyId, companyId), eq(privateTuitions.yearTermId, id)));
  const classCount = db
    .select({ n: count() })
    .from(classes)
    .where(
      and(
        eq(classes.companyId, companyId),
        or(eq(classes.yearTermId, id), inArray(classes.priceId, classPrices)),
      ),
    );
  const privateCount = db
    .select({ n: count() })
    .from(privateLessons)
    .where(
      and(
        eq(privateLessons.companyId, companyId),
        or(eq(privateLessons.yearTermId, id), inArray(privateLessons.priceId, privatePrices)),
      ),
    );
  const [row] = await db
    .select({
      classes: sql<number>`(${classCount})`.mapWith(Number),
      privates: sql<number>`(${privateCount})`.mapWith(Number),
    })
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)));
  return { classes: row?.classes ?? 0, privates: row?.privates ?? 0 };
}
