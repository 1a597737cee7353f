import type { DateOnly } from '@pirouette/domain';
import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classClosures, makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { companies, yearTerms } from '../../db/schema/companies';
import { students } from '../../db/schema/families';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { auditLog } from '../../db/schema/security';
import { users } from '../../db/schema/users';

/** The closures' reads and writes (decision 062): every one names the studio. */

/** The audit action of a closure saved; its detail keeps the families told. */
export const CLOSURE_CREATED = 'closure.create';

/**
 * Holds the studio's row until the transaction ends: two closures saved at once are checked in turn.
 * NO KEY UPDATE, not UPDATE: it conflicts with another closure's, but not with the KEY SHARE every
 * insert referencing the studio takes (marks, audit, outbox, ledger), so the studio's other writes go
 * on meanwhile and a roll saved at the same time cannot deadlock with it.
 */
export async function lockStudio(tx: Db, companyId: string): Promise<void> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}

/**
 * The make-ups booked into these meetings (class and date), locked as every make-up change takes
 * them: their credits first (in id order), then the bookings, still booked. Three statements.
 */
export async function lockBookedMakeups(
  tx: Db,
  companyId: string,
  meetings: readonly { classId: string; date: DateOnly }[],
) {
  if (meetings.length === 0) return [];
  const dates = meetings.map((m) => m.date).sort();
  const wanted = new Set(meetings.map((m) => `${m.classId}:${m.date}`));
  const inMeetings = and(
    eq(makeupBookings.companyId, companyId),
    eq(makeupBookings.state, 'booked'),
    inArray(makeupBookings.classId, [...new Set(meetings.map((m) => m.classId))]),
    gte(makeupBookings.meetingDate, dates[0]!),
    lte(makeupBookings.meetingDate, dates.at(-1)!),
  );
  const seen = (
    await tx
      .select({
        id: makeupBookings.id,
        creditId: makeupBookings.creditId,
        classId: makeupBookings.classId,
        date: makeupBookings.meetingDate,
      })
      .from(makeupBookings)
      .where(inMeetings)
  ).filter((b) => wanted.has(`${b.classId}:${b.date}`));
  if (seen.length === 0) return [];
  await tx
    .select({ id: makeupCredits.id })
    .from(makeupCredits)
    .where(
      and(
        eq(makeupCredits.companyId, companyId),
        inArray(
          makeupCredits.id,
          seen.map((b) => b.creditId),
        ),
      ),
    )
    .orderBy(makeupCredits.id)
    .for('update');
  const rows = await tx
    .select()
    .from(makeupBookings)
    .where(
      and(
        inMeetings,
        inArray(
          makeupBookings.id,
          seen.map((b) => b.id),
        ),
      ),
    )
    .orderBy(makeupBookings.creditId)
    .for('update');
  return rows.filter((b) => wanted.has(`${b.classId}:${b.meetingDate}`));
}

/** A class of the studio, or undefined. */
export async function findClass(db: Db, companyId: string, classId: string) {
  const [row] = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, classId)))
    .limit(1);
  return row;
}

/** The studio's classes whose term meets within [from, to]: what "every class" means then. */
export async function classIdsMeetingBetween(
  db: Db,
  companyId: string,
  from: DateOnly,
  to: DateOnly,
): Promise<string[]> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(yearTerms, eq(yearTerms.id, classes.yearTermId))
    .where(and(eq(classes.companyId, companyId), lte(yearTerms.dateStart, to), gte(yearTerms.dateEnd, from)));
  return rows.map((r) => r.id);
}

export async function insertClosure(
  tx: Db,
  values: {
    companyId: string;
    classId: string | null;
    dateFrom: DateOnly;
    dateTo: DateOnly;
    reason: string;
    givesMakeups: boolean;
    creditsTuition: boolean;
    by: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(classClosures)
    .values({
      companyId: values.companyId,
      classId: values.classId,
      dateFrom: values.dateFrom,
      dateTo: values.dateTo,
      reason: values.reason,
      givesMakeups: values.givesMakeups ? 'yes' : 'no',
      creditsTuition: values.creditsTuition ? 'yes' : 'no',
      createdBy: values.by,
    })
    .returning({ id: classClosures.id });
  return row!.id;
}

/** A closure of the studio (removed or not), or undefined. */
export async function findClosure(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: classClosures.id,
      classId: classClosures.classId,
      dateFrom: classClosures.dateFrom,
      dateTo: classClosures.dateTo,
      reason: classClosures.reason,
      creditsTuition: classClosures.creditsTuition,
      removedAt: classClosures.removedAt,
    })
    .from(classClosures)
    .where(and(eq(classClosures.companyId, companyId), eq(classClosures.id, id)))
    .limit(1);
  return row;
}

