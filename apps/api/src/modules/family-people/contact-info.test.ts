import { changedFields, FAMILY_LOG_ACTIONS, messages } from '@pirouette/domain';
import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts } from '../../db/schema/families';
import { auditLog } from '../../db/schema/security';
import { type Family, familyLog, familyRow, snapshot, twoFamilies } from './family-people.fixtures';
import { writeFamilyContact } from './family-people.queries';

const { t, s } = useTwoStudios();
let famA: Family;
let famB: Family;
beforeAll(async () => {
  ({ famA, famB } = await twoFamilies(t, s));
});

const OWNER = '/api/mystudio/account/contactInfo';
const PARENT = '/api/parents/account/contactInfo';

const info = (o: Record<string, unknown> = {}) => ({
  address: '27 Valley Rd',
  address2: '',
  city: 'Upper Montclair',
  state: 'nj',
  zipcode: '07043',
  phone: '(973) 555-0190',
  email: 'Home@Patel.example',
  ...o,
});

const FIELDS = ['address', 'city', 'state', 'zipcode', 'phone', 'email'] as const;

describe('PUT api/mystudio/account/contactInfo', () => {
  it("changes the family's address, phone and e-mail address, and logs which changed", async () => {
    const before = await familyRow(t, famA.id);
    const res = await s.a.put(OWNER, { id: famA.id, ...info() });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    const after = await familyRow(t, famA.id);
    expect(after).toMatchObject({
      address: '27 Valley Rd',
      address2: '',
      city: 'Upper Montclair',
      state: 'NJ',
      zipcode: '07043',
      phone: '9735550190',
      email: 'home@patel.example',
      lastName: before.lastName,
    });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.contactInfoUpdated)).at(-1)).toMatchObject({
      userId: s.a.userId,
      detail: { changes: ['address', 'address2', 'city', 'zipcode', 'phone', 'email'] },
    });
    // Family B is untouched.
    expect((await familyRow(t, famB.id)).address).toBe('15 Park Place');
  });

  it.each(FIELDS)("needs %s: 'insufficient data', and changes nothing", async (field) => {
    const before = await snapshot(t, famA.id);
    for (const value of [undefined, '', '  ']) {
      expect(await s.a.put(OWNER, { id: famA.id, ...info({ [field]: value }) })).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("needs the family's id: 'insufficient data', a malformed one 'Invalid id.'; an empty body 'insufficient data'", async () => {
    expect(await s.a.put(OWNER, info())).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await s.a.put(OWNER, { id: MALFORMED_ID, ...info() })).toMatchObject({
      status: 400,
      body: [false, 'Invalid id.'],
    });
    expect(await s.a.put(OWNER)).toMatchObject({ status: 400, body: [false, messages.insufficientData] });
  });

  it.each([
    ['phone', '555-0190', 'Please enter a 10-digit phone number'],
    ['email', 'home@', 'Please enter a valid e-mail address'],
    ['state', 'Jersey', 'Please choose a state'],
    ['zipcode', '7043', 'Please enter a 5-digit ZIP code'],
  ])('refuses a malformed %s with its own message', async (field, value, text) => {
    expect(await s.a.put(OWNER, { id: famA.id, ...info({ [field]: value }) })).toMatchObject({
      status: 400,
      body: [false, text],
    });
  });

  it("answers 404 for an unknown family or another studio's, and changes nothing", async () => {
    const before = await snapshot(t, famA.id);
    expect(await s.b.put(OWNER, { id: famA.id, ...info({ city: 'Trenton' }) })).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
    expect(await s.a.put(OWNER, { id: UNKNOWN_ID, ...info() })).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("refuses a parent's token (403)", async () => {
    const before = await snapshot(t, famA.id);
    expect(await famA.parent.put(OWNER, { id: famA.id, ...info({ city: 'Nope' }) })).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });
});

describe('PUT api/parents/account/contactInfo', () => {
  it("changes the parent's own family, logged as the parent", async () => {
    const res = await famB.parent.put(PARENT, info({ address2: 'Unit 4', city: 'Bloomfield' }));
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await familyRow(t, famB.id)).toMatchObject({
      address2: 'Unit 4',
      city: 'Bloomfield',
      state: 'NJ',
    });
    expect((await familyLog(t, famB.id, FAMILY_LOG_ACTIONS.contactInfoUpdated)).at(-1)).toMatchObject({
      userId: famB.userId,
      detail: { changes: ['address', 'address2', 'city', 'zipcode', 'phone', 'email'] },
    });
  });

  it('logs no field when nothing changed', async () => {
    expect((await famB.parent.put(PARENT, info({ address2: 'Unit 4', city: 'Bloomfield' }))).status).toBe(
      200,
    );
    expect((await familyLog(t, famB.id, FAMILY_LOG_ACTIONS.contactInfoUpdated)).at(-1)?.detail).toEqual({
      changes: [],
    });
  });

  it("ignores a family id in the body: family B's parent changes family B only", async () => {
    const a = await snapshot(t, famA.id);
    const res = await famB.parent.put(PARENT, { id: famA.id, ...info({ city: 'Clifton' }) });
    expect(res.status).toBe(200);
    expect((await familyRow(t, famB.id)).city).toBe('Clifton');
    expect(await snapshot(t, famA.id)).toEqual(a);
  });

  it.each(FIELDS)("needs %s: 'insufficient data', and changes nothing", async (field) => {
    const before = await snapshot(t, famB.id);
    expect(await famB.parent.put(PARENT, info({ [field]: undefined }))).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await snapshot(t, famB.id)).toEqual(before);
  });

  it("refuses an owner's token (403)", async () => {
    expect(await s.a.put(PARENT, info())).toMatchObject({ status: 403, body: [false, messages.forbidden] });
  });
});

