import type { ContactInfo, FamilyLogAction } from '@pirouette/domain';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { privateRegistrations } from '../../db/schema/privates';
import { classRegistrations } from '../../db/schema/schedule';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { auditInsertFrom } from '../../lib/audit';
import { retireInvitations } from '../registration';

type Scope = { companyId: string; familyId: string };

/** A record of the family (and studio) by its id: a student, or one of its users and contacts. */
const ofFamily = (table: typeof students | typeof familyPeople, scope: Scope, id?: string) =>
  and(
    eq(table.companyId, scope.companyId),
    eq(table.familyId, scope.familyId),
    id === undefined ? undefined : eq(table.id, id),
  );

export type StudentValues = {
  firstName: string;
  lastName: string;
  phone: string;
  dob: string;
  gender: string;
  /** What the studio's teachers are shown (issue 36): the owner's to set; absent, unchanged. */
  allergies?: string;
  teacherNote?: string;
};

export type PersonValues = { firstName: string; lastName: string; phone: string; role: string };

export async function studioName(db: Db, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** The family of a student, user or contact of the studio, or null. */
export async function familyOfPerson(
  db: Db,
  companyId: string,
  type: 'student' | 'user' | 'contact',
  id: string,
): Promise<string | null> {
  const [row] =
    type === 'student'
      ? await db
          .select({ familyId: students.familyId })
          .from(students)
          .where(and(eq(students.companyId, companyId), eq(students.id, id)))
      : await db
          .select({ familyId: familyPeople.familyId })
          .from(familyPeople)
          .where(
            and(eq(familyPeople.companyId, companyId), eq(familyPeople.kind, type), eq(familyPeople.id, id)),
          );
  return row?.familyId ?? null;
}

/**
 * A student of the family (and studio), or null. `lock` holds the row to the end of the transaction:
 * a registration naming the student waits for it, and one made just before is counted afterwards.
 */
export async function findStudent(db: Db, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(students)
    .where(ofFamily(students, scope, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertStudent(db: Db, scope: Scope, values: StudentValues) {
  const [row] = await db
    .insert(students)
    .values({ ...scope, ...values })
    .returning({ id: students.id });
  return row!;
}

export async function updateStudent(db: Db, scope: Scope, id: string, values: StudentValues) {
  await db
    .update(students)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ofFamily(students, scope, id));
}

export async function deleteStudent(db: Db, scope: Scope, id: string) {
  await db.delete(students).where(ofFamily(students, scope, id));
}

/** The class and private registrations that name a student, whatever their state: one query. */
export async function studentRegistrations(db: Db, companyId: string, studentId: string) {
  const classCount = db
    .select({ n: count() })
    .from(classRegistrations)
    .where(and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.studentId, studentId)));
  const privateCount = db
    .select({ n: count() })
    .from(privateRegistrations)
    .where(and(eq(privateRegistrations.companyId, companyId), eq(privateRegistrations.studentId, studentId)));
  const [row] = await db
    .select({
      classes: sql<number>`(${classCount})`.mapWith(Number),
      privates: sql<number>`(${privateCount})`.mapWith(Number),
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.id, studentId)));
  return { classes: row?.classes ?? 0, privates: row?.privates ?? 0 };
}

/** A user or contact of the family (and studio), with the address they sign in with (users only), or null. */
export async function findPerson(db: Db, scope: Scope, kind: 'user' | 'contact', id: string) {
  const [row] = await db
    .select({
      id: familyPeople.id,
      userId: familyPeople.userId,
      firstName: familyPeople.firstName,
      lastName: familyPeople.lastName,
      phone: familyPeople.phone,
      role: familyPeople.role,
      email: users.email,
    })
    .from(familyPeople)
    .leftJoin(users, eq(users.id, familyPeople.userId))
    .where(and(ofFamily(familyPeople, scope, id), eq(familyPeople.kind, kind)));
  return row ?? null;
}

