import {
  FAMILY_LOG_ACTIONS,
  messages,
  termsAcceptanceMessages,
  termsDocumentMessages,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPerson, joinFamily } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { type Caller, caller, MALFORMED_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { termsAcceptances } from '../../db/schema/families';
import { auditLog } from '../../db/schema/security';
import { ACCOUNT, ok } from './accounts.fixture';

const TERMS = '/api/parents/account/terms';

const { t, s } = useTwoStudios();
let familyA = '';
let familyB = '';
let parentA: Caller;
let parentB: Caller;
/** Studio A's documents as the owner lists them: [rules, waiver]. */
let docs: { id: string; title: string; version: number }[] = [];

/** A family of studio A with a parent who signs in, and no terms accepted yet. */
async function familyWithParent(email: string) {
  const db = t.database.db;
  await createPerson(db, { email, companyId: s.companyA, role: 'user' });
  const family = await createFamily(db, s.companyA);
  await joinFamily(db, { companyId: s.companyA, familyId: family.id, email });
  return { id: family.id, parent: caller(t, (await signIn(t, email, 'Parent123')).token) };
}

beforeAll(async () => {
  ({ id: familyA, parent: parentA } = await familyWithParent('ana@terms.example'));
  ({ id: familyB, parent: parentB } = await familyWithParent('bea@terms.example'));
  docs = await ok(s.a.get('/api/mystudio/documents'));
});

const acceptancesOf = (familyId: string) =>
  t.database.db.select().from(termsAcceptances).where(eq(termsAcceptances.familyId, familyId));
const logOf = (familyId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'family'),
        eq(auditLog.targetId, familyId),
        eq(auditLog.action, FAMILY_LOG_ACTIONS.termsAccepted),
      ),
    );
const termsOf = async (parent: Caller) => (await ok(parent.get('/api/parents/account/'))).trmCond;

describe('GET api/parents/account/terms', () => {
  it("gives the studio's documents to read, each in the version in force", async () => {
    const read = await ok(parentA.get(TERMS));
    expect(read).toEqual(
      docs.map((d) => ({ id: d.id, title: d.title, version: d.version, content: expect.any(String) })),
    );
    expect(read[0].content.length).toBeGreaterThan(20);
  });

  it('refuses an owner (403) and a visitor (401)', async () => {
    expect((await s.a.get(TERMS)).status).toBe(403);
    expect((await caller(t).get(TERMS)).status).toBe(401);
  });
});

describe('POST api/parents/account/terms', () => {
  it('records the acceptance of the version in force for the parent’s own family, with who and when, and logs it', async () => {
    const [rules] = docs;
    expect((await termsOf(parentA))[0]).toMatchObject({ id: rules!.id, accepted: false });

    const res = await parentA.post(TERMS, { coTermID: rules!.id, version: rules!.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1]).toEqual({ msg: termsAcceptanceMessages.accepted(rules!.title, rules!.version) });

    const rows = await acceptancesOf(familyA);
    expect(rows).toEqual([
      expect.objectContaining({
        companyId: s.companyA,
        documentId: rules!.id,
        version: rules!.version,
        accepted: true,
        userId: expect.any(String),
        createdAt: expect.any(Date),
      }),
    ]);
    expect((await logOf(familyA)).map((e) => e.detail)).toEqual([
      { documentId: rules!.id, title: rules!.title, version: rules!.version },
    ]);
    // The parent's portal and the owner's overview both show it accepted, by the parent.
    expect((await termsOf(parentA))[0]).toMatchObject({
      accepted: true,
      acceptedVersion: rules!.version,
      acceptedBy: 'Pat Parent',
      outdated: false,
    });
    expect((await ok(s.a.get(`${ACCOUNT}/${familyA}/toc`)))[0]).toMatchObject({
      accepted: true,
      acceptedVersion: rules!.version,
      acceptedBy: 'Pat Parent',
    });
    // The family's log, as the owner reads it.
    const log = await ok(s.a.get(`${ACCOUNT}/${familyA}/logs`));
    expect(JSON.stringify(log)).toContain(`Terms accepted: ${rules!.title}, version ${rules!.version}`);
    // Family B is untouched.
    expect(await acceptancesOf(familyB)).toEqual([]);
  });

  it('accepting the same version again changes nothing', async () => {
    const [rules] = docs;
    const res = await parentA.post(TERMS, { coTermID: rules!.id, version: rules!.version });
    expect(res.body).toEqual([
      true,
      { msg: termsAcceptanceMessages.alreadyAccepted(rules!.title, rules!.version) },
    ]);
    expect(await acceptancesOf(familyA)).toHaveLength(1);
    expect(await logOf(familyA)).toHaveLength(1);
  });

  it('refuses a version that is no longer in force (409), then takes the new one', async () => {
    const [rules] = docs;
    await ok(
      s.a.put(`/api/mystudio/documents/${rules!.id}`, {
        title: rules!.title,
        content: 'Classes start on time. Version two.',
      }),
    );
    expect((await termsOf(parentA))[0]).toMatchObject({ accepted: true, outdated: true, version: 2 });

    const stale = await parentA.post(TERMS, { coTermID: rules!.id, version: 1 });
    expect(stale).toMatchObject({ status: 409, body: [false, termsAcceptanceMessages.changed] });
    expect(await acceptancesOf(familyA)).toHaveLength(1);
    const ahead = await parentA.post(TERMS, { coTermID: rules!.id, version: 3 });
    expect(ahead.status).toBe(409);

    expect((await ok(parentA.get(TERMS)))[0]).toMatchObject({
      version: 2,
      content: 'Classes start on time. Version two.',
    });
    expect((await parentA.post(TERMS, { coTermID: rules!.id, version: 2 })).status).toBe(200);
    expect((await termsOf(parentA))[0]).toMatchObject({
      accepted: true,
      acceptedVersion: 2,
      outdated: false,
    });
    expect((await ok(s.a.get(`${ACCOUNT}/${familyA}/toc`)))[0]).toMatchObject({
      acceptedVersion: 2,
      outdated: false,
    });
  });

  it('records parent B’s acceptance on family B only: no call can name another family', async () => {
    const [, waiver] = docs;
    const before = await acceptancesOf(familyA);
    // A family id in the body is no part of the call: the session's family is the only one reached.
    const named = await parentB.post(TERMS, { coTermID: waiver!.id, version: waiver!.version, aID: familyA });
    expect(named.status).toBe(200);
    expect(await acceptancesOf(familyA)).toEqual(before);
    expect((await acceptancesOf(familyB)).map((r) => r.documentId)).toEqual([waiver!.id]);
    expect((await termsOf(parentA))[1]).toMatchObject({ accepted: false });
  });

  it('refuses another studio’s document (404), bad input (400), an owner (403) and a visitor (401), changing nothing', async () => {
    const [docB] = await ok(s.b.get('/api/mystudio/documents'));
    const [rules] = docs;
    const before = await acceptancesOf(familyA);
    expect(await parentA.post(TERMS, { coTermID: docB.id, version: docB.version })).toMatchObject({
      status: 404,
      body: [false, termsDocumentMessages.notFound],
    });
    for (const body of [
      { coTermID: MALFORMED_ID, version: 1 },
      { coTermID: rules!.id },
      { coTermID: rules!.id, version: 0 },
      { version: 1 },
    ]) {
      expect((await parentA.post(TERMS, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await s.a.post(TERMS, { coTermID: rules!.id, version: 2 })).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
    expect((await caller(t).post(TERMS, { coTermID: rules!.id, version: 2 })).status).toBe(401);
    expect(await acceptancesOf(familyA)).toEqual(before);
  });
});
