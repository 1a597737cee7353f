import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { createPerson } from '../../../test/factories';
import { registerStudio, signIn } from '../../../test/flows';
import { auditLog } from '../../db/schema/security';

type Body = Record<string, unknown> | unknown[];

/** Calls the API with one person's token. */
export function caller(t: TestApp, token: string) {
  const headers = { 'x-access-token': token };
  return {
    get: (url: string) => t.call({ method: 'GET', url, headers }),
    post: (url: string, payload: Body = {}) => t.call({ method: 'POST', url, headers, payload }),
    put: (url: string, payload?: Body) =>
      t.call({ method: 'PUT', url, headers, ...(payload === undefined ? {} : { payload }) }),
    delete: (url: string) => t.call({ method: 'DELETE', url, headers }),
  };
}
export type Caller = ReturnType<typeof caller>;

/** Studios A and B with their owners, and a parent of studio A: what scoping and role tests need. */
export async function studiosAandB(t: TestApp) {
  const a = await registerStudio(t, 'owner@studio-a.example');
  const b = await registerStudio(t, 'owner@studio-b.example', {
    studioInfo: {
      name: 'Second Position Ballet',
      address: '9 Elm St',
      city: 'Trenton',
      state: 'NJ',
      zipcode: '08608',
      phone: '6095550100',
      email: 'hello@second.example',
    },
  });
  await createPerson(t.database.db, { email: 'parent@studio-a.example', companyId: a.cID, role: 'user' });
  return {
    companyA: a.cID,
    companyB: b.cID,
    a: caller(t, (await signIn(t, 'owner@studio-a.example')).token),
    b: caller(t, (await signIn(t, 'owner@studio-b.example')).token),
    parent: caller(t, (await signIn(t, 'parent@studio-a.example', 'Parent123')).token),
    anonymous: {
      get: (url: string) => t.call({ method: 'GET', url }),
    },
  };
}

/** How many audit entries a studio has for an action. */
export async function auditCount(t: TestApp, companyId: string, action: string) {
  const rows = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
  return rows.length;
}

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const MALFORMED_ID = 'not-an-id';
