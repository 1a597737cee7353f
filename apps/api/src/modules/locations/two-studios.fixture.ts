import { and, count, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { createPerson } from '../../../test/factories';
import { registerStudio, signIn } from '../../../test/flows';
import { auditLog } from '../../db/schema/security';

type Payload = Record<string, unknown> | unknown[] | undefined;

/** Calls of one signed-in person. */
function caller(t: TestApp, token: string) {
  const headers = { 'x-access-token': token };
  return {
    get: (url: string) => t.call({ method: 'GET', url, headers }),
    post: (url: string, payload?: Payload) => t.call({ method: 'POST', url, headers, payload }),
    put: (url: string, payload?: Payload) => t.call({ method: 'PUT', url, headers, payload }),
    del: (url: string) => t.call({ method: 'DELETE', url, headers }),
  };
}
export type Caller = ReturnType<typeof caller>;

/** The signed-in person's user id (the session's `user.id`). */
const userIdOf = (session: { user: object }) => (session.user as { id: string }).id;

/**
 * Two studios (A and B) with their owners signed in, and a parent of studio A: what every studio
 * configuration test needs to prove that one studio never reaches the other's data.
 */
export async function twoStudios(t: TestApp) {
  const a = await registerStudio(t, 'owner@studio-a.example');
  const b = await registerStudio(t, 'owner@studio-b.example');
  await createPerson(t.database.db, { email: 'parent@studio-a.example', companyId: a.cID, role: 'user' });
  const [ownerA, ownerB, parent] = await Promise.all([
    signIn(t, 'owner@studio-a.example'),
    signIn(t, 'owner@studio-b.example'),
    signIn(t, 'parent@studio-a.example', 'Parent123'),
  ]);
  return {
    a: { companyId: a.cID, userId: userIdOf(ownerA), ...caller(t, ownerA.token) },
    b: { companyId: b.cID, userId: userIdOf(ownerB), ...caller(t, ownerB.token) },
    parent: caller(t, parent.token),
    anonymous: {
      get: (url: string) => t.call({ method: 'GET', url }),
    },
  };
}

/** How many audit entries name this action and target. */
export async function auditCount(t: TestApp, action: string, targetId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  return row?.n ?? 0;
}

/** A well-formed id that no row has. */
export const UNKNOWN_ID = '0f0e0d0c-0b0a-4909-8807-060504030201';