export async function markClosureRemoved(tx: Db, companyId: string, id: string, by: string) {
  await tx
    .update(classClosures)
    .set({ removedAt: sql`now()`, removedBy: by })
    .where(and(eq(classClosures.companyId, companyId), eq(classClosures.id, id)));
}

/** The closure's make-up credits still open become removed; how many. */
export async function removeOpenCredits(tx: Db, companyId: string, closureId: string, by: string) {
  const rows = await tx
    .update(makeupCredits)
    .set({ state: 'removed', settledAt: sql`now()`, settledBy: by, note: 'Closure removed' })
    .where(
      and(
        eq(makeupCredits.companyId, companyId),
        eq(makeupCredits.closureId, closureId),
        eq(makeupCredits.state, 'open'),
      ),
    )
    .returning({ id: makeupCredits.id });
  return rows.length;
}

/** The studio's closures (not removed) touching [from, to], with their class's name and their maker. */
export function listClosures(db: Db, companyId: string, from: DateOnly, to: DateOnly) {
  return db
    .select({
      id: classClosures.id,
      classId: classClosures.classId,
      className: classes.name,
      dateFrom: classClosures.dateFrom,
      dateTo: classClosures.dateTo,
      reason: classClosures.reason,
      givesMakeups: classClosures.givesMakeups,
      creditsTuition: classClosures.creditsTuition,
      createdAt: classClosures.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(classClosures)
    .leftJoin(classes, eq(classes.id, classClosures.classId))
    .leftJoin(users, eq(users.id, classClosures.createdBy))
    .where(
      and(
        eq(classClosures.companyId, companyId),
        isNull(classClosures.removedAt),
        lte(classClosures.dateFrom, to),
        gte(classClosures.dateTo, from),
      ),
    )
    .orderBy(desc(classClosures.dateFrom), desc(classClosures.createdAt));
}

/** The mail key of a closure's notice to a family: written once, whatever happens. */
export const closureMailKey = (closureId: string, familyId: string) => `closure:${closureId}:${familyId}`;
/** The ledger key of the charge that takes back a removed closure's tuition credit: posted once. */
export const withdrawnKey = (closureId: string, familyId: string) =>
  `closure:${closureId}:${familyId}:withdrawn`;
/** The mail key of the notice that a closure's classes are back on. */
export const liftedMailKey = (closureId: string, familyId: string) =>
  `closure:${closureId}:${familyId}:lifted`;

/**
 * How many families each closure told, as its save's audit entry keeps it (`closure.create`, detail
 * `told`): the outbox's sent mail is purged after a while, the audit log is not. One statement.
 */
export async function familiesTold(
  db: Db,
  companyId: string,
  closureIds: readonly string[],
): Promise<Map<string, number>> {
  if (closureIds.length === 0) return new Map();
  const rows = await db
    .select({ closureId: auditLog.targetId, n: sql<number>`coalesce((${auditLog.detail}->>'told')::int, 0)` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, companyId),
        eq(auditLog.action, CLOSURE_CREATED),
        eq(auditLog.targetType, 'closure'),
        inArray(auditLog.targetId, [...closureIds]),
      ),
    );
  return new Map(rows.map((r) => [r.closureId ?? '', Number(r.n)]));
}

/**
 * The families of every dancer ever registered in these classes (any state: a credit a closure gave
 * outlives the registration it priced), in id order. One statement.
 */
export async function familiesOfClasses(db: Db, companyId: string, classIds: readonly string[]) {
  if (classIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: students.familyId })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(
      and(eq(classRegistrations.companyId, companyId), inArray(classRegistrations.classId, [...classIds])),
    )
    .orderBy(students.familyId);
  return rows.map((r) => r.id);
}

/**
 * Some dancers' registrations in some classes that a roster counts (not removed, not rejected: the
 * kernel's `classRosters` rule, decision 060), each with its final monthly price (`prF`, cents) and
 * the days it covers, so `expectedOn` says which one a meeting expected. One statement.
 */
export async function registrationPrices(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  studentIds: readonly string[],
): Promise<RegistrationPrice[]> {
  if (classIds.length === 0 || studentIds.length === 0) return [];
  return db
    .select({
      id: classRegistrations.id,
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      prF: classRegistrations.prF,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
      droppedOn: sql<DateOnly | null>`case when ${classRegistrations.isDropped} then ${classRegistrations.droppedOn} end`,
    })
    .from(classRegistrations)
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        inArray(classRegistrations.classId, [...classIds]),
        inArray(classRegistrations.studentId, [...studentIds]),
        sql`${classRegistrations.iStatus} > 0 and ${classRegistrations.status} <> -1`,
      ),
    )
    .orderBy(classRegistrations.id);
}
export type RegistrationPrice = {
  id: string;
  classId: string;
  studentId: string;
  prF: number;
  dateI: DateOnly;
  dateF: DateOnly;
  droppedOn: DateOnly | null;
};
