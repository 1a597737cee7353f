import type { ActivityFlags } from '@pirouette/domain';
import { PRIVATE_LIMITS } from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';
import { students } from '../../db/schema/families';
import { privateLessons, privateRegistrationActivity, privateRegistrations } from '../../db/schema/privates';
import { privateTuitions } from '../../db/schema/tuition';

/** A private lesson's registrations with their students and activity, by last name then first name. */
export function listRegistrations(db: Db, companyId: string, privateId: string) {
  return db
    .select({
      registration: privateRegistrations,
      activity: privateRegistrationActivity,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(privateRegistrations)
    .innerJoin(students, eq(students.id, privateRegistrations.studentId))
    .innerJoin(
      privateRegistrationActivity,
      eq(privateRegistrationActivity.privateRegistrationId, privateRegistrations.id),
    )
    .where(and(eq(privateRegistrations.companyId, companyId), eq(privateRegistrations.privateId, privateId)))
    .orderBy(
      asc(sql`lower(${students.lastName})`),
      asc(sql`lower(${students.firstName})`),
      asc(privateRegistrations.id),
    )
    .limit(PRIVATE_LIMITS.registrationsPerPrivate);
}
export type RegistrationView = Awaited<ReturnType<typeof listRegistrations>>[number];

/**
 * A private lesson of the studio with its year term's dates and its price's number of dancers, its row
 * held until the transaction ends: two registrations of one lesson are written one after the other, so
 * the count each one checks its places against already holds the other.
 */
export async function lockPrivateWithTerm(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: privateLessons.id,
      dateStart: yearTerms.dateStart,
      dateEnd: yearTerms.dateEnd,
      priceName: privateTuitions.name,
      nDancers: privateTuitions.nDancers,
    })
    .from(privateLessons)
    .innerJoin(yearTerms, eq(yearTerms.id, privateLessons.yearTermId))
    .innerJoin(privateTuitions, eq(privateTuitions.id, privateLessons.priceId))
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.id, id)))
    .for('update', { of: privateLessons });
  return row ?? null;
}

/** A student of the studio, read FOR KEY SHARE so that it cannot go before its registration is written. */
export async function findStudentRef(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.id, id)))
    .for('key share');
  return row ?? null;
}

export async function findRegistrationOf(db: Db, companyId: string, privateId: string, studentId: string) {
  const [row] = await db
    .select({ id: privateRegistrations.id })
    .from(privateRegistrations)
    .where(
      and(
        eq(privateRegistrations.companyId, companyId),
        eq(privateRegistrations.privateId, privateId),
        eq(privateRegistrations.studentId, studentId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A registration and its activity row (all four flags on). Run it inside a transaction. */
export async function insertRegistration(
  db: Db,
  companyId: string,
  values: { privateId: string; studentId: string; price: number; dateStart: string; dateEnd: string },
) {
  const [registration] = await db
    .insert(privateRegistrations)
    .values({ companyId, ...values })
    .returning({ id: privateRegistrations.id });
  const [activity] = await db
    .insert(privateRegistrationActivity)
    .values({ companyId, privateRegistrationId: registration!.id })
    .returning({ id: privateRegistrationActivity.id });
  return { privRegID: registration!.id, privRegActID: activity!.id };
}

/** Sets some of a registration's activity flags; null when the registration is not the studio's. */
export async function updateActivityFlags(
  db: Db,
  companyId: string,
  registrationId: string,
  flags: ActivityFlags,
) {
  const [row] = await db
    .update(privateRegistrationActivity)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(
      and(
        eq(privateRegistrationActivity.companyId, companyId),
        eq(privateRegistrationActivity.privateRegistrationId, registrationId),
      ),
    )
    .returning({ id: privateRegistrationActivity.id });
  return row ?? null;
}

export async function updateRegistrationStatus(
  db: Db,
  companyId: string,
  registrationId: string,
  regStatus: 0 | 1,
) {
  const rows = await db
    .update(privateRegistrations)
    .set({ regStatus, updatedAt: sql`now()` })
    .where(and(eq(privateRegistrations.companyId, companyId), eq(privateRegistrations.id, registrationId)))
    .returning({ id: privateRegistrations.id });
  return rows.length;
}
