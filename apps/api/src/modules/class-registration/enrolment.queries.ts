import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type IdRef, idIs, inJsonList } from '../../db/rows';
import { companies, yearTerms } from '../../db/schema/companies';
import {
  classRegistrationRevisions,
  familyPlanPayments,
  familyPlanRevisions,
  familyTerms,
  registrationFees,
  waitlistEntries,
} from '../../db/schema/enrolment';
import { familyAccounts, students } from '../../db/schema/families';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions, discounts } from '../../db/schema/tuition';
import { keptCount } from '../../db/studio-counts';
import { registrationCounts } from '../../kernel/counting-registrations';

/** Bounds: far above a family's or a studio's size, low enough that one answer stays small. */
const FAMILY_REGISTRATIONS_LIMIT = 500;
const STUDENTS_LIMIT = 50;

export function familyStudents(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.familyId, familyId)))
    .orderBy(asc(students.dob), asc(students.id))
    .limit(STUDENTS_LIMIT);
}
export type StudentRow = Awaited<ReturnType<typeof familyStudents>>[number];

/** Every registration of the family's students in a term's classes, with what pricing needs of its class. */
export function familyRegistrations(db: Db, companyId: string, familyId: string, yearTermId: string) {
  return db
    .select({
      id: classRegistrations.id,
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      pr0: classRegistrations.pr0,
      prI: classRegistrations.prI,
      prF: classRegistrations.prF,
      nTh: classRegistrations.nTh,
      iStatus: classRegistrations.iStatus,
      status: classRegistrations.status,
      isDropped: classRegistrations.isDropped,
      droppedOn: classRegistrations.droppedOn,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
      counts: sql<boolean>`${registrationCounts}`,
      createdAt: classRegistrations.createdAt,
      className: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      price: classTuitions.price,
      applyDiscount: classTuitions.applyDiscount,
    })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        // The studio named for the dancers too: their (studio, family) index then leads, from the
        // family's few dancers to their registrations, not from every registration of the term's classes.
        eq(students.companyId, companyId),
        eq(students.familyId, familyId),
        eq(classes.yearTermId, yearTermId),
      ),
    )
    .orderBy(asc(classes.day), asc(classes.timeStart), asc(classRegistrations.id))
    .limit(FAMILY_REGISTRATIONS_LIMIT);
}
export type FamilyRegistrationRow = Awaited<ReturnType<typeof familyRegistrations>>[number];

/** The studio's discounts in application order (multi-class, then sibling, each by its order). */
export function studioDiscounts(db: Db, companyId: string) {
  return db
    .select()
    .from(discounts)
    .where(eq(discounts.companyId, companyId))
    .orderBy(asc(discounts.typeId), asc(discounts.sortOrder), asc(discounts.id))
    .limit(100);
}

