import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { lastMailTo, linkTokenIn, parentRegistration, signIn } from '../../../test/flows';
import { caller, type Studios, twoStudios } from '../../../test/studios';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { auditLog } from '../../db/schema/security';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';

/** What the family-people tests share: studios A and B, and families A and B of studio A, each with its parent signed in. */

/** A family registered at studio A through its link by `email`, verified, its parent signed in. */
export async function registeredFamily(t: TestApp, s: Studios, email: string, lastName: string) {
  const terms = (await s.anonymous.get(`/api/registration/parent/company/${s.companyA}`)).body[1].terms;
  const form = parentRegistration(email, terms);
  form.user.lastName = lastName;
  form.students = form.students.map((st) => ({ ...st, lastName }));
  const res = await s.anonymous.post(`/api/registration/parent/${s.companyA}`, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const token = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/nt/');
  expect((await s.anonymous.put(`/api/registration/verify/email/${token}`)).status).toBe(200);
  const session = await signIn(t, email, 'Parent123');
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [membership] = await db.select().from(memberships).where(eq(memberships.userId, user!.id));
  const familyId = membership!.familyId!;
  const people = await peopleOf(t, familyId);
  const kids = await studentsOf(t, familyId);
  return {
    id: familyId,
    email,
    userId: user!.id,
    parent: caller(t, session.token),
    /** The family_people row of the parent who registered. */
    selfId: people.find((p) => p.userId === user!.id)!.id,
    contactId: people.find((p) => p.kind === 'contact')!.id,
    studentIds: kids.map((k) => k.id),
  };
}
export type Family = Awaited<ReturnType<typeof registeredFamily>>;

/** Families A and B of studio A, each registered through the studio's link, its parent signed in. */
export async function twoFamilies(t: TestApp, s: Studios) {
  const famA = await registeredFamily(t, s, 'priya@family-a.example', 'Patel');
  const famB = await registeredFamily(t, s, 'bea@family-b.example', 'Brown');
  return { famA, famB };
}

/** The studios made through the API, and their two families (files on useTwoStudios call twoFamilies). */
export async function setUp(t: TestApp) {
  const s = await twoStudios(t);
  return { s, ...(await twoFamilies(t, s)) };
}

export function peopleOf(t: TestApp, familyId: string) {
  return t.database.db
    .select()
    .from(familyPeople)
    .where(eq(familyPeople.familyId, familyId))
    .orderBy(asc(familyPeople.createdAt), asc(familyPeople.id));
}

export function studentsOf(t: TestApp, familyId: string) {
  return t.database.db
    .select()
    .from(students)
    .where(eq(students.familyId, familyId))
    .orderBy(asc(students.createdAt), asc(students.id));
}

export async function familyRow(t: TestApp, familyId: string) {
  const [row] = await t.database.db.select().from(familyAccounts).where(eq(familyAccounts.id, familyId));
  return row!;
}

/** A family's log entries (audit rows whose target is the family), oldest first. */
export function familyLog(t: TestApp, familyId: string, action?: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'family'),
        eq(auditLog.targetId, familyId),
        action ? eq(auditLog.action, action) : undefined,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/**
 * Everything a change to a family could touch, to prove a refused one touched nothing: the family's
 * row, people, students, memberships and log, and every user, session and membership count.
 */
export async function snapshot(t: TestApp, familyId: string) {
  const db = t.database.db;
  return {
    family: await familyRow(t, familyId),
    people: await peopleOf(t, familyId),
    students: await studentsOf(t, familyId),
    memberships: await db.select().from(memberships).where(eq(memberships.familyId, familyId)),
    log: (await familyLog(t, familyId)).length,
    users: (await db.select({ id: users.id }).from(users)).length,
    allMemberships: (await db.select({ id: memberships.id }).from(memberships)).length,
    liveSessions: (await db.select({ r: sessions.revokedAt }).from(sessions)).filter((x) => !x.r).length,
  };
}

/** Follows the invitation mailed to `email`: sets the password, then signs in with it. */
export async function acceptInvitation(t: TestApp, email: string, password = 'Invited123') {
  const mail = await lastMailTo(t, email);
  const token = linkTokenIn(mail.text, '/verify/email/pass/');
  expect(token, mail.text).not.toBe('');
  const set = await t.call({
    method: 'PUT',
    url: '/api/registration/change/pass',
    payload: { token, password },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return signIn(t, email, password);
}
