import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privateLessons } from '../../db/schema/privates';
import { classes } from '../../db/schema/schedule';
import { classTuitions, privateTuitions } from '../../db/schema/tuition';

export type ClassTuitionRow = typeof classTuitions.$inferSelect;
export type PrivateTuitionRow = typeof privateTuitions.$inferSelect;

type ClassValues = { yearTermId: string; duration: number; price: number; applyDiscount: boolean };
type PrivateValues = {
  yearTermId: string;
  name: string;
  nDancers: number;
  price: number;
  applyDiscount: boolean;
};

export function listClassTuitions(db: Db, companyId: string, yearTermId: string) {
  return db
    .select()
    .from(classTuitions)
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.yearTermId, yearTermId)))
    .orderBy(asc(classTuitions.duration), asc(classTuitions.price), asc(classTuitions.id))
    .limit(500);
}

/** A class price of the studio; `lock` holds its row (no class can name it) until the transaction ends. */
export async function findClassTuition(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(classTuitions)
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The classes a class price is the price of. */
export async function countClassTuitionUses(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.priceId, id)));
  return row?.n ?? 0;
}

export async function insertClassTuition(db: Db, companyId: string, values: ClassValues) {
  const [row] = await db
    .insert(classTuitions)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateClassTuition(db: Db, companyId: string, id: string, values: ClassValues) {
  const rows = await db
    .update(classTuitions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.id, id)))
    .returning({ id: classTuitions.id });
  return rows.length;
}

export async function deleteClassTuition(db: Db, companyId: string, id: string) {
  const rows = await db
    .delete(classTuitions)
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.id, id)))
    .returning({ id: classTuitions.id });
  return rows.length;
}

export function listPrivateTuitions(db: Db, companyId: string, yearTermId: string) {
  return db
    .select()
    .from(privateTuitions)
    .where(and(eq(privateTuitions.companyId, companyId), eq(privateTuitions.yearTermId, yearTermId)))
    .orderBy(asc(privateTuitions.nDancers), asc(privateTuitions.name), asc(privateTuitions.id))
    .limit(500);
}

/** A private price of the studio; `lock` holds its row (no private can name it) until the transaction ends. */
export async function findPrivateTuition(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(privateTuitions)
    .where(and(eq(privateTuitions.companyId, companyId), eq(privateTuitions.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The private lessons a private price is the price of. */
export async function countPrivateTuitionUses(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(privateLessons)
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.priceId, id)));
  return row?.n ?? 0;
}

export async function insertPrivateTuition(db: Db, companyId: string, values: PrivateValues) {
  const [row] = await db
    .insert(privateTuitions)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updatePrivateTuition(db: Db, companyId: string, id: string, values: PrivateValues) {
  const rows = await db
    .update(privateTuitions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(privateTuitions.companyId, companyId), eq(privateTuitions.id, id)))
    .returning({ id: privateTuitions.id });
  return rows.length;
}

export async function deletePrivateTuition(db: Db, companyId: string, id: string) {
  const rows = await db
    .delete(privateTuitions)
    .where(and(eq(privateTuitions.companyId, companyId), eq(privateTuitions.id, id)))
    .returning({ id: privateTuitions.id });
  return rows.length;
}
