import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog } from '../src/db/schema/security';
import type { TestApp } from './build-test-app';
import { createPerson } from './factories';
import { registerStudio, signIn } from './flows';
import { onboard } from './merchants';

type Method = NonNullable<InjectOptions['method']>;
type Payload = Record<string, unknown> | unknown[];

/**
 * Calls the API as one signed-in person, or anonymously without a token. Either by method name,
 * `who.put(url, body)`, or with the method as an argument, `who('PUT', url, body)`. A POST without a body
 * sends `{}`; other calls without one send none.
 */
export function caller(t: TestApp, token?: string) {
  const headers = token ? { 'x-access-token': token } : {};
  const call = (method: Method, url: string, payload?: unknown) =>
    t.call({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const remove = (url: string) => call('DELETE', url);
  return Object.assign(call, {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: Payload = {}) => call('POST', url, payload),
    put: (url: string, payload?: Payload) => call('PUT', url, payload),
    delete: remove,
    /** `delete` by the short name the location, teacher and document tests use. */
    del: remove,
  });
}
export type Caller = ReturnType<typeof caller>;

/** Studio B's own details, so that a test can tell the two studios apart by name and address. */
const STUDIO_B = {
  name: 'Second Position Ballet',
  address: '9 Elm St',
  city: 'Trenton',
  state: 'NJ',
  zipcode: '08608',
  phone: '6095550100',
  email: 'hello@second.example',
};

/**
 * What the two studios are made of, as plain data: saved beside a template database (test/studios-base.ts)
 * so that every copy can call as the same people.
 */
export type StudiosSeed = {
  companyA: string;
  companyB: string;
  tokenA: string;
  tokenB: string;
  parentToken: string;
  userA: string;
  userB: string;
  termA: YearTerm;
  termB: YearTerm;
};
// biome-ignore lint/suspicious/noExplicitAny: the year term as the API answers it, read in many shapes
type YearTerm = any;

/**
 * Makes studios A and B through the API, each with its owner signed in and its first year term
 * (current), and a signed-in parent of studio A.
 */
export async function seedTwoStudios(t: TestApp): Promise<StudiosSeed> {
  const a = await registerStudio(t, 'owner@studio-a.example');
  const b = await registerStudio(t, 'owner@studio-b.example', { studioInfo: STUDIO_B });
  await createPerson(t.database.db, { email: 'parent@studio-a.example', companyId: a.cID, role: 'user' });
  const [sessionA, sessionB, parentSession] = await Promise.all([
    signIn(t, 'owner@studio-a.example'),
    signIn(t, 'owner@studio-b.example'),
    signIn(t, 'parent@studio-a.example', 'Parent123'),
  ]);
  // Each studio paid into its own merchant, approved by the sandbox at once (decision 049).
  await onboard(caller(t, sessionA.token), 'Studio A Dance LLC');
  await onboard(caller(t, sessionB.token), 'Studio B Dance LLC');
  const userId = (session: typeof sessionA) => (session.user as unknown as { id: string }).id;
  const [termA] = (await caller(t, sessionA.token).get('/api/mystudio/yearTerms')).body[1];
  const [termB] = (await caller(t, sessionB.token).get('/api/mystudio/yearTerms')).body[1];
  return {
    companyA: a.cID,
    companyB: b.cID,
    tokenA: sessionA.token,
    tokenB: sessionB.token,
    parentToken: parentSession.token,
    userA: userId(sessionA),
    userB: userId(sessionB),
    termA,
    termB,
  };
}

/** The callers of the two studios' people, on the app `t` whose database holds them. */
export function studiosOf(t: TestApp, seed: StudiosSeed) {
  const owner = (companyId: string, token: string, userId: string) =>
    Object.assign(caller(t, token), { companyId, userId });
  const ownerA = owner(seed.companyA, seed.tokenA, seed.userA);
  const ownerB = owner(seed.companyB, seed.tokenB, seed.userB);
  return {
    a: ownerA,
    b: ownerB,
    /** `a` and `b` by the names the year-term, tuition and payment-system tests use. */
    ownerA,
    ownerB,
    companyA: seed.companyA,
    companyB: seed.companyB,
    termA: seed.termA,
    termB: seed.termB,
    parent: caller(t, seed.parentToken),
    anonymous: caller(t),
  };
}
export type Studios = ReturnType<typeof studiosOf>;

/**
 * Studios A and B, each with its owner signed in and its first year term (current), and a signed-in parent
 * of studio A: what every studio configuration test needs to prove the roles, and that one studio never
 * reaches the other's data. Made here through the API; useTwoStudios (test/studios-base.ts) starts a test
 * file from a copy of a database that already holds them.
 */
export async function twoStudios(t: TestApp): Promise<Studios> {
  return studiosOf(t, await seedTwoStudios(t));
}

/** The audit entries of a studio for one action. */
export function audited(t: TestApp, companyId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
}

/** How many audit entries a studio has for an action. */
export async function auditCount(t: TestApp, companyId: string, action: string) {
  return (await audited(t, companyId, action)).length;
}

/** How many audit entries name this action and this target. */
export async function targetAuditCount(t: TestApp, action: string, targetId: string) {
  const rows = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  return rows.length;
}

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const MALFORMED_ID = 'not-an-id';
