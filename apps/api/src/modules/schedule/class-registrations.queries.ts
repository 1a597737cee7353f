import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PendingWrite } from '../../db/one-statement';
import { classRegistrationRevisions } from '../../db/schema/enrolment';
import { classRegistrations, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';

/**
 * A student's registration in a class, with an activity row for each of the class's dance numbers
 * (all four flags on). The registration screens of a later issue write through this; tests do too.
 * Run it inside a transaction: it writes more than one row.
 */
export async function insertClassRegistration(
  db: Db,
  values: {
    companyId: string;
    classId: string;
    studentId: string;
    /** Cents. */
    pr0: number;
    prI?: number;
    prF?: number;
    nTh?: number;
    iStatus?: 1 | 2 | 10 | -1 | -2;
    status?: 0 | 1 | -1;
    dateI: string;
    dateF: string;
    isDropped?: boolean;
    /** Who registered (a parent or the owner). */
    createdBy?: string | null;
  },
): Promise<{ id: string; activityIds: string[] }> {
  const [row] = await db
    .insert(classRegistrations)
    .values({
      companyId: values.companyId,
      classId: values.classId,
      studentId: values.studentId,
      pr0: values.pr0,
      prI: values.prI ?? values.pr0,
      prF: values.prF ?? values.prI ?? values.pr0,
      nTh: values.nTh ?? 0,
      iStatus: values.iStatus ?? 10,
      status: values.status ?? 0,
      dateI: values.dateI,
      dateF: values.dateF,
      isDropped: values.isDropped ?? false,
      createdBy: values.createdBy ?? null,
    })
    .returning({ id: classRegistrations.id });
  const numbers = await db
    .select({ id: danceNumbers.id })
    .from(danceNumbers)
    .where(and(eq(danceNumbers.companyId, values.companyId), eq(danceNumbers.classId, values.classId)));
  const activity =
    numbers.length === 0
      ? []
      : await db
          .insert(danceNumberActivity)
          .values(
            numbers.map((n) => ({
              companyId: values.companyId,
              danceNumberId: n.id,
              classRegistrationId: row!.id,
            })),
          )
          .returning({ id: danceNumberActivity.id });
  return { id: row!.id, activityIds: activity.map((a) => a.id) };
}

/** A new registration with its id given (as classRegistrations takes it). */
export type NewRegistration = typeof classRegistrations.$inferInsert & { id: string; companyId: string };

/**
 * New registrations (ids given) and an activity row for each of their classes' dance numbers, as writes
 * built and not sent, for the caller's one statement (a class change, decision 084): the activity rows
 * name the registrations by the ids given, since a write of the same statement cannot read them.
 */
export function registrationInserts(db: Db, rows: readonly NewRegistration[]): PendingWrite[] {
  if (rows.length === 0) return [];
  const list = JSON.stringify(rows.map((r) => ({ id: r.id, class_id: r.classId })));
  return [
    db.insert(classRegistrations).values([...rows]),
    sql`insert into ${danceNumberActivity} (company_id, dance_number_id, class_registration_id)
      select n.company_id, n.id, v.id
      from jsonb_to_recordset(${list}::jsonb) as v(id uuid, class_id uuid)
      join ${danceNumbers} n on n.class_id = v.class_id and n.company_id = ${rows[0]!.companyId}`,
  ];
}

/**
 * Many registrations at once (an import, decision 056), each with its id given, and an activity row for
 * each of its class's dance numbers: two statements per 500 registrations, whatever their classes.
 * Run it inside a transaction.
 */
export async function insertClassRegistrations(
  db: Db,
  rows: (typeof classRegistrations.$inferInsert & { id: string; companyId: string })[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.insert(classRegistrations).values(chunk);
    const ids = sql.join(
      chunk.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`
      insert into ${danceNumberActivity} (company_id, dance_number_id, class_registration_id)
      select r.company_id, n.id, r.id
      from ${classRegistrations} r
      join ${danceNumbers} n on n.class_id = r.class_id and n.company_id = r.company_id
      where r.company_id = ${chunk[0]!.companyId} and r.id in (${ids})`);
  }
}

/**
 * Whether a family's plan has priced a registration of the class (issue 15): those registrations are
 * part of the family's tuition history, which deleting the class would take with it.
 */
export async function classBilled(db: Db, companyId: string, classId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: classRegistrationRevisions.id })
    .from(classRegistrationRevisions)
    .innerJoin(classRegistrations, eq(classRegistrations.id, classRegistrationRevisions.registrationId))
    .where(and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.classId, classId)))
    .limit(1);
  return !!row;
}
