import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { companies, yearTerms } from './schema/companies';
import { students } from './schema/families';
import { memberships } from './schema/memberships';
import { classes, classRegistrations } from './schema/schedule';
import { teachers } from './schema/staff';
import { users } from './schema/users';

/** The demo's teacher who signs in (issue 36, decision 061): a teacher record of the demo studio. */
export const DEMO_TEACHER_EMAIL = 'camille@demo.example';

const NOTES = [
  { allergies: 'Peanuts (carries an EpiPen)', teacherNote: 'Picked up by her grandmother on Tuesdays.' },
  { allergies: '', teacherNote: 'New this season: a little shy, pair her with a friend.' },
  { allergies: 'Bee stings', teacherNote: '' },
];

/**
 * Camille Durand, a teacher of the demo studio, signs in with her own account (the demo's password):
 * her membership as a teacher, open, and a few of her dancers with allergies or a note for her. The
 * studio's other teachers are left without a sign-in, for Staff → Registration to invite.
 */
export async function seedDemoTeacher(db: Db, studioName: string, passwordHash: string, now: Date) {
  const [teacher] = await db
    .select({
      id: teachers.id,
      companyId: teachers.companyId,
      firstName: teachers.firstName,
      lastName: teachers.lastName,
      phone: teachers.phone,
    })
    .from(teachers)
    .innerJoin(companies, eq(companies.id, teachers.companyId))
    .where(and(eq(companies.name, studioName), eq(teachers.email, DEMO_TEACHER_EMAIL)));
  if (!teacher) return;
  const [user] = await db
    .insert(users)
    .values({
      email: DEMO_TEACHER_EMAIL,
      passwordHash,
      firstName: teacher.firstName,
      lastName: teacher.lastName,
      phone: teacher.phone,
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  await db
    .insert(memberships)
    .values({ companyId: teacher.companyId, userId: user!.id, role: 'teacher', teacherId: teacher.id });
  const dancers = await db
    .selectDistinct({ id: students.id, firstName: students.firstName })
    .from(classRegistrations)
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(yearTerms, and(eq(yearTerms.id, classes.yearTermId), eq(yearTerms.isCurrent, true)))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(eq(classes.teacherId, teacher.id))
    .orderBy(asc(students.firstName))
    .limit(NOTES.length);
  for (const [i, dancer] of dancers.entries()) {
    await db
      .update(students)
      .set(NOTES[i]!)
      .where(inArray(students.id, [dancer.id]));
  }
}
