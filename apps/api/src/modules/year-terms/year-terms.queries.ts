import { and, asc, count, countDistinct, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { familyTerms } from '../../db/schema/enrolment';
import { students } from '../../db/schema/families';
import { privateLessons } from '../../db/schema/privates';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { classTuitions, privateTuitions } from '../../db/schema/tuition';
import { registrationCounts } from '../../kernel/counting-registrations';

export function listYearTerms(db: Db, companyId: string) {
  return db
    .select()
    .from(yearTerms)
    .where(eq(yearTerms.companyId, companyId))
    .orderBy(asc(yearTerms.dateStart), asc(yearTerms.id))
    .limit(200);
}

/**
 * Serialises a studio's year-term writes: the name check and the write that follows cannot interleave
 * with another request's, so two terms of one name cannot slip in side by side. NO KEY UPDATE, not
 * UPDATE: it conflicts with another term write's, but not with the KEY SHARE every insert naming the
 * studio takes. Under UPDATE, making a term current (whose trigger then locks each of the studio's
 * families) and a registration holding its family's row and about to insert would each wait for the
 * other, and the studio's every write would stop while a term changed.
 */
export async function lockStudioYearTerms(db: Db, companyId: string) {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
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

/**
 * What each of the studio's terms holds, in one query: its classes, its private lessons, and the
 * families with a registration that counts in it (what the account list's Active tab would show were
 * it the current term). The owner reads these before making another term current. Each count is one
 * grouped pass over the studio's rows, joined to the terms by id.
 */
export function countYearTermContents(db: Db, companyId: string) {
  const classCounts = db
    .select({ termId: classes.yearTermId, n: count().as('n_classes') })
    .from(classes)
    .where(eq(classes.companyId, companyId))
    .groupBy(classes.yearTermId)
    .as('class_counts');
  const privateCounts = db
    .select({ termId: privateLessons.yearTermId, n: count().as('n_privates') })
    .from(privateLessons)
    .where(eq(privateLessons.companyId, companyId))
    .groupBy(privateLessons.yearTermId)
    .as('private_counts');
  const activeCounts = db
    .select({ termId: classes.yearTermId, n: countDistinct(students.familyId).as('n_active') })
    .from(classRegistrations)
    .innerJoin(classes, and(eq(classes.id, classRegistrations.classId), eq(classes.companyId, companyId)))
    .innerJoin(
      students,
      and(eq(students.id, classRegistrations.studentId), eq(students.companyId, companyId)),
    )
    .where(and(eq(classRegistrations.companyId, companyId), registrationCounts))
    .groupBy(classes.yearTermId)
    .as('active_counts');
  const countOf = (n: SQL.Aliased<number>) => sql<number>`coalesce(${n}, 0)`.mapWith(Number);
  return db
    .select({
      id: yearTerms.id,
      nCls: countOf(classCounts.n),
      nPriv: countOf(privateCounts.n),
      nActive: countOf(activeCounts.n),
    })
    .from(yearTerms)
    .leftJoin(classCounts, eq(classCounts.termId, yearTerms.id))
    .leftJoin(privateCounts, eq(privateCounts.termId, yearTerms.id))
    .leftJoin(activeCounts, eq(activeCounts.termId, yearTerms.id))
    .where(eq(yearTerms.companyId, companyId))
    .orderBy(asc(yearTerms.dateStart), asc(yearTerms.id))
    .limit(200);
}

/** How many families have chosen a payment plan of the term (decision 026). */
export async function countFamilyTerms(db: Db, companyId: string, yearTermId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(familyTerms)
    .where(and(eq(familyTerms.companyId, companyId), eq(familyTerms.yearTermId, yearTermId)));
  return row?.n ?? 0;
}
