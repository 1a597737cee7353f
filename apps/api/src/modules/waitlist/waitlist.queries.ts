import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { waitlistEntries } from '../../db/schema/enrolment';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { users } from '../../db/schema/users';
import { registrationCounts } from '../../kernel/counting-registrations';

/** Far above a class's list; low enough that one answer stays small. */
const LIST_LIMIT = 500;

export type EntryRow = typeof waitlistEntries.$inferSelect;

/** An entry with the names a list shows. */
function entriesWithNames(db: Db) {
  return db
    .select({
      entry: waitlistEntries,
      className: classes.name,
      yearTermId: classes.yearTermId,
      firstName: students.firstName,
      lastName: students.lastName,
      family: familyAccounts.lastName,
    })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .innerJoin(students, eq(students.id, waitlistEntries.studentId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, waitlistEntries.familyId));
}
export type NamedEntry = Awaited<ReturnType<ReturnType<typeof entriesWithNames>['limit']>>[number];

/** A class's entries: the open ones in order (offers first, then the waiting by position), then history. */
export function classEntries(db: Db, companyId: string, classId: string) {
  return entriesWithNames(db)
    .where(and(eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.classId, classId)))
    .orderBy(
      sql`case ${waitlistEntries.status} when 'offered' then 0 when 'waiting' then 1 else 2 end`,
      asc(waitlistEntries.position),
      asc(waitlistEntries.createdAt),
    )
    .limit(LIST_LIMIT);
}

/** A family's entries in a term's classes, newest first. */
export function familyEntries(db: Db, companyId: string, familyId: string, yearTermId: string) {
  return entriesWithNames(db)
    .where(
      and(
        eq(waitlistEntries.companyId, companyId),
        eq(waitlistEntries.familyId, familyId),
        eq(classes.yearTermId, yearTermId),
      ),
    )
    .orderBy(sql`${waitlistEntries.createdAt} desc`)
    .limit(LIST_LIMIT);
}

/** One entry of the studio, locked for the rest of the transaction. */
export async function lockEntry(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The class's row locked (the same lock a registration takes), with its places: nMax, the
 * registrations that count, and the offers that hold a place.
 */
export async function lockClassPlaces(db: Db, companyId: string, classId: string) {
  const [locked] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, classId)))
    .for('update');
  if (!locked) return null;
  // Qualified by hand: in a one-table select Drizzle writes the outer column bare, and inside the
  // subqueries a bare "id" would be the registration's own.
  const classId_ = sql.raw('"classes"."id"');
  const [row] = await db
    .select({
      id: classes.id,
      name: classes.name,
      nMax: classes.nMax,
      yearTermId: classes.yearTermId,
      registered: sql<number>`(
        select count(*) from ${classRegistrations}
        where ${classRegistrations.companyId} = ${companyId}
          and ${classRegistrations.classId} = ${classId_} and ${registrationCounts}
      )`.mapWith(Number),
      offered: sql<number>`(
        select count(*) from ${waitlistEntries}
        where ${waitlistEntries.classId} = ${classId_} and ${waitlistEntries.status} = 'offered'
      )`.mapWith(Number),
    })
    .from(classes)
    .where(eq(classes.id, classId));
  return row ?? null;
}

/** The first `n` dancers waiting for the class, by position. */
export function firstWaiting(db: Db, companyId: string, classId: string, n: number) {
  if (n <= 0) return Promise.resolve([] as EntryRow[]);
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.companyId, companyId),
        eq(waitlistEntries.classId, classId),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.createdAt))
    .limit(n);
}

export async function waitingIds(db: Db, companyId: string, classId: string) {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.companyId, companyId),
        eq(waitlistEntries.classId, classId),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .limit(LIST_LIMIT);
  return rows.map((r) => r.id);
}

export async function insertEntry(
  db: Db,
  values: { companyId: string; classId: string; studentId: string; familyId: string; createdBy: string },
) {
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      ...values,
      status: 'waiting',
      // Last in line: one more than the highest position the class has given.
      position: sql`(select coalesce(max(${waitlistEntries.position}), 0) + 1 from ${waitlistEntries}
        where ${waitlistEntries.classId} = ${values.classId})`,
    })
    .returning();
  return row!;
}

export async function setEntryStatus(
  db: Db,
  companyId: string,
  ids: string[],
  status: EntryRow['status'],
  offer?: { at: Date; until: Date },
) {
  if (ids.length === 0) return;
  await db
    .update(waitlistEntries)
    .set({
      status,
      ...(offer ? { offeredAt: offer.at, offerExpiresAt: offer.until } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(waitlistEntries.companyId, companyId), inArray(waitlistEntries.id, ids)));
}

/** New positions 1, 2, 3 … in the order given, in one statement. */
export async function setPositions(db: Db, companyId: string, ids: string[]) {
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${waitlistEntries} as w set position = v.pos, updated_at = now()
    from (values ${values}) as v(id, pos)
    where w.id = v.id and w.company_id = ${companyId}
  `);
}

/** Where an offer is mailed: the family's address, else its first user's; with the studio's name. */
export async function offerAddress(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({
      family: familyAccounts.email,
      firstUser: sql<string | null>`(
        select ${users.email} from ${familyPeople} join ${users} on ${users.id} = ${familyPeople.userId}
        where ${familyPeople.companyId} = ${familyAccounts.companyId} and ${familyPeople.familyId} = ${familyAccounts.id}
          and ${familyPeople.kind} = 'user'
        order by ${familyPeople.createdAt} limit 1
      )`,
      studioName: companies.name,
      timeZone: companies.timeZone,
    })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)))
    .limit(1);
  if (!row) return null;
  return { to: row.family || row.firstUser || '', studioName: row.studioName, timeZone: row.timeZone };
}

export async function studentOf(db: Db, companyId: string, studentId: string) {
  const [row] = await db
    .select({
      id: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.id, studentId)))
    .limit(1);
  return row ?? null;
}

export async function countingRegistrationOf(db: Db, companyId: string, classId: string, studentId: string) {
  const [row] = await db
    .select({ id: classRegistrations.id })
    .from(classRegistrations)
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(classRegistrations.classId, classId),
        eq(classRegistrations.studentId, studentId),
        registrationCounts,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function studioZone(db: Db, companyId: string): Promise<string> {
  const [row] = await db
    .select({ tz: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.tz ?? 'America/New_York';
}

/** The dancers waiting for some classes, in one query (a family's positions among everyone's). */
export function waitingOfClasses(db: Db, companyId: string, classIds: string[]) {
  if (classIds.length === 0) return Promise.resolve([] as NamedEntry[]);
  return entriesWithNames(db)
    .where(
      and(
        eq(waitlistEntries.companyId, companyId),
        inArray(waitlistEntries.classId, classIds),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .limit(LIST_LIMIT * 4);
}

/** A class of the studio, or null (another studio's class answers as an unknown one). */
export async function findStudioClass(db: Db, companyId: string, classId: string) {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, classId)))
    .limit(1);
  return row ?? null;
}

export async function findClassName(db: Db, classId: string): Promise<string | null> {
  const [row] = await db.select({ name: classes.name }).from(classes).where(eq(classes.id, classId)).limit(1);
  return row?.name ?? null;
}
