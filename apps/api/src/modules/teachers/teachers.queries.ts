import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privateLessons } from '../../db/schema/privates';
import { classes } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';

const TEACHERS_LIMIT = 500;

type TeacherValues = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  email: string;
};

export function listTeachers(db: Db, companyId: string) {
  return db
    .select()
    .from(teachers)
    .where(eq(teachers.companyId, companyId))
    .orderBy(asc(sql`lower(${teachers.lastName})`), asc(sql`lower(${teachers.firstName})`), asc(teachers.id))
    .limit(TEACHERS_LIMIT);
}

export async function insertTeacher(db: Db, companyId: string, values: TeacherValues) {
  const [row] = await db
    .insert(teachers)
    .values({ companyId, ...values })
    .returning({ id: teachers.id });
  return row!;
}

export async function updateTeacher(db: Db, companyId: string, id: string, values: TeacherValues) {
  const [row] = await db
    .update(teachers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)))
    .returning({ id: teachers.id });
  return row ?? null;
}

export async function deleteTeacher(db: Db, companyId: string, id: string) {
  const [row] = await db
    .delete(teachers)
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)))
    .returning({ id: teachers.id });
  return row ?? null;
}

/** A teacher of the studio, its row held until the transaction ends (no class or private can name it). */
export async function lockTeacher(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)))
    .for('update');
  return row ?? null;
}

/** The classes and private lessons a teacher teaches: one query. */
export async function teacherUsage(db: Db, companyId: string, id: string) {
  const classCount = db
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.teacherId, id)));
  const privateCount = db
    .select({ n: count() })
    .from(privateLessons)
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.teacherId, id)));
  const [row] = await db
    .select({
      classes: sql<number>`(${classCount})`.mapWith(Number),
      privates: sql<number>`(${privateCount})`.mapWith(Number),
    })
    .from(teachers)
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)));
  return { classes: row?.classes ?? 0, privates: row?.privates ?? 0 };
}
