import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