export async function insertPerson(db: Db, scope: Scope, kind: 'user' | 'contact', values: PersonValues) {
  const [row] = await db
    .insert(familyPeople)
    .values({ ...scope, kind, ...values })
    .returning({ id: familyPeople.id });
  return row!;
}

export async function updatePerson(
  db: Db,
  scope: Scope,
  id: string,
  values: PersonValues & { userId?: string },
) {
  await db
    .update(familyPeople)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ofFamily(familyPeople, scope, id));
}

export async function deletePerson(db: Db, scope: Scope, id: string) {
  await db.delete(familyPeople).where(ofFamily(familyPeople, scope, id));
}

/** How many users, or contacts, the family has. */
export async function countPeople(db: Db, scope: Scope, kind: 'user' | 'contact'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(familyPeople)
    .where(and(ofFamily(familyPeople, scope), eq(familyPeople.kind, kind)));
  return row?.n ?? 0;
}

export async function countStudents(db: Db, scope: Scope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(students).where(ofFamily(students, scope));
  return row?.n ?? 0;
}

/**
 * Ends a person's place in the family at the studio: their sessions at the studio are revoked, the
 * studio's invitations to them stop working, then their membership there is deleted. Their account,
 * and what they are at other studios, stay.
 */
export async function removeFromStudio(db: Db, scope: Scope, userId: string, now: Date) {
  await retireInvitations(db, { userId, companyId: scope.companyId }, now);
  // The membership's delete drops the sessions acting through it as well (the key cascades); revoking
  // them first leaves no doubt, whatever becomes of that key.
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), eq(sessions.companyId, scope.companyId), isNull(sessions.revokedAt)),
    );
  await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.companyId, scope.companyId),
        eq(memberships.userId, userId),
        eq(memberships.familyId, scope.familyId),
      ),
    );
}

/** The contact fields, in the order the family's log names those that changed. */
const CONTACT_FIELDS = ['address', 'address2', 'city', 'state', 'zipcode', 'phone', 'email'] as const;

/**
 * The family's contact information written with its log line, in one statement (decision 099): the
 * family's row locked and read as it was, updated from it, and the log line naming the fields whose text
 * changed (the domain's `changedFields`: each field's text before against its text after, compared by
 * the database) written beside it. One statement is one transaction, so the log never tells of a change
 * that did not happen; a contact edit is one round trip where it was five. Answers false, having
 * written nothing, when the studio has no such family.
 */
export async function writeFamilyContact(
  db: Db,
  scope: Scope,
  info: ContactInfo,
  log: { userId: string | null; action: FamilyLogAction },
): Promise<boolean> {
  const text = (field: (typeof CONTACT_FIELDS)[number]) => String(info[field] ?? '');
  const columns = CONTACT_FIELDS.map((field) => sql.identifier(familyAccounts[field].name));
  const changed = CONTACT_FIELDS.map(
    (field, i) => sql`case when before.${columns[i]} <> ${text(field)} then ${field}::text end`,
  );
  const found = await rowsOf<{ found: number }>(
    db,
    sql`with before as (
        select ${familyAccounts.id}, ${sql.join(columns, sql`, `)} from ${familyAccounts}
        where ${familyAccounts.companyId} = ${scope.companyId} and ${familyAccounts.id} = ${scope.familyId}
        for no key update
      ), written as (
        update ${familyAccounts} set ${sql.join(
          CONTACT_FIELDS.map((field, i) => sql`${columns[i]} = ${text(field)}`),
          sql`, `,
        )}, updated_at = now()
        from before where ${familyAccounts.id} = before.id
      ), logged as (${auditInsertFrom(
        {
          action: log.action,
          companyId: scope.companyId,
          userId: log.userId,
          targetType: 'family',
          targetId: scope.familyId,
          detail: sql`jsonb_build_object('changes', to_jsonb(array_remove(array[${sql.join(changed, sql`, `)}], null)))`,
        },
        'before',
      )})
      select count(*)::int as found from before`,
  );
  return (found[0]?.found ?? 0) > 0;
}