/** The studio's money settings, time zone and name (a one-row read, for a batch). */
export function studioMoneyAndZoneRead(db: Db, companyId: string) {
  return db
    .select({ moneySettings: companies.moneySettings, timeZone: companies.timeZone, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
}

const familyTermIs = (companyId: string, familyId: string, yearTermId: string) =>
  and(
    eq(familyTerms.companyId, companyId),
    eq(familyTerms.familyId, familyId),
    eq(familyTerms.yearTermId, yearTermId),
  );

/** The family's enrolment in a term (its plan): at most one row, for a batch. */
export function familyTermRead(db: Db, companyId: string, familyId: string, yearTermId: string) {
  return db
    .select()
    .from(familyTerms)
    .where(familyTermIs(companyId, familyId, yearTermId))
    .limit(1);
}

/** The family's enrolment in a term (its plan), or null. */
export async function findFamilyTerm(db: Db, companyId: string, familyId: string, yearTermId: string) {
  const [row] = await familyTermRead(db, companyId, familyId, yearTermId);
  return row ?? null;
}

/**
 * The latest revision of the family's plan in a term (at most one row, for a batch beside
 * familyTermRead: it reaches the family's term by a subquery, not by its id).
 */
export function familyLatestRevisionRead(db: Db, companyId: string, familyId: string, yearTermId: string) {
  return db
    .select()
    .from(familyPlanRevisions)
    .where(ofFamilyTerm(db, companyId, familyId, yearTermId))
    .orderBy(desc(familyPlanRevisions.revision))
    .limit(1);
}

/** The id of the family's enrolment in a term, as a subquery (at most one: unique by family and term). */
export const familyTermId = (db: Db, companyId: string, familyId: string, yearTermId: string) =>
  db
    .select({ id: familyTerms.id })
    .from(familyTerms)
    .where(familyTermIs(companyId, familyId, yearTermId));

/**
 * The family's revisions in a term, reaching its term by a scalar subquery: the database looks the
 * family's term up once. As `in (select …)`, a plan estimating both tables at a row looked it up again
 * for each of the family's revisions, reading the family terms anew each time (decision 098).
 */
const ofFamilyTerm = (db: Db, companyId: string, familyId: string, yearTermId: string) =>
  and(
    eq(familyPlanRevisions.companyId, companyId),
    eq(familyPlanRevisions.familyTermId, familyTermId(db, companyId, familyId, yearTermId)),
  );

/** The id of the family's latest revision in a term, as a subquery. */
export const latestRevisionId = (db: Db, companyId: string, familyId: string, yearTermId: string) =>
  db
    .select({ id: familyPlanRevisions.id })
    .from(familyPlanRevisions)
    .where(ofFamilyTerm(db, companyId, familyId, yearTermId))
    .orderBy(desc(familyPlanRevisions.revision))
    .limit(1);

/**
 * What a revision of the family's plan starts from, in one round trip (a batch's reads): the family's
 * term, its dancers and registrations, and the latest revision with its prices and payments (reached by
 * a subquery, so that they need not wait for its id).
 */
export function reviseReads(db: Db, companyId: string, familyId: string, yearTermId: string) {
  const latest = latestRevisionId(db, companyId, familyId, yearTermId);
  return {
    familyTerm: familyTermRead(db, companyId, familyId, yearTermId),
    students: familyStudents(db, companyId, familyId),
    registrations: familyRegistrations(db, companyId, familyId, yearTermId),
    previous: familyLatestRevisionRead(db, companyId, familyId, yearTermId),
    previousPrices: revisionPrices(db, companyId, latest),
    previousPayments: revisionPayments(db, companyId, latest),
  };
}

export async function insertFamilyTerm(
  db: Db,
  values: {
    companyId: string;
    familyId: string;
    yearTermId: string;
    planId: string;
    chosenBy: string | null;
  },
) {
  const [row] = await db.insert(familyTerms).values(values).returning();
  return row!;
}

export function revisionsOf(db: Db, companyId: string, familyTermId: string) {
  return db
    .select()
    .from(familyPlanRevisions)
    .where(
      and(eq(familyPlanRevisions.companyId, companyId), eq(familyPlanRevisions.familyTermId, familyTermId)),
    )
    .orderBy(desc(familyPlanRevisions.revision))
    .limit(500);
}

export function revisionPayments(db: Db, companyId: string, revision: IdRef) {
  return db
    .select()
    .from(familyPlanPayments)
    .where(and(eq(familyPlanPayments.companyId, companyId), idIs(familyPlanPayments.revisionId, revision)))
    .orderBy(asc(familyPlanPayments.sortOrder))
    .limit(500);
}
export type PlanPaymentRow = typeof familyPlanPayments.$inferSelect;

/** The registrations a revision priced, with the weekday of their class (what the plan's rule reads). */
export function revisionPrices(db: Db, companyId: string, revision: IdRef) {
  return db
    .select({
      registrationId: classRegistrationRevisions.registrationId,
      pr0: classRegistrationRevisions.pr0,
      prI: classRegistrationRevisions.prI,
      prF: classRegistrationRevisions.prF,
      nTh: classRegistrationRevisions.nTh,
      iStatus: classRegistrationRevisions.iStatus,
      lines: classRegistrationRevisions.lines,
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      day: classes.day,
    })
    .from(classRegistrationRevisions)
    .innerJoin(classRegistrations, eq(classRegistrations.id, classRegistrationRevisions.registrationId))
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .where(
      and(
        eq(classRegistrationRevisions.companyId, companyId),
        idIs(classRegistrationRevisions.revisionId, revision),
      ),
    )
    .limit(FAMILY_REGISTRATIONS_LIMIT);
}

/** The registration's current prices follow the latest revision (what the schedule and lists show). */
export async function setRegistrationPrices(
  db: Db,
  companyId: string,
  prices: { id: string; pr0: number; prI: number; prF: number; nTh: number }[],
): Promise<void> {
  if (prices.length === 0) return;
  const values = sql.join(
    prices.map((p) => sql`(${p.id}::uuid, ${p.pr0}::int, ${p.prI}::int, ${p.prF}::int, ${p.nTh}::smallint)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${classRegistrations} as r
    set pr_0 = v.pr0, pr_i = v.pri, pr_f = v.prf, n_th = v.nth, updated_at = now()
    from (values ${values}) as v(id, pr0, pri, prf, nth)
    where r.id = v.id and r.company_id = ${companyId}
  `);
}

/** The registration fee charged for a family's term: at most one row, for a batch. */
export function feeRead(db: Db, companyId: string, familyTerm: IdRef) {
  return db
    .select()
    .from(registrationFees)
    .where(and(eq(registrationFees.companyId, companyId), idIs(registrationFees.familyTermId, familyTerm)))
    .limit(1);
}

/**
 * The classes a submission may give a place in, locked in id order (so two submissions never wait on
 * each other in a cycle), for a batch with the family's reads after the family's lock (decision 084):
 * the classes asked to join (`classIds`) and those of the registrations asked back (`registrationIds`),
 * each a JSON list, of the studio; each class and registration found by its key. The places are counted
 * by the next statement (lockedClassesRead), whose snapshot is taken after the lock.
 */
export function classesLockRead(db: Db, companyId: string, classIds: string, registrationIds: string) {
  const asked = sql`array(
    select value::uuid from jsonb_array_elements_text(${classIds}::jsonb)
    union
    select (select ${classRegistrations.classId} from ${classRegistrations}
      where ${classRegistrations.id} = j.value::uuid and ${classRegistrations.companyId} = ${companyId})
    from jsonb_array_elements_text(${registrationIds}::jsonb) as j)`;
  return db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), sql`${classes.id} = any(${asked})`))
    .orderBy(asc(classes.id))
    .for('update');
}

