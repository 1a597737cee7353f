import { windows } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { type Caller, caller } from '../../../test/studios';
import {
  classRegistrationRevisions,
  familyPlanRevisions,
  familyTerms,
  registrationFees,
} from '../../db/schema/enrolment';
import { familyAccounts, students, termsAcceptances } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { classRegistrations } from '../../db/schema/schedule';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { hashSecret, newToken } from '../../lib/secrets';

/**
 * Families of a studio, each with a parent signed in, written in a handful of statements: the login
 * hashes a password with argon2 (a second or so each), which two hundred racing families cannot
 * afford. The session rows are what the login writes (a token kept only as its SHA-256 hash, the
 * membership naming the family), so the server reads these parents exactly as signed-in ones.
 */

export type QuickFamily = { id: string; name: string; parent: Caller; userId: string; students: string[] };
export type FamilySpec = { name: string; dancers: { firstName: string; dob?: string }[] };

// Not argon2's format: no password signs in as these parents, only their minted token.
const NO_PASSWORD = '!minted-session-only';

export async function quickFamilies(
  t: TestApp,
  companyId: string,
  specs: FamilySpec[],
): Promise<QuickFamily[]> {
  if (specs.length === 0) return [];
  const db = t.database.db;
  const tag = newToken().slice(0, 8).toLowerCase();
  const people = await db
    .insert(users)
    .values(
      specs.map((f, i) => ({
        email: `parent-${tag}-${i}@families.example`,
        passwordHash: NO_PASSWORD,
        firstName: 'Pat',
        lastName: f.name,
        phone: '9735550199',
        emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
      })),
    )
    .returning({ id: users.id });
  const families = await db
    .insert(familyAccounts)
    .values(
      specs.map((f) => ({ companyId, lastName: f.name, phone: '9735550150', city: 'Newark', state: 'NJ' })),
    )
    .returning({ id: familyAccounts.id });
  const members = await db
    .insert(memberships)
    .values(
      specs.map((_, i) => ({
        companyId,
        userId: people[i]!.id,
        role: 'user' as const,
        familyId: families[i]!.id,
      })),
    )
    .returning({ id: memberships.id });
  const dancers = specs.flatMap((f, i) =>
    f.dancers.map((d) => ({
      companyId,
      familyId: families[i]!.id,
      firstName: d.firstName,
      lastName: f.name,
      dob: d.dob ?? '2015-03-01',
    })),
  );
  const studentRows =
    dancers.length > 0
      ? await db.insert(students).values(dancers).returning({ id: students.id, familyId: students.familyId })
      : [];
  const tokens = specs.map(() => newToken());
  const expiresAt = new Date(t.clock.now().getTime() + windows.sessionHours * 3600_000);
  await db.insert(sessions).values(
    specs.map((_, i) => ({
      tokenHash: hashSecret(tokens[i]!),
      userId: people[i]!.id,
      companyId,
      membershipId: members[i]!.id,
      expiresAt,
    })),
  );
  return specs.map((f, i) => ({
    id: families[i]!.id,
    name: f.name,
    parent: caller(t, tokens[i]),
    userId: people[i]!.id,
    // Insert order is the values' order (one statement, one RETURNING).
    students: studentRows.filter((s) => s.familyId === families[i]!.id).map((s) => s.id),
  }));
}

/** What a family has written of its enrolment in the database: every row a registration may leave. */
export async function enrolmentFootprint(t: TestApp, familyIds: string[]) {
  const db = t.database.db;
  if (familyIds.length === 0)
    return { registrations: 0, familyTerms: 0, revisions: 0, prices: 0, fees: 0, acceptances: 0 };
  const regs = await db
    .select({ id: classRegistrations.id })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(inArray(students.familyId, familyIds));
  const terms = await db
    .select({ id: familyTerms.id })
    .from(familyTerms)
    .where(inArray(familyTerms.familyId, familyIds));
  const termIds = terms.map((r) => r.id);
  const revisions = termIds.length
    ? await db
        .select({ id: familyPlanRevisions.id })
        .from(familyPlanRevisions)
        .where(inArray(familyPlanRevisions.familyTermId, termIds))
    : [];
  const prices = regs.length
    ? await db
        .select({ id: classRegistrationRevisions.id })
        .from(classRegistrationRevisions)
        .where(
          inArray(
            classRegistrationRevisions.registrationId,
            regs.map((r) => r.id),
          ),
        )
    : [];
  const fees = termIds.length
    ? await db
        .select({ id: registrationFees.id })
        .from(registrationFees)
        .where(inArray(registrationFees.familyTermId, termIds))
    : [];
  const acceptances = await db
    .select({ id: termsAcceptances.id })
    .from(termsAcceptances)
    .where(inArray(termsAcceptances.familyId, familyIds));
  return {
    registrations: regs.length,
    familyTerms: terms.length,
    revisions: revisions.length,
    prices: prices.length,
    fees: fees.length,
    acceptances: acceptances.length,
  };
}

/** The registrations of a class that hold a place (not dropped, removed or rejected), counted in the database. */
export async function seatsTaken(t: TestApp, classId: string) {
  const rows = await t.database.db
    .select({ status: classRegistrations.status, iStatus: classRegistrations.iStatus })
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, classId), eq(classRegistrations.isDropped, false)));
  return rows.filter((r) => r.status !== -1 && r.iStatus > 0).length;
}
