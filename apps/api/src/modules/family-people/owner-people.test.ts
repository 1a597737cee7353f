import { accountMessages, FAMILY_LOG_ACTIONS, familyMessages, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createPerson, registerInClass } from '../../../test/factories';
import { lastMailTo, signIn } from '../../../test/flows';
import { countQueries, statementShape } from '../../../test/query-count';
import { createdPrivate, insertClass, scheduleRecords } from '../../../test/schedule-records';
import { caller, MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { memberships } from '../../db/schema/memberships';
import { privateRegistrations } from '../../db/schema/privates';
import { users } from '../../db/schema/users';
import { deskFamily } from '../accounts/accounts.fixture';
import { INVITED_PASSWORD_HASH } from '../families/invitation';
import {
  acceptInvitation,
  type Family,
  familyLog,
  familyRow,
  peopleOf,
  registeredFamily,
  setUp,
  snapshot,
  studentsOf,
} from './family-people.fixtures';

let t: TestApp;
let s: Awaited<ReturnType<typeof setUp>>['s'];
let famA: Family;
let famB: Family;
beforeAll(async () => {
  t = await buildTestApp();
  ({ s, famA, famB } = await setUp(t));
});
afterAll(async () => {
  await t.close();
});

const ADD = '/api/mystudio/account/user';
const EDIT = '/api/mystudio/account/user/';
const del = (type: string, id: string, familyId: string) =>
  `/api/mystudio/account/user/${type}/${id}/${familyId}`;

const student = (o: Record<string, unknown> = {}) => ({
  firstName: 'Lila',
  lastName: 'Patel',
  dob: '2019-05-01',
  gender: 'F',
  ...o,
});
const adult = (o: Record<string, unknown> = {}) => ({
  firstName: 'Nani',
  lastName: 'Patel',
  phone: '(973) 555-0140',
  role: 'Grandparent',
  ...o,
});
const addBody = (uType: string, nUser: unknown, familyId = famA.id, extra: Record<string, unknown> = {}) => ({
  uType,
  nUser,
  aID: familyId,
  ...extra,
});

async function added(uType: string, nUser: unknown, familyId = famA.id) {
  const res = await s.a.post(ADD, addBody(uType, nUser, familyId));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body[1].msg).toBe(messages.insertSuccessful);
  return res.body[1].id as string;
}

