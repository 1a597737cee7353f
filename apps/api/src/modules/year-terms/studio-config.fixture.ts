import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../../test/build-test-app';
import { createPerson } from '../../../test/factories';
import { registerStudio, signIn } from '../../../test/flows';
import { auditLog } from '../../db/schema/security';

type Method = NonNullable<InjectOptions['method']>;

/** Calls the API with one person's token. */
export function as(t: TestApp, token: string) {
  return (method: Method, url: string, payload?: unknown) =>
    t.call({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}
export type Caller = ReturnType<typeof as>;

/**
 * Two studios, A and B, each with its owner and its first year term (2026-2027, current), and a parent of
 * studio A: what every studio-configuration test needs to show scoping and roles.
 */
export async function twoStudiosAndAParent(t: TestApp) {
  const a = await registerStudio(t, 'owner@studio-a.example');
  const b = await registerStudio(t, 'owner@studio-b.example');
  const ownerA = as(t, (await signIn(t, 'owner@studio-a.example')).token);
  const ownerB = as(t, (await signIn(t, 'owner@studio-b.example')).token);
  await createPerson(t.database.db, { email: 'parent@studio-a.example', companyId: a.cID, role: 'user' });
  const parent = as(t, (await signIn(t, 'parent@studio-a.example', 'Parent123')).token);
  const [termA] = (await ownerA('GET', '/api/mystudio/yearTerms')).body[1];
  const [termB] = (await ownerB('GET', '/api/mystudio/yearTerms')).body[1];
  return { ownerA, ownerB, parent, companyA: a.cID, companyB: b.cID, termA, termB };
}

/** The audit entries of a studio for one action. */
export function audited(t: TestApp, companyId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
