import type { FrontDeskFamily } from '@pirouette/domain';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { oneTimeTokens } from '../../db/schema/security';
import { nthCreatedAt } from '../../kernel/entry-order';

/** The writes that make and end a family; run them inside the service's transaction. */

export async function findStudioName(db: Db, companyId: string) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

export async function countFamilyStudents(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.familyId, familyId)));
  return row?.n ?? 0;
}

/**
 * Ends the studio's memberships that name the family: its parents no longer belong to the studio, and
 * their sessions there end with them (sessions.membership_id cascades); the studio's invitations to
 * them stop working.
 */
export async function deleteFamilyMemberships(db: Db, companyId: string, familyId: string) {
  const members = db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.familyId, familyId)));
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.purpose, 'invitation'),
        eq(oneTimeTokens.companyId, companyId),
        inArray(oneTimeTokens.userId, members),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db
    .delete(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.familyId, familyId)));
}

/** The family; its students (and their registrations), people and terms acceptances go with it (FK cascades). */
export async function deleteFamilyRow(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .delete(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)))
    .returning({ id: familyAccounts.id });
  return row ?? null;
}

export async function insertFrontDeskFamily(db: Db, companyId: string, input: FrontDeskFamily) {
  const [row] = await db
    .insert(familyAccounts)
    .values({
      companyId,
      lastName: input.user.lastName,
      email: input.user.email,
      phone: input.user.phone,
      address: input.acctInfo.address,
      address2: input.acctInfo.address2,
      city: input.acctInfo.city,
      state: input.acctInfo.state,
      zipcode: input.acctInfo.zipcode,
      aboutUsOption: input.aboutUS?.option ?? null,
      aboutUsNotes: input.aboutUS?.notes ?? '',
    })
    .returning({ id: familyAccounts.id });
  return row!.id;
}

type Adult = { firstName: string; lastName: string; phone: string; role: string };

/** Users without a sign-in and contacts of a family, in one insert. */
export async function insertFamilyPeople(
  db: Db,
  companyId: string,
  familyId: string,
  people: { kind: 'user' | 'contact'; person: Adult }[],
) {
  if (people.length === 0) return;
  await db.insert(familyPeople).values(
    people.map(({ kind, person }, i) => ({
      companyId,
      familyId,
      kind,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      role: person.role,
      createdAt: nthCreatedAt(i + 1),
    })),
  );
}

export async function insertFamilyStudents(
  db: Db,
  companyId: string,
  familyId: string,
  list: FrontDeskFamily['students'],
) {
  if (list.length === 0) return;
  await db
    .insert(students)
    .values(list.map((s, i) => ({ companyId, familyId, ...s, createdAt: nthCreatedAt(i) })));
}