describe("a contact edit's log line, worked out by the database (decision 099)", () => {
  const CONTACT = ['address', 'address2', 'city', 'state', 'zipcode', 'phone', 'email'] as const;
  // Texts that compare alike or not in tricky ways: empty, spaces, case, quotes, accents, backslashes.
  const text = fc.constantFrom('', ' ', 'a', 'A', "O'Brien", 'é', 'e\u0301', '\\', '07043', '07043 ');
  const contact = fc.record(
    Object.fromEntries(CONTACT.map((f) => [f, text])) as Record<(typeof CONTACT)[number], typeof text>,
  );

  it("names exactly the fields the domain's changedFields names, in its order", async () => {
    const db = t.database.db;
    const scope = { companyId: s.companyA, familyId: famA.id };
    await fc.assert(
      fc.asyncProperty(contact, contact, async (before, after) => {
        await db.update(familyAccounts).set(before).where(eq(familyAccounts.id, famA.id));
        const written = await writeFamilyContact(db, scope, after, {
          userId: null,
          action: FAMILY_LOG_ACTIONS.contactInfoUpdated,
        });
        expect(written).toBe(true);
        const [line] = await db
          .select({ detail: auditLog.detail })
          .from(auditLog)
          .where(
            and(eq(auditLog.targetId, famA.id), eq(auditLog.action, FAMILY_LOG_ACTIONS.contactInfoUpdated)),
          )
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(1);
        expect(line?.detail).toEqual({ changes: changedFields(before, after) });
        expect(await familyRow(t, famA.id)).toMatchObject(after);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a contact edit in one round trip (decision 099)', () => {
  it('sends one statement, the lock, the write and the log line in it, for the owner and the parent', async () => {
    // The sessions in the server's cache, as for every request of a signed-in evening but the first.
    expect((await s.a.put(OWNER, { id: famA.id, ...info() })).status).toBe(200);
    expect((await famB.parent.put(PARENT, info())).status).toBe(200);
    const owner = await countQueries(t, () =>
      s.a.put(OWNER, { id: famA.id, ...info({ address2: 'Apt 2' }) }),
    );
    expect(owner.result.status).toBe(200);
    expect(owner.count).toBe(1);
    const parent = await countQueries(t, () => famB.parent.put(PARENT, info({ address2: 'Unit 3' })));
    expect(parent.result.status).toBe(200);
    expect(parent.count).toBe(1);
  });
});