/**
 * The classes a submission gains a dancer in (locked by classesLockRead), each with its places taken,
 * counted under the lock: registrations that count, pending ones included, and the waitlist's offers.
 */
export function lockedClassesRead(db: Db, companyId: string, yearTermId: string, ids: readonly string[]) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      yearTermId: classes.yearTermId,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      nMax: classes.nMax,
      isOpen: classes.isOpen,
      ageMin: classes.ageMin,
      ageMax: classes.ageMax,
      price: classTuitions.price,
      applyDiscount: classTuitions.applyDiscount,
      // Registrations that count, and waitlist offers, which hold a place until taken or ended.
      taken: sql<number>`(
        select count(*) from ${classRegistrations}
        where ${classRegistrations.companyId} = ${companyId}
          and ${classRegistrations.classId} = ${classes.id}
          and ${registrationCounts}
      ) + (
        select count(*) from ${waitlistEntries}
        where ${waitlistEntries.classId} = ${classes.id} and ${waitlistEntries.status} = 'offered'
      )`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(
      and(
        eq(classes.companyId, companyId),
        eq(classes.yearTermId, yearTermId),
        inJsonList(classes.id, JSON.stringify(ids)),
      ),
    );
}
export type LockedClass = Awaited<ReturnType<typeof lockedClassesRead>>[number];

