import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog } from '../src/db/schema/security';
import type { TestApp } from './build-test-app';
import { createPerson } from './factories';
import { registerStudio, signIn } from './flows';

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
 * Studios A and B, each with its owner signed in and its first year term (current), and a signed-in parent
 * of studio A: what every studio configuration test needs to prove the roles, and that one studio never
 * reaches the other's data.
 */
export async function twoStudios(t: TestApp) {
  const a = await registerStudio(t, 'owner@studio-a.example');
  const b = await registerStudio(t, 'owner@studio-b.example', { studioInfo: STUDIO_B });
  await createPerson(t.database.db, { email: 'parent@studio-a.example', companyId: a.cID, role: 'user' });
  const [sessionA, sessionB, parentSession] = await Promise.all([
    signIn(t, 'owner@studio-a.example'),
    signIn(t, 'owner@studio-b.example'),
    signIn(t, 'parent@studio-a.example', 'Parent123'),
  ]);
  const owner = (companyId: string, session: typeof sessionA) =>
    Object.assign(caller(t, session.token), {
      companyId,
      userId: (session.user as unknown as { id: string }).id,
    });
  const ownerA = owner(a.cID, sessionA);
  const ownerB = owner(b.cID, sessionB);
  const [termA] = (await ownerA.get('/api/mystudio/yearTerms')).body[1];
  const [termB] = (await ownerB.get('/api/mystudio/yearTerms')).body[1];
  return {
    a: ownerA,
    b: ownerB,
    /** `a` and `b` by the names the year-term, tuition and payment-system tests use. */
    ownerA,
    ownerB,
    companyA: a.cID,
    companyB: b.cID,
    termA,
    termB,
    parent: caller(t, parentSession.token),
    anonymous: caller(t),
  };
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
