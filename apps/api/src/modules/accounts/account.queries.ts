import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students, termsAcceptances } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';
import { memberships } from '../../db/schema/memberships';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { auditLog } from '../../db/schema/security';
import { teachers } from '../../db/schema/staff';
import { termsDocuments } from '../../db/schema/terms';
import { users } from '../../db/schema/users';
import { statusOf, termRegistrations, withTerm } from './account-status';

/** The reads of one family, each one query whatever the family holds. Every one is scoped by the studio. */

/** Bounds far above one family's size (FAMILY_LIMITS), so that one answer stays small whatever is stored. */
const PEOPLE_LIMIT = 200;
const STUDENTS_LIMIT = 200;
const CLASSES_LIMIT = 1000;
const DOCUMENTS_LIMIT = 50;

/**
 * Students in the order they were entered; students entered together (one registration, one
 * transaction, one created_at) by first name.
 */
export const studentOrder = [
  asc(students.createdAt),
  asc(sql`lower(${students.firstName})`),
  asc(sql`lower(${students.lastName})`),
  asc(students.id),
];

/** A family of the studio with its status, or null. */
export async function findAccount(db: Db, companyId: string, familyId: string) {
  const term = termRegistrations(db, companyId);
  const [row] = await db
    .select({
      id: familyAccounts.id,
      lastName: familyAccounts.lastName,
      address: familyAccounts.address,
      address2: familyAccounts.address2,
      city: familyAccounts.city,
      state: familyAccounts.state,
      zipcode: familyAccounts.zipcode,
      phone: familyAccounts.phone,
      email: familyAccounts.email,
      createdAt: familyAccounts.createdAt,
      status: statusOf(term),
    })
    .from(familyAccounts)
    .leftJoinLateral(term, withTerm)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)));
  return row ?? null;
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * A family's users and contacts, in the order they were added, each user with their sign-in state at
 * the studio: invited while their membership waits for them to set a password (decision 014).
 */
export function listFamilyPeople(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      id: familyPeople.id,
      kind: familyPeople.kind,
      firstName: familyPeople.firstName,
      lastName: familyPeople.lastName,
      phone: familyPeople.phone,
      role: familyPeople.role,
      email: sql<string>`coalesce(${users.email}, '')`,
      login: sql<'none' | 'invited' | 'active'>`case
        when ${users.id} is null then 'none'
        when ${memberships.pending} is not false then 'invited'
        else 'active' end`,
    })
    .from(familyPeople)
    .leftJoin(users, eq(users.id, familyPeople.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, familyPeople.userId), eq(memberships.companyId, companyId)),
    )
    .where(and(eq(familyPeople.companyId, companyId), eq(familyPeople.familyId, familyId)))
    .orderBy(asc(familyPeople.createdAt), asc(sql`lower(${familyPeople.firstName})`), asc(familyPeople.id))
    .limit(PEOPLE_LIMIT);
}
export type FamilyPersonRow = Awaited<ReturnType<typeof listFamilyPeople>>[number];

/** One user of a family (by their family_people id) and whom they sign in as, or null. */
export async function findFamilyUser(db: Db, companyId: string, familyId: string, personId: string) {
  const [row] = await db
    .select({ id: familyPeople.id, userId: familyPeople.userId })
    .from(familyPeople)
    .where(
      and(
        eq(familyPeople.companyId, companyId),
        eq(familyPeople.familyId, familyId),
        eq(familyPeople.id, personId),
        eq(familyPeople.kind, 'user'),
      ),
    );
  return row ?? null;
}

export function listFamilyStudents(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      phone: students.phone,
      dob: students.dob,
      gender: students.gender,
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.familyId, familyId)))
    .orderBy(...studentOrder)
    .limit(STUDENTS_LIMIT);
}
export type FamilyStudentRow = Awaited<ReturnType<typeof listFamilyStudents>>[number];

/**
 * The family's class registrations in classes of the studio's current term, dropped ones too, with
 * the class, its teacher, room and location: by student, then day and time.
 */