describe('POST api/mystudio/account/user', () => {
  it('adds a student to the family, logged', async () => {
    const id = await added('student', student({ phone: '9735550141' }));
    const row = (await studentsOf(t, famA.id)).find((k) => k.id === id);
    expect(row).toMatchObject({
      companyId: s.companyA,
      firstName: 'Lila',
      lastName: 'Patel',
      dob: '2019-05-01',
      gender: 'F',
      phone: '9735550141',
    });
    const log = await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personAdded);
    expect(log.at(-1)).toMatchObject({
      companyId: s.companyA,
      userId: s.a.userId,
      detail: { type: 'student', name: 'Lila Patel' },
    });
  });

  it('adds a contact, its role given by id, and keeps no e-mail or login for it', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const id = await added('contact', adult({ role: 5, email: 'nani@example.com' }));
    const row = (await peopleOf(t, famA.id)).find((p) => p.id === id);
    expect(row).toMatchObject({ kind: 'contact', userId: null, role: 'Grandparent', phone: '9735550140' });
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('adds a user without an e-mail address: a person of the family who does not sign in', async () => {
    const id = await added('user', adult({ firstName: 'Arun', role: 'Father' }));
    const row = (await peopleOf(t, famA.id)).find((p) => p.id === id);
    expect(row).toMatchObject({ kind: 'user', userId: null, firstName: 'Arun', role: 'Father' });
    expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personAdded)).at(-1)?.detail).toEqual({
      type: 'user',
      name: 'Arun Patel',
    });
    // The family's name is still its first user's.
    expect((await familyRow(t, famA.id)).lastName).toBe('Patel');
  });

  it('adds a user with an e-mail address: invited to set a password, then signs in to the family', async () => {
    const email = 'meera@family-a.example';
    const id = await added('user', adult({ firstName: 'Meera', email: 'Meera@Family-A.example' }));
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ passwordHash: INVITED_PASSWORD_HASH, firstName: 'Meera' });
    expect((await peopleOf(t, famA.id)).find((p) => p.id === id)).toMatchObject({
      kind: 'user',
      userId: user!.id,
    });
    expect(await db.select().from(memberships).where(eq(memberships.userId, user!.id))).toEqual([
      expect.objectContaining({ companyId: s.companyA, role: 'user', familyId: famA.id }),
    ]);
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toContain('invites you');
    expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.userInvited)).at(-1)?.detail).toEqual({ email });

    const session = await acceptInvitation(t, email);
    expect(session.accts).toEqual([expect.objectContaining({ cID: s.companyA })]);
    // Their session acts for family A: a contact they add lands there.
    const res = await caller(t, session.token).post('/api/parents/account/user', {
      type: 'contact',
      user: adult({ firstName: 'Meera-contact' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await peopleOf(t, famA.id)).some((p) => p.firstName === 'Meera-contact')).toBe(true);
  });

  it('gives a person with an account at another studio only a place, and tells them so', async () => {
    const id = await added('user', adult({ firstName: 'Olga', email: 'owner@studio-b.example' }), famB.id);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@studio-b.example'));
    expect((await peopleOf(t, famB.id)).find((p) => p.id === id)?.userId).toBe(owner!.id);
    expect((await lastMailTo(t, 'owner@studio-b.example')).subject).toContain('added you');
  });

  // Issue 13 item 5: the studio must not learn, from adding an address, whether it already has a
  // Pirouette account somewhere else: not from the answer, the family's page, its log, a resend, nor
  // from the time it takes (the same statements, in the same order).
  it('answers, lists, logs, resends and queries alike whether the address has an account elsewhere or none', async () => {
    const db = t.database.db;
    const family = await deskFamily(s.a);
    const elsewhere = 'dana@elsewhere.example';
    await createPerson(db, { email: elsewhere, companyId: s.companyB, role: 'user', password: 'Dana12345' });
    const shapes = (statements: string[]) =>
      // The session's own look-up depends on what the session cache kept (decision 024), not on the address.
      statements.map(statementShape).filter((q) => !q.includes('"sessions"'));
    const add = async (email: string) => {
      const counted = await countQueries(t, () =>
        s.a.post(ADD, addBody('user', adult({ firstName: 'Same', email }), family)),
      );
      return { ...counted, res: counted.result };
    };
    const fresh = await add('nobody-yet@elsewhere.example');
    const known = await add(elsewhere);
    expect(fresh.res.status, JSON.stringify(fresh.res.body)).toBe(200);
    expect(known.res.status, JSON.stringify(known.res.body)).toBe(200);
    expect(Object.keys(known.res.body[1]).sort()).toEqual(Object.keys(fresh.res.body[1]).sort());
    expect(known.res.body[1].msg).toBe(fresh.res.body[1].msg);
    expect(shapes(known.statements)).toEqual(shapes(fresh.statements));

    const info = (await s.a.get(`/api/mystudio/account/${family}/info`)).body[1];
    const login = (email: string) => info.users.find((u: { email: string }) => u.email === email)?.login;
    expect([login('nobody-yet@elsewhere.example'), login(elsewhere)]).toEqual(['invited', 'invited']);
    const log = await familyLog(t, family, FAMILY_LOG_ACTIONS.userInvited);
    expect(log.slice(-2).map((e) => e.detail)).toEqual([
      { email: 'nobody-yet@elsewhere.example' },
      { email: elsewhere },
    ]);
    for (const { res } of [fresh, known]) {
      const again = await s.a.post(`/api/mystudio/account/${family}/invite/${res.body[1].id}`);
      expect(again).toMatchObject({ status: 200, body: [true, { msg: expect.any(String) }] });
    }

    // The person with an account was told they were added; their place opens as they sign in.
    expect((await lastMailTo(t, elsewhere)).subject).toContain('added you');
    const session = await signIn(t, elsewhere, 'Dana12345');
    expect(session.accts.map((a) => (a as unknown as { cID: string }).cID).sort()).toEqual(
      [s.companyA, s.companyB].sort(),
    );
    const after = (await s.a.get(`/api/mystudio/account/${family}/info`)).body[1];
    expect(after.users.find((u: { email: string }) => u.email === elsewhere)?.login).toBe('active');
  });

  it('refuses an e-mail address already at the studio (409), and changes nothing', async () => {
    const before = await snapshot(t, famA.id);
    for (const email of [famB.email, 'owner@studio-a.example', 'Parent@Studio-A.example']) {
      expect(await s.a.post(ADD, addBody('user', adult({ email })))).toMatchObject({
        status: 409,
        body: [false, accountMessages.userEmailTaken],
      });
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it('takes coAcctMemID when it names the family, and answers 404 when it names another', async () => {
    await added('contact', adult({ firstName: 'Same' }), famA.id);
    const ok = await s.a.post(ADD, addBody('contact', adult(), famA.id, { coAcctMemID: famA.id }));
    expect(ok.status).toBe(200);
    const before = await snapshot(t, famA.id);
    expect(
      await s.a.post(ADD, addBody('student', student(), famA.id, { coAcctMemID: famB.id })),
    ).toMatchObject({ status: 404, body: [false, messages.accountNotFound] });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("answers 404 for an unknown family or another studio's, and adds nothing", async () => {
    const before = await snapshot(t, famA.id);
    expect(await s.b.post(ADD, addBody('student', student()))).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
    expect(await s.b.post(ADD, addBody('user', adult({ email: 'x@nowhere.example' })))).toMatchObject({
      status: 404,
    });
    expect(await s.a.post(ADD, addBody('student', student(), UNKNOWN_ID))).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
    expect(await snapshot(t, famA.id)).toEqual(before);
    expect(
      (await t.database.db.select().from(users).where(eq(users.email, 'x@nowhere.example'))).length,
    ).toBe(0);
  });

  it.each([
    [
      'a student without a name',
      'student',
      student({ firstName: '', lastName: '' }),
      familyMessages.studentName,
    ],
    ['a student without a date of birth', 'student', student({ dob: undefined }), familyMessages.studentDob],
    ['a student with an impossible date', 'student', student({ dob: '2019-02-30' }), 'Not a date'],
    ['a user without a phone', 'user', adult({ phone: undefined }), accountMessages.personPhone],
    [
      'a user with a short phone',
      'user',
      adult({ phone: '555-0140' }),
      'Please enter a 10-digit phone number',
    ],
    ['a user without a name', 'user', adult({ firstName: '', lastName: ' ' }), accountMessages.personName],
    ['a contact without a phone', 'contact', adult({ phone: '' }), 'Please enter a 10-digit phone number'],
    ['a contact of an unknown role', 'contact', adult({ role: 'Uncle' }), 'The role is one of'],
    [
      'a user with a malformed e-mail',
      'user',
      adult({ email: 'meera@' }),
      'Please enter a valid e-mail address',
    ],
    ['an unknown type', 'teacher', adult(), accountMessages.personType],
  ])('refuses %s (400), adding nothing', async (_what, uType, nUser, text) => {
    const before = await snapshot(t, famA.id);
    const res = await s.a.post(ADD, addBody(uType, nUser));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body[1]).toContain(text);
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("refuses a missing or malformed family id: 'insufficient data', 'Invalid id.'", async () => {
    expect(await s.a.post(ADD, { uType: 'student', nUser: student() })).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await s.a.post(ADD, addBody('student', student(), MALFORMED_ID))).toMatchObject({
      status: 400,
      body: [false, 'Invalid id.'],
    });
  });

  it("refuses a parent's token (403) and no session (401)", async () => {
    const before = await snapshot(t, famA.id);
    expect(await famA.parent.post(ADD, addBody('student', student()))).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
    expect((await s.anonymous.post(ADD, addBody('student', student()))).status).toBe(401);
    expect(await snapshot(t, famA.id)).toEqual(before);
  });
});

describe('PUT api/mystudio/account/user/', () => {
  it('edits a student and logs the fields that changed', async () => {
    const id = famA.studentIds[0]!;
    const res = await s.a.put(EDIT, {
      type: 'student',
      user: { id, ...student({ firstName: 'Ani', dob: '2015-03-15' }) },
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect((await studentsOf(t, famA.id)).find((k) => k.id === id)).toMatchObject({
      firstName: 'Ani',
      lastName: 'Patel',
      dob: '2015-03-15',
    });
    expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personUpdated)).at(-1)).toMatchObject({
      userId: s.a.userId,
      detail: { type: 'student', name: 'Ani Patel', changes: ['firstName', 'dob'] },
    });
  });

  it('edits a contact', async () => {
    const res = await s.a.put(EDIT, {
      type: 'contact',
      user: { id: famA.contactId, ...adult({ firstName: 'Raj', phone: '9735550999', role: 'Father' }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await peopleOf(t, famA.id)).find((p) => p.id === famA.contactId)).toMatchObject({
      firstName: 'Raj',
      lastName: 'Patel',
      phone: '9735550999',
      role: 'Father',
    });
    expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personUpdated)).at(-1)?.detail).toMatchObject({
      type: 'contact',
      changes: ['phone'],
    });
  });

  it("edits a user's names, phone and role; the family's name follows its first user", async () => {
    const fam = await registeredFamily(t, s, 'first@family-c.example', 'Chen');
    const res = await s.a.put(EDIT, {
      type: 'user',
      user: { id: fam.selfId, ...adult({ firstName: 'Lin', lastName: 'Chen-Wu', role: 'Legal Guardian' }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await peopleOf(t, fam.id)).find((p) => p.id === fam.selfId)).toMatchObject({
      firstName: 'Lin',
      lastName: 'Chen-Wu',
      phone: '9735550140',
      role: 'Legal Guardian',
    });
    expect((await familyRow(t, fam.id)).lastName).toBe('Chen-Wu');
    // Their sign-in account is theirs: its name is not the family's to change.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, fam.userId));
    expect(user).toMatchObject({ lastName: 'Chen', email: fam.email });
    // Giving their own address back is no change of it.
    const again = await s.a.put(EDIT, {
      type: 'user',
      user: { id: fam.selfId, ...adult({ lastName: 'Chen-Wu', email: fam.email.toUpperCase() }) },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('gives a user without a login the e-mail address they were missing: invited, then signs in', async () => {
    const id = await added('user', adult({ firstName: 'Kiran' }));
    const email = 'kiran@family-a.example';
    const res = await s.a.put(EDIT, { type: 'user', user: { id, ...adult({ firstName: 'Kiran', email }) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect((await peopleOf(t, famA.id)).find((p) => p.id === id)?.userId).toBe(user!.id);
    expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personUpdated)).at(-1)?.detail).toMatchObject({
      changes: ['email'],
    });
    const session = await acceptInvitation(t, email);
    expect(session.accts).toEqual([expect.objectContaining({ cID: s.companyA })]);
  });

  it('refuses to change the address a user signs in with (422), and changes nothing', async () => {
    const before = await snapshot(t, famA.id);
    const res = await s.a.put(EDIT, {
      type: 'user',
      user: { id: famA.selfId, ...adult({ firstName: 'Changed', email: 'new@family-a.example' }) },
    });
    expect(res).toMatchObject({ status: 422, body: [false, accountMessages.loginEmailLocked] });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it('refuses an address taken at the studio when linking a login (409), and changes nothing', async () => {
    const id = await added('user', adult({ firstName: 'Dup' }));
    const before = await snapshot(t, famA.id);
    expect(
      await s.a.put(EDIT, { type: 'user', user: { id, ...adult({ email: famB.email }) } }),
    ).toMatchObject({
      status: 409,
      body: [false, accountMessages.userEmailTaken],
    });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("refuses an edited entry without an id: 'insufficient data'; a malformed one: 'Invalid id.'", async () => {
    for (const user of [student(), undefined, 'text']) {
      expect(await s.a.put(EDIT, { type: 'student', user })).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    }
    expect(await s.a.put(EDIT, { type: 'student', user: { id: MALFORMED_ID, ...student() } })).toMatchObject({
      status: 400,
      body: [false, 'Invalid id.'],
    });
    expect(
      (await s.a.put(EDIT, { type: 'student', user: { id: famA.studentIds[0], ...student({ dob: '' }) } }))
        .status,
    ).toBe(400);
  });

  it("answers 404 with the spec's text for an unknown id, another type's id, another studio", async () => {
    const before = await snapshot(t, famA.id);
    const cases: [typeof s.a, string, string][] = [
      [s.a, 'student', UNKNOWN_ID],
      [s.a, 'user', famA.studentIds[1]!],
      [s.a, 'contact', famA.selfId],
      [s.a, 'student', famA.contactId],
      [s.b, 'student', famA.studentIds[1]!],
      [s.b, 'user', famA.selfId],
      [s.b, 'contact', famA.contactId],
    ];
    for (const [who, type, id] of cases) {
      const user = type === 'student' ? student() : adult();
      expect(await who.put(EDIT, { type, user: { id, ...user } }), `${type} ${id}`).toMatchObject({
        status: 404,
        body: [false, accountMessages.personFailed],
      });
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("refuses a parent's token (403)", async () => {
    const res = await famA.parent.put(EDIT, {
      type: 'student',
      user: { id: famA.studentIds[1], ...student() },
    });
    expect(res).toMatchObject({ status: 403, body: [false, messages.forbidden] });
  });
});

describe('DELETE api/mystudio/account/user/{type}/{id}/{accountKey}', () => {
  it('removes a student, a contact and a user without a login, each logged', async () => {
    const kid = await added('student', student({ firstName: 'Gone' }));
    const contact = await added('contact', adult({ firstName: 'Ciao' }));
    const user = await added('user', adult({ firstName: 'Bye' }));
    for (const [type, id, name] of [
      ['student', kid, 'Gone Patel'],
      ['contact', contact, 'Ciao Patel'],
      ['user', user, 'Bye Patel'],
    ] as const) {
      expect(await s.a.delete(del(type, id, famA.id))).toMatchObject({
        status: 200,
        body: [true, { msg: messages.deleteSuccessful }],
      });
      expect((await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personRemoved)).at(-1)?.detail).toEqual({
        type,
        name,
      });
    }
    const people = (await peopleOf(t, famA.id)).map((p) => p.id);
    expect(people).not.toContain(contact);
    expect(people).not.toContain(user);
    expect((await studentsOf(t, famA.id)).map((k) => k.id)).not.toContain(kid);
  });

  it('refuses a student registered in a class or a private lesson (422), and changes nothing', async () => {
    const records = await scheduleRecords(s.a, s.termA.id);
    const classId = await insertClass(t.database.db, s.companyA, records);
    const privateId = await createdPrivate(s.a, records);
    const [kid, other] = famA.studentIds as [string, string];
    await registerInClass(t.database.db, { companyId: s.companyA, classId, studentId: kid, isDropped: true });
    const before = await snapshot(t, famA.id);
    expect(await s.a.delete(del('student', kid, famA.id))).toMatchObject({
      status: 422,
      body: [false, accountMessages.studentRegistered('1 class')],
    });
    await t.database.db.insert(privateRegistrations).values({
      companyId: s.companyA,
      privateId,
      studentId: other,
      price: 7000,
      dateStart: '2026-09-01',
      dateEnd: '2027-06-30',
    });
    const otherClass = await insertClass(t.database.db, s.companyA, records, { name: 'Jazz II' });
    await registerInClass(t.database.db, { companyId: s.companyA, classId: otherClass, studentId: other });
    await registerInClass(t.database.db, { companyId: s.companyA, classId, studentId: other });
    const withPrivate = await snapshot(t, famA.id);
    expect(await s.a.delete(del('student', other, famA.id))).toMatchObject({
      status: 422,
      body: [false, accountMessages.studentRegistered('2 classes and 1 private lesson')],
    });
    expect(await snapshot(t, famA.id)).toEqual(withPrivate);
    expect(withPrivate.students).toEqual(before.students);
  });

  it("refuses the family's last user (422), and changes nothing", async () => {
    const before = await snapshot(t, famB.id);
    const users = before.people.filter((p) => p.kind === 'user');
    // Family B has its parent, and the person of another studio who joined it above.
    expect(users).toHaveLength(2);
    expect((await s.a.delete(del('user', users[1]!.id, famB.id))).status).toBe(200);
    const one = await snapshot(t, famB.id);
    expect(await s.a.delete(del('user', famB.selfId, famB.id))).toMatchObject({
      status: 422,
      body: [false, accountMessages.lastUser],
    });
    expect(await snapshot(t, famB.id)).toEqual(one);
  });

  it("removes a user who signs in: their place at the studio and their sessions end, their account stays; the family's name follows", async () => {
    const fam = await registeredFamily(t, s, 'first@family-d.example', 'Diaz');
    const second = await s.a.post(
      ADD,
      addBody(
        'user',
        adult({ firstName: 'Rosa', lastName: 'Ortega', email: 'rosa@family-d.example' }),
        fam.id,
      ),
    );
    expect(second.status).toBe(200);
    const rosa = caller(t, (await acceptInvitation(t, 'rosa@family-d.example')).token);
    expect(
      (await fam.parent.post('/api/parents/account/user', { type: 'student', user: student() })).status,
    ).toBe(200);

    expect((await s.a.delete(del('user', fam.selfId, fam.id))).status).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(memberships).where(eq(memberships.userId, fam.userId))).toEqual([]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, fam.userId))).toHaveLength(1);
    expect(
      (await fam.parent.post('/api/parents/account/user', { type: 'student', user: student() })).status,
    ).toBe(401);
    expect((await familyRow(t, fam.id)).lastName).toBe('Ortega');
    // The other user of the family goes on.
    expect(
      (
        await rosa.put('/api/parents/account/user', {
          type: 'student',
          user: { id: fam.studentIds[0], ...student() },
        })
      ).status,
    ).toBe(200);
  });

  it("answers 404 for a person of another family, of another type, or of another studio's owner; nothing changes", async () => {
    const before = [await snapshot(t, famA.id), await snapshot(t, famB.id)];
    const cases: [typeof s.a, string, string, string, string][] = [
      [s.a, 'student', famA.studentIds[1]!, famB.id, accountMessages.personFailed],
      [s.a, 'contact', famA.contactId, famB.id, accountMessages.personFailed],
      [s.a, 'user', famA.selfId, famB.id, accountMessages.personFailed],
      [s.a, 'contact', famA.selfId, famA.id, accountMessages.personFailed],
      [s.a, 'user', famA.studentIds[1]!, famA.id, accountMessages.personFailed],
      [s.a, 'student', UNKNOWN_ID, famA.id, accountMessages.personFailed],
      [s.a, 'student', famA.studentIds[1]!, UNKNOWN_ID, messages.accountNotFound],
      [s.b, 'student', famA.studentIds[1]!, famA.id, messages.accountNotFound],
      [s.b, 'user', famA.selfId, famA.id, messages.accountNotFound],
      [s.b, 'contact', famA.contactId, famA.id, messages.accountNotFound],
    ];
    for (const [who, type, id, familyId, text] of cases) {
      expect(await who.delete(del(type, id, familyId)), `${type} ${id}`).toMatchObject({
        status: 404,
        body: [false, text],
      });
    }
    expect([await snapshot(t, famA.id), await snapshot(t, famB.id)]).toEqual(before);
  });

  it("refuses a malformed id or type (400) and a parent's token (403)", async () => {
    expect((await s.a.delete(del('student', MALFORMED_ID, famA.id))).status).toBe(400);
    expect((await s.a.delete(del('student', famA.studentIds[1]!, MALFORMED_ID))).status).toBe(400);
    expect(await s.a.delete(del('pet', famA.studentIds[1]!, famA.id))).toMatchObject({
      status: 400,
      body: [false, accountMessages.personType],
    });
    expect(await famA.parent.delete(del('contact', famA.contactId, famA.id))).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
  });
});
