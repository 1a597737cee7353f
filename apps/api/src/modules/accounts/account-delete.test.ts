import { accountMessages, messages } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audited, type Caller, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, familyPeople, students, termsAcceptances } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { classRegistrations } from '../../db/schema/schedule';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { createClass, setUpStudio } from '../schedule/schedule.fixture';
import { FAMILY_DELETED } from './account-lifecycle.service';
import {
  ACCOUNT,
  deskFamily,
  enrolFamily,
  ok,
  registeredFamily,
  studentsOf,
  verifiedParent,
} from './accounts.fixture';

const { t, s } = useTwoStudios();
let classId = '';
beforeAll(async () => {
  classId = await createClass(await setUpStudio(s.a, s.termA));
});

const remove = (id: string, who: () => Caller = () => s.a, second = id) =>
  who().delete(`${ACCOUNT}/${id}/${second}`);

/** Everything a family holds, counted straight from its tables. */
async function footprint(familyId: string) {
  const db = t.database.db;
  const kids = await db.select({ id: students.id }).from(students).where(eq(students.familyId, familyId));
  const ids = kids.map((k) => k.id);
  const n = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    family: await n(db.select().from(familyAccounts).where(eq(familyAccounts.id, familyId))),
    students: kids.length,
    people: await n(db.select().from(familyPeople).where(eq(familyPeople.familyId, familyId))),
    acceptances: await n(db.select().from(termsAcceptances).where(eq(termsAcceptances.familyId, familyId))),
    registrations:
      ids.length === 0
        ? 0
        : await n(db.select().from(classRegistrations).where(inArray(classRegistrations.studentId, ids))),
    memberships: await n(db.select().from(memberships).where(eq(memberships.familyId, familyId))),
  };
}

describe('DELETE api/mystudio/account/{acctId}/{coAcctMemID}', () => {
  it("deletes the family and all it holds; its parent's sessions stop working, their person stays", async () => {
    const email = 'patel@parents.example';
    const id = await registeredFamily(t, s.companyA, email);
    const parent = await verifiedParent(t, email);
    await ok(parent.get('/api/parents/account/'));
    for (const student of await studentsOf(t, id)) {
      await enrolFamily(t, s.companyA, id, classId, { studentId: student.id });
    }
    expect(await footprint(id)).toEqual({
      family: 1,
      students: 2,
      people: 2,
      acceptances: 2,
      registrations: 2,
      memberships: 1,
    });
    const [person] = await t.database.db.select().from(users).where(eq(users.email, email));

    expect(await remove(id)).toMatchObject({ status: 200, body: [true, { msg: accountMessages.deleted }] });

    expect(await footprint(id)).toEqual({
      family: 0,
      students: 0,
      people: 0,
      acceptances: 0,
      registrations: 0,
      memberships: 0,
    });
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, person!.id));
    expect(left).toEqual([]);
    expect((await parent.get('/api/parents/account/')).status).toBe(401);
    // One person, one account: they may belong to other studios, so only their membership here ends.
    expect(await t.database.db.select().from(users).where(eq(users.id, person!.id))).toHaveLength(1);
    const [entry] = (await audited(t, s.companyA, FAMILY_DELETED)).filter((e) => e.targetId === id);
    expect(entry).toMatchObject({
      userId: s.a.userId,
      targetType: 'family',
      detail: { lastName: 'Patel', students: 2 },
    });
    expect((await ok(s.a.get(`${ACCOUNT}/list/active`))).items).toEqual([]);
    expect(await remove(id)).toMatchObject({ status: 404, body: [false, messages.accountNotFound] });
  });

  it("answers 404 for another studio's family or two different ids, and changes nothing", async () => {
    const id = await deskFamily(s.a);
    const other = await deskFamily(s.a, { user: { lastName: 'Other' } });
    const before = await footprint(id);
    expect(await remove(id, () => s.b)).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
    expect((await remove(id, () => s.a, other)).status).toBe(404);
    expect((await remove(UNKNOWN_ID)).status).toBe(404);
    expect((await remove('not-an-id')).status).toBe(400);
    expect(await footprint(id)).toEqual(before);
    expect(await footprint(other)).toMatchObject({ family: 1 });
    const entries = await audited(t, s.companyB, FAMILY_DELETED);
    expect(entries).toEqual([]);
  });

  it('refuses a parent (403) and no session (401)', async () => {
    const id = await deskFamily(s.a);
    expect((await remove(id, () => s.parent)).status).toBe(403);
    expect((await remove(id, () => s.anonymous)).status).toBe(401);
    expect((await footprint(id)).family).toBe(1);
  });

  it("leaves another family's parent signed in", async () => {
    const keep = await registeredFamily(t, s.companyA, 'keep@parents.example');
    const parent = await verifiedParent(t, 'keep@parents.example');
    const gone = await deskFamily(s.a);
    await ok(remove(gone));
    expect((await ok(parent.get('/api/parents/account/'))).acctInfo.id).toBe(keep);
    const [row] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, s.companyA), eq(memberships.familyId, keep)));
    expect(row).toBeDefined();
  });
});