/** Registrations of the studio by id, in one query (unknown and other studios' ids are absent). */
export function findRegistrations(db: Db, companyId: string, ids: string[]) {
  return db
    .select({
      id: classRegistrations.id,
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      familyId: students.familyId,
      familyName: familyAccounts.lastName,
      yearTermId: classes.yearTermId,
      className: classes.name,
      studentFirstName: students.firstName,
      status: classRegistrations.status,
      iStatus: classRegistrations.iStatus,
      isDropped: classRegistrations.isDropped,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
    })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
    .where(and(eq(classRegistrations.companyId, companyId), inArray(classRegistrations.id, ids)))
    .orderBy(asc(classRegistrations.id))
    .limit(ids.length);
}
export type RegistrationRef = Awaited<ReturnType<typeof findRegistrations>>[number];

/**
 * Locks the family of one of the studio's registrations (NO KEY UPDATE, as every writer of a family),
 * found in the same statement: the owner's drop or restore of one registration (decision 084). No row
 * for another studio's or an unknown id. A read for a batch whose other reads do not depend on the lock
 * (decision 099).
 */
export function familyOfRegistrationLock(db: Db, companyId: string, registrationId: string) {
  const familyOf = db
    .select({ id: students.familyId })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.id, registrationId)));
  return db
    .select({ id: familyAccounts.id })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), idIs(familyAccounts.id, familyOf)))
    .for('no key update');
}

/**
 * The studio's family locked, as a read for a batch: its id, none for another studio's. Every writer of a
 * family takes its row so (NO KEY UPDATE: see the ledger's `lockFamilyRow`).
 */
export function familyLock(db: Db, companyId: string, familyId: string) {
  return db
    .select({ id: familyAccounts.id })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)))
    .for('no key update');
}

export async function markDropped(db: Db, companyId: string, id: string, droppedOn: string) {
  await db
    .update(classRegistrations)
    .set({
      isDropped: true,
      iStatus: -1,
      droppedOn,
      dateF: sql`greatest(${classRegistrations.dateI}, (${droppedOn}::date - 1))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.id, id)));
}

export async function setApproval(db: Db, companyId: string, ids: string[], status: 0 | 1 | -1) {
  if (ids.length === 0) return;
  await db
    .update(classRegistrations)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(classRegistrations.companyId, companyId), inArray(classRegistrations.id, ids)));
}

/**
 * The studio's registrations waiting for approval in a term: the rule the list and its count share (the
 * condition, written with constants so that class_registrations_pending_idx serves it in any plan, and
 * the term's classes), on a query of `class_registrations` of the caller's columns. Their count is kept
 * by the database with the same rule (`pendingCountRead`, decision 109).
 */
function waitingIn<T extends PgSelect>(query: T, companyId: string, yearTermId: string) {
  return query
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(classes.yearTermId, yearTermId),
        sql`${classRegistrations.status} = 0`,
        registrationCounts,
      ),
    );
}

/**
 * How many registrations wait for approval in the studio's current term (no row without one): the
 * database's kept count (decision 109: the same rule as `waitingIn`, kept by migration 0044's triggers),
 * read with the term in one statement, a few rows whatever the studio's size. The statement, not awaited.
 */
export function pendingCountRead(db: Db, companyId: string) {
  return db
    .select({ n: keptCount(companyId, 'pending', sql`${yearTerms.id}::text`) })
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)))
    .limit(1);
}

/** How many registrations wait for approval in the studio's current term (0 without one). */
export async function countPending(db: Db, companyId: string): Promise<number> {
  const [row] = await pendingCountRead(db, companyId);
  return row?.n ?? 0;
}

/** The studio's registrations waiting for approval in a term, oldest first. */
export function listPending(db: Db, companyId: string, yearTermId: string) {
  const query = db
    .select({
      id: classRegistrations.id,
      familyId: students.familyId,
      familyName: familyAccounts.lastName,
      firstName: students.firstName,
      lastName: students.lastName,
      classId: classes.id,
      className: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      prF: classRegistrations.prF,
      dateI: classRegistrations.dateI,
      createdAt: classRegistrations.createdAt,
    })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
    .$dynamic();
  return waitingIn(query, companyId, yearTermId)
    .orderBy(asc(classRegistrations.createdAt), asc(classRegistrations.id))
    .limit(500);
}
