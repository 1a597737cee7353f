import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { familyAccounts, familyPeople, students } from '../src/db/schema/families';
import { memberships } from '../src/db/schema/memberships';
import { recitals } from '../src/db/schema/recitals';
import { users } from '../src/db/schema/users';
import { hashPassword } from '../src/lib/secrets';
import { insertClassRegistration } from '../src/modules/schedule/class-registrations.queries';

/** A person with a membership at a studio, written straight to the database. */
export async function createPerson(
  db: Db,
  opts: {
    email: string;
    companyId: string;
    role: 'owner' | 'user' | 'teacher';
    password?: string;
    verified?: boolean;
    /** A teacher's teacher record (issue 36). */
    teacherId?: string;
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: opts.email,
      passwordHash: await hashPassword(opts.password ?? 'Parent123'),
      firstName: 'Pat',
      lastName: 'Parent',
      phone: '9735550199',
      emailVerifiedAt: opts.verified === false ? null : new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  await db.insert(memberships).values({
    companyId: opts.companyId,
    userId: user!.id,
    role: opts.role,
    teacherId: opts.teacherId ?? null,
  });
  return user!;
}

/** A family of a studio, written straight to the database (the families issue brings its screens). */
export async function createFamily(db: Db, companyId: string, opts: { email?: string } = {}) {
  const [family] = await db
    .insert(familyAccounts)
    .values({ companyId, email: opts.email ?? '', phone: '9735550150', city: 'Newark', state: 'NJ' })
    .returning();
  return family!;
}

/**
 * Makes a studio's parent (by e-mail) a user of a family: their membership names the family, and the
 * family lists them. Answers the family_people row's id.
 */
export async function joinFamily(db: Db, opts: { companyId: string; familyId: string; email: string }) {
  const [user] = await db.select().from(users).where(eq(users.email, opts.email));
  await db
    .update(memberships)
    .set({ familyId: opts.familyId })
    .where(and(eq(memberships.companyId, opts.companyId), eq(memberships.userId, user!.id)));
  const [person] = await db
    .insert(familyPeople)
    .values({
      companyId: opts.companyId,
      familyId: opts.familyId,
      kind: 'user',
      userId: user!.id,
      firstName: user!.firstName,
      lastName: user!.lastName,
      phone: user!.phone,
      role: 'Mother',
    })
    .returning({ id: familyPeople.id });
  await db
    .update(familyAccounts)
    .set({ lastName: user!.lastName })
    .where(eq(familyAccounts.id, opts.familyId));
  return person!.id;
}

/** A contact of a family. */
export async function createContact(
  db: Db,
  opts: { companyId: string; familyId: string; firstName?: string },
) {
  const [person] = await db
    .insert(familyPeople)
    .values({
      companyId: opts.companyId,
      familyId: opts.familyId,
      kind: 'contact',
      firstName: opts.firstName ?? 'Gran',
      lastName: 'Contact',
      phone: '9735550111',
      role: 'Grandparent',
    })
    .returning({ id: familyPeople.id });
  return person!.id;
}

/** A student of a family. */
export async function createStudent(
  db: Db,
  opts: { companyId: string; familyId: string; firstName?: string; lastName?: string; dob?: string },
) {
  const [student] = await db
    .insert(students)
    .values({
      companyId: opts.companyId,
      familyId: opts.familyId,
      firstName: opts.firstName ?? 'Mia',
      lastName: opts.lastName ?? 'Dancer',
      dob: opts.dob ?? '2016-04-12',
    })
    .returning();
  return student!;
}

/**
 * A student registered in a class, with an activity row for each of the class's dance numbers, as the
 * registration wizard of a later issue will write it.
 */
export function registerInClass(
  db: Db,
  opts: Omit<Parameters<typeof insertClassRegistration>[1], 'pr0' | 'dateI' | 'dateF'> & {
    pr0?: number;
    dateI?: string;
    dateF?: string;
  },
) {
  return db.transaction((tx) =>
    insertClassRegistration(tx, {
      ...opts,
      pr0: opts.pr0 ?? 6500,
      dateI: opts.dateI ?? '2026-09-01',
      dateF: opts.dateF ?? '2027-06-30',
    }),
  );
}

/** A family of this name, each of these dancers registered in the class (its numbers' activities with them): its id. */
export async function danceFamily(
  db: Db,
  opts: { companyId: string; name: string; dancers: string[]; classId: string },
): Promise<string> {
  const [f] = await db
    .insert(familyAccounts)
    .values({
      companyId: opts.companyId,
      lastName: opts.name,
      email: '',
      phone: '9735550150',
      city: 'Newark',
      state: 'NJ',
    })
    .returning({ id: familyAccounts.id });
  for (const firstName of opts.dancers) {
    const st = await createStudent(db, {
      companyId: opts.companyId,
      familyId: f!.id,
      firstName,
      lastName: opts.name,
    });
    await registerInClass(db, { companyId: opts.companyId, classId: opts.classId, studentId: st.id });
  }
  return f!.id;
}

/** The tests' recital, May 15–16 2027, with no shows yet: its id. */
export async function createRecital(db: Db, companyId: string): Promise<string> {
  const [r] = await db
    .insert(recitals)
    .values({
      companyId,
      name: 'Spring Recital 2027',
      firstDay: '2027-05-15',
      lastDay: '2027-05-16',
      publicToken: randomUUID(),
    })
    .returning({ id: recitals.id });
  return r!.id;
}
