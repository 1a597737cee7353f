import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { registerInClass } from '../../../test/factories';
import { lastMailTo, linkTokenIn, parentRegistration, signIn } from '../../../test/flows';
import { caller, type twoStudios } from '../../../test/studios';
import { familyAccounts, students } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { studentOrder } from './account.queries';

/** The account tests' shared setting: families made as the owner and parents make them. */

export const ACCOUNT = '/api/mystudio/account';
export type Studios = Awaited<ReturnType<typeof twoStudios>>;
export type Owner = Studios['a'];

// biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
export async function ok(res: Promise<{ status: number; body: any }>): Promise<any> {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body[1];
}

type Person = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  role?: string | number;
  email?: string;
};

/** The front desk's form: one user (no e-mail unless given), one student, an address. */
export function deskBody(
  opts: { user?: Person; contacts?: Person[]; students?: Record<string, unknown>[] } = {},
) {
  return {
    user: { firstName: 'Olga', lastName: 'Ivanova', phone: '9735550160', role: 'Mother', ...opts.user },
    contacts: opts.contacts ?? [],
    students: opts.students ?? [{ firstName: 'Nina', lastName: 'Ivanova', dob: '2017-05-20', gender: 'F' }],
    acctInfo: { address: '3 Valley Rd', city: 'Montclair', state: 'NJ', zipcode: '07042' },
    aboutUS: { option: 'Google', notes: 'Walked by' },
  };
}

/** A family made at the front desk by `owner`; answers its id. */
export async function deskFamily(owner: Owner, opts: Parameters<typeof deskBody>[0] = {}): Promise<string> {
  return (await ok(owner.post(ACCOUNT, deskBody(opts)))).id;
}

/** A family a parent registers through the studio's link (two students, one contact); answers its id. */
export async function registeredFamily(t: TestApp, companyId: string, email: string): Promise<string> {
  const anonymous = caller(t);
  const terms = (await anonymous.get(`/api/registration/parent/company/${companyId}`)).body[1].terms;
  await ok(anonymous.post(`/api/registration/parent/${companyId}`, parentRegistration(email, terms)));
  const [row] = await t.database.db
    .select({ familyId: memberships.familyId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.companyId, companyId)));
  return row!.familyId!;
}

/** The registered parent, after following the mailed link, signed in. */
export async function verifiedParent(t: TestApp, email: string) {
  const token = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/nt/');
  await ok(caller(t).put(`/api/registration/verify/email/${token}`));
  const session = await signIn(t, email, 'Parent123');
  return caller(t, session.token);
}

/** The students of a family, in the order they were entered. */
export async function studentsOf(t: TestApp, familyId: string) {
  const rows = await t.database.db
    .select()
    .from(students)
    .where(eq(students.familyId, familyId))
    .orderBy(...studentOrder);
  return rows;
}

/** Registers the family's first student (or the one named) in a class. */
export async function enrolFamily(
  t: TestApp,
  companyId: string,
  familyId: string,
  classId: string,
  opts: Omit<Parameters<typeof registerInClass>[1], 'companyId' | 'classId' | 'studentId'> & {
    studentId?: string;
  } = {},
) {
  const studentId = opts.studentId ?? (await studentsOf(t, familyId))[0]!.id;
  return registerInClass(t.database.db, { ...opts, companyId, classId, studentId });
}

export const familyRow = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(familyAccounts).where(eq(familyAccounts.id, id)))[0] ?? null;
