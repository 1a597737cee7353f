import type { FamilyLogAction } from '@pirouette/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';
import {
  classRegistrationRevisions,
  familyPlanPayments,
  familyPlanRevisions,
  familyTerms,
  registrationFees,
} from '../../db/schema/enrolment';
import { students } from '../../db/schema/families';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { classTuitions } from '../../db/schema/tuition';
import { registrationCounts } from '../../kernel/counting-registrations';

/**
 * The reads of an import's enrolments (decision 056): each one statement for all the import's
 * families, dancers and classes (ids given by the batch), never one per row.
 */

/** The classes by id, with what pricing needs and the places taken (registrations that count). */
export function classesByIds(db: Db, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: classes.id,
      name: classes.name,
      yearTermId: classes.yearTermId,
      day: classes.day,
      nMax: classes.nMax,
      price: classTuitions.price,
      applyDiscount: classTuitions.applyDiscount,
      taken: sql<number>`(
        select count(*) from ${classRegistrations}
        where ${classRegistrations.companyId} = ${companyId}
          and ${classRegistrations.classId} = ${classes.id}
          and ${registrationCounts}
      )`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(and(eq(classes.companyId, companyId), inArray(classes.id, [...ids])));
}
export type ImportClass = Awaited<ReturnType<typeof classesByIds>>[number];

/** Every dancer of the families (the sibling discount counts them all), oldest first as pricing reads them. */
export function studentsOfFamilies(db: Db, companyId: string, familyIds: readonly string[]) {
  if (familyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), inArray(students.familyId, [...familyIds])))
    .orderBy(asc(students.dob), asc(students.id));
}

/** The registrations of the dancers in the terms' classes, with what pricing needs of their class. */
export function registrationsOfStudents(
  db: Db,
  companyId: string,
  studentIds: readonly string[],
  termIds: readonly string[],
) {
  if (studentIds.length === 0 || termIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: classRegistrations.id,
      studentId: classRegistrations.studentId,
      classId: classRegistrations.classId,
      yearTermId: classes.yearTermId,
      status: classRegistrations.status,
      counts: sql<boolean>`${registrationCounts}`,
      className: classes.name,
      day: classes.day,
      price: classTuitions.price,
      applyDiscount: classTuitions.applyDiscount,
    })
    .from(classRegistrations)
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        inArray(classRegistrations.studentId, [...studentIds]),
        inArray(classes.yearTermId, [...termIds]),
      ),
    );
}

/** The families' enrolments (plans) in the terms. */
export function familyTermsOf(
  db: Db,
  companyId: string,
  familyIds: readonly string[],
  termIds: readonly string[],
) {
  if (familyIds.length === 0 || termIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: familyTerms.id, familyId: familyTerms.familyId, yearTermId: familyTerms.yearTermId })
    .from(familyTerms)
    .where(
      and(
        eq(familyTerms.companyId, companyId),
        inArray(familyTerms.familyId, [...familyIds]),
        inArray(familyTerms.yearTermId, [...termIds]),
      ),
    );
}

/** The terms by id: their name and dates. */
export function termsByIds(db: Db, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: yearTerms.id,
      name: yearTerms.name,
      dateStart: yearTerms.dateStart,
      dateEnd: yearTerms.dateEnd,
    })
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), inArray(yearTerms.id, [...ids])));
}

/** A family's first plan for a term, as rows (import-enrolments.ts computes them in memory). */
export type FreshPlanRows = {
  familyTerm: typeof familyTerms.$inferInsert & { id: string };
  revision: typeof familyPlanRevisions.$inferInsert & { id: string };
  payments: (typeof familyPlanPayments.$inferInsert)[];
  prices: (typeof classRegistrationRevisions.$inferInsert)[];
  fee: typeof registrationFees.$inferInsert;
  /** Registrations the family had already, whose prices follow the new revision. */
  keptPrices: { id: string; pr0: number; prI: number; prF: number; nTh: number }[];
  logs: { familyId: string; action: FamilyLogAction; detail: Record<string, unknown> }[];
};

/** Rows at a time in one INSERT, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

const JSON_CHUNK = 2000;

async function insertChunks<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = CHUNK,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

type PaymentRow = typeof familyPlanPayments.$inferInsert;
const paymentJson = (p: PaymentRow) => ({
  company_id: p.companyId,
  revision_id: p.revisionId,
  option_id: p.optionId,
  kind: p.kind,
  name: p.name,
  date_start: p.dateStart,
  date_end: p.dateEnd,
  date_due: p.dateDue,
  period: p.period,
  x_plan_final: p.xPlanFinal,
  val: p.val,
  is_relivent: p.isRelivent,
  lines: p.lines,
  changed: p.changed,
  sort_order: p.sortOrder,
});

type PriceRow = typeof classRegistrationRevisions.$inferInsert;
const priceJson = (p: PriceRow) => ({
  company_id: p.companyId,
  revision_id: p.revisionId,
  registration_id: p.registrationId,
  pr_0: p.pr0,
  pr_i: p.prI,
  pr_f: p.prF,
  n_th: p.nTh,
  i_status: p.iStatus,
  lines: p.lines,
});

/** Many families' first plans: a statement per table (per 500 rows), whatever the number of families. */
export async function insertFamilyTermsAndPlans(db: Db, plans: readonly FreshPlanRows[]): Promise<void> {
  if (plans.length === 0) return;
  await insertChunks(
    plans.map((p) => p.familyTerm),
    (rows) => db.insert(familyTerms).values(rows),
  );
  await insertChunks(
    plans.map((p) => p.revision),
    (rows) => db.insert(familyPlanRevisions).values(rows),
  );
  // The payments and prices, many rows with their working each: sent as one JSON document per 2,000
  // rows (binding thousands of parameters costs more than the database's reading of the JSON).
  await insertChunks(
    plans.flatMap((p) => p.payments),
    (rows) =>
      db.execute(sql`
        insert into ${familyPlanPayments} (company_id, revision_id, option_id, kind, name, date_start, date_end,
          date_due, period, x_plan_final, val, is_relivent, lines, changed, sort_order)
        select x.company_id, x.revision_id, x.option_id, x.kind, x.name, x.date_start, x.date_end, x.date_due,
          x.period, x.x_plan_final, x.val, x.is_relivent, x.lines, x.changed, x.sort_order
        from jsonb_to_recordset(${JSON.stringify(rows.map(paymentJson))}::jsonb) as x(company_id uuid,
          revision_id uuid, option_id uuid, kind text, name text, date_start date, date_end date, date_due date,
          period text, x_plan_final numeric, val int, is_relivent smallint, lines jsonb, changed smallint,
          sort_order int)`),
    JSON_CHUNK,
  );
  await insertChunks(
    plans.flatMap((p) => p.prices),
    (rows) =>
      db.execute(sql`
        insert into ${classRegistrationRevisions} (company_id, revision_id, registration_id, pr_0, pr_i, pr_f,
          n_th, i_status, lines)
        select x.company_id, x.revision_id, x.registration_id, x.pr_0, x.pr_i, x.pr_f, x.n_th, x.i_status, x.lines
        from jsonb_to_recordset(${JSON.stringify(rows.map(priceJson))}::jsonb) as x(company_id uuid,
          revision_id uuid, registration_id uuid, pr_0 int, pr_i int, pr_f int, n_th smallint, i_status smallint,
          lines jsonb)`),
    JSON_CHUNK,
  );
  await insertChunks(
    plans.map((p) => p.fee),
    (rows) => db.insert(registrationFees).values(rows),
  );
}