export function listFamilyClasses(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      id: classRegistrations.id,
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      level: classes.level,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      room: rooms.name,
      location: locations.name,
      pr0: classRegistrations.pr0,
      prI: classRegistrations.prI,
      prF: classRegistrations.prF,
      nTh: classRegistrations.nTh,
      iStatus: classRegistrations.iStatus,
      status: classRegistrations.status,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
      isDropped: classRegistrations.isDropped,
    })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .innerJoin(classes, and(eq(classes.id, classRegistrations.classId), eq(classes.companyId, companyId)))
    .innerJoin(
      yearTerms,
      and(
        eq(yearTerms.id, classes.yearTermId),
        eq(yearTerms.companyId, companyId),
        eq(yearTerms.isCurrent, true),
      ),
    )
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(students.companyId, companyId),
        eq(students.familyId, familyId),
      ),
    )
    .orderBy(
      ...studentOrder,
      asc(classes.day),
      asc(classes.timeStart),
      asc(classes.name),
      asc(classRegistrations.id),
    )
    .limit(CLASSES_LIMIT);
}
export type FamilyClassRow = Awaited<ReturnType<typeof listFamilyClasses>>[number];

/**
 * Every terms document of the studio, with the family's latest acceptance of it (its version, when,
 * by whom), in the documents' order.
 */
export function listFamilyTerms(db: Db, companyId: string, familyId: string) {
  const latest = db
    .selectDistinctOn([termsAcceptances.documentId], {
      documentId: termsAcceptances.documentId,
      version: termsAcceptances.version,
      acceptedAt: sql<Date>`${termsAcceptances.createdAt}`.as('accepted_at'),
      userId: termsAcceptances.userId,
    })
    .from(termsAcceptances)
    .where(
      and(
        eq(termsAcceptances.companyId, companyId),
        eq(termsAcceptances.familyId, familyId),
        eq(termsAcceptances.accepted, true),
      ),
    )
    .orderBy(asc(termsAcceptances.documentId), desc(termsAcceptances.createdAt), desc(termsAcceptances.id))
    .as('latest');
  return db
    .select({
      id: termsDocuments.id,
      title: termsDocuments.title,
      version: termsDocuments.version,
      acceptedVersion: latest.version,
      acceptedAt: latest.acceptedAt,
      acceptedByFirstName: users.firstName,
      acceptedByLastName: users.lastName,
    })
    .from(termsDocuments)
    .leftJoin(latest, eq(latest.documentId, termsDocuments.id))
    .leftJoin(users, eq(users.id, latest.userId))
    .where(eq(termsDocuments.companyId, companyId))
    .orderBy(asc(termsDocuments.sortOrder), asc(termsDocuments.createdAt), asc(termsDocuments.id))
    .limit(DOCUMENTS_LIMIT);
}
export type FamilyTermsRow = Awaited<ReturnType<typeof listFamilyTerms>>[number];

const familyEntries = (companyId: string, familyId: string) =>
  and(eq(auditLog.companyId, companyId), eq(auditLog.targetType, 'family'), eq(auditLog.targetId, familyId));

export async function countFamilyLog(db: Db, companyId: string, familyId: string) {
  const [row] = await db.select({ n: count() }).from(auditLog).where(familyEntries(companyId, familyId));
  return row?.n ?? 0;
}

/** A page of the family's log, newest first, with who made each change and their role at the studio. */
export function listFamilyLog(
  db: Db,
  companyId: string,
  familyId: string,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(memberships, and(eq(memberships.userId, auditLog.userId), eq(memberships.companyId, companyId)))
    .where(familyEntries(companyId, familyId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type FamilyLogRow = Awaited<ReturnType<typeof listFamilyLog>>[number];

export async function findAboutUs(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({ option: familyAccounts.aboutUsOption, notes: familyAccounts.aboutUsNotes })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)));
  return row ?? null;
}
