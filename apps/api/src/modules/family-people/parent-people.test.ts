import { accountMessages, FAMILY_LOG_ACTIONS, familyMessages, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerInClass } from '../../../test/factories';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { caller, MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { memberships } from '../../db/schema/memberships';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import {
  acceptInvitation,
  type Family,
  familyLog,
  familyRow,
  peopleOf,
  registeredFamily,
  snapshot,
  studentsOf,
  twoFamilies,
} from './family-people.fixtures';

const { t, s } = useTwoStudios();
let famA: Family;
let famB: Family;
beforeAll(async () => {
  ({ famA, famB } = await twoFamilies(t, s));
});

const URL = '/api/parents/account/user';
const EDIT = '/api/parents/account/user/';
const del = (type: string, id: string) => `/api/parents/account/user/${type}/${id}`;

const student = (o: Record<string, unknown> = {}) => ({
  firstName: 'Tara',
  lastName: 'Patel',
  dob: '2020-01-09',
  ...o,
});
const adult = (o: Record<string, unknown> = {}) => ({
  firstName: 'Vik',
  lastName: 'Patel',
  phone: '9735550160',
  role: 'Brother',
  ...o,
});

async function added(fam: Family, type: string, user: unknown) {
  const res = await fam.parent.post(URL, { type, user });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body[1].msg).toBe(messages.insertSuccessful);
  return res.body[1].id as string;
}

describe('POST api/parents/account/user', () => {
  it('adds a student, a contact and a user to the parent’s own family, logged as the parent', async () => {
    const kid = await added(famA, 'student', student());
    const contact = await added(famA, 'contact', adult({ role: 'Sister', firstName: 'Sia' }));
    const user = await added(famA, 'user', adult());
    expect((await studentsOf(t, famA.id)).find((k) => k.id === kid)).toMatchObject({
      companyId: s.companyA,
      firstName: 'Tara',
      gender: 'F',
    });
    const people = await peopleOf(t, famA.id);
    expect(people.find((p) => p.id === contact)).toMatchObject({ kind: 'contact', role: 'Sister' });
    expect(people.find((p) => p.id === user)).toMatchObject({ kind: 'user', userId: null, role: 'Brother' });
    const log = (await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personAdded)).slice(-3);
    expect(log.map((e) => [e.userId, e.detail])).toEqual([
      [famA.userId, { type: 'student', name: 'Tara Patel' }],
      [famA.userId, { type: 'contact', name: 'Sia Patel' }],
      [famA.userId, { type: 'user', name: 'Vik Patel' }],
    ]);
    // Family B is untouched.
    expect((await studentsOf(t, famB.id)).map((k) => k.id)).not.toContain(kid);
  });

  it('refuses a user with an e-mail address (422): only the studio invites; nothing is written or mailed', async () => {
    const email = 'stranger@elsewhere.example';
    const mailsBefore = (await t.call({ method: 'GET', url: '/dev/mail.json' })).body[1].length;
    const before = await snapshot(t, famA.id);
    // A stranger's address, one with an account elsewhere, one already at the studio: the same answer,
    // which tells nothing about the address.
    for (const address of [email, 'owner@studio-b.example', famB.email, 'owner@studio-a.example']) {
      expect(await famA.parent.post(URL, { type: 'user', user: adult({ email: address }) })).toMatchObject({
        status: 422,
        body: [false, accountMessages.studioInvites('Lopez Dance')],
      });
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/dev/mail.json' })).body[1]).toHaveLength(mailsBefore);
    // Without an address, the same user is theirs to add.
    await added(famA, 'user', adult({ firstName: 'Nomail' }));
  });

  it('refuses to give a user without a login an e-mail address (422), and changes nothing', async () => {
    const id = await added(famA, 'user', adult({ firstName: 'Later' }));
    const before = await snapshot(t, famA.id);
    const res = await famA.parent.put(EDIT, {
      type: 'user',
      user: { id, ...adult({ firstName: 'Later', email: 'later@elsewhere.example' }) },
    });
    expect(res).toMatchObject({ status: 422, body: [false, accountMessages.studioInvites('Lopez Dance')] });
    expect(await snapshot(t, famA.id)).toEqual(before);
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'later@elsewhere.example')),
    ).toEqual([]);
  });

  it.each([
    [
      'a student without a name',
      { type: 'student', user: student({ firstName: '', lastName: '' }) },
      familyMessages.studentName,
    ],
    [
      'a student without a date of birth',
      { type: 'student', user: student({ dob: undefined }) },
      familyMessages.studentDob,
    ],
    [
      'a user without a phone',
      { type: 'user', user: adult({ phone: undefined }) },
      accountMessages.personPhone,
    ],
    [
      'a contact without a name',
      { type: 'contact', user: adult({ firstName: '', lastName: '' }) },
      accountMessages.personName,
    ],
    ['no person at all', { type: 'contact' }, messages.invalidInput],
    ['no type', { user: adult() }, accountMessages.personType],
  ])('refuses %s (400), adding nothing', async (_what, body, text) => {
    const before = await snapshot(t, famA.id);
    const res = await famA.parent.post(URL, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body[1]).toContain(text);
    expect(await snapshot(t, famA.id)).toEqual(before);
  });
});

describe('PUT api/parents/account/user/', () => {
  it('edits the family’s own student, contact and user; the family’s name follows its first user', async () => {
    const fam = await registeredFamily(t, s, 'first@family-e.example', 'Evans');
    const people = await peopleOf(t, fam.id);
    expect(
      (
        await fam.parent.put(EDIT, {
          type: 'student',
          user: { id: fam.studentIds[0], ...student({ lastName: 'Evans', gender: 'M' }) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await fam.parent.put(EDIT, {
          type: 'contact',
          user: { id: fam.contactId, ...adult({ lastName: 'Evans' }) },
        })
      ).status,
    ).toBe(200);
    const self = people.find((p) => p.id === fam.selfId)!;
    const res = await fam.parent.put(EDIT, {
      type: 'user',
      user: {
        id: fam.selfId,
        firstName: self.firstName,
        lastName: 'Evans-Ng',
        phone: self.phone,
        role: self.role,
      },
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect((await studentsOf(t, fam.id)).find((k) => k.id === fam.studentIds[0])).toMatchObject({
      firstName: 'Tara',
      gender: 'M',
      dob: '2020-01-09',
    });
    expect((await peopleOf(t, fam.id)).find((p) => p.id === fam.contactId)).toMatchObject({
      firstName: 'Vik',
      role: 'Brother',
    });
    expect((await familyRow(t, fam.id)).lastName).toBe('Evans-Ng');
    expect((await familyLog(t, fam.id, FAMILY_LOG_ACTIONS.personUpdated)).map((e) => e.detail)).toEqual([
      { type: 'student', name: 'Tara Evans', changes: ['firstName', 'dob', 'gender'] },
      { type: 'contact', name: 'Vik Evans', changes: ['firstName', 'lastName', 'phone', 'role'] },
      { type: 'user', name: 'Priya Evans-Ng', changes: ['lastName'] },
    ]);
  });

  it('refuses a change of their own sign-in address (422), and changes nothing', async () => {
    const before = await snapshot(t, famA.id);
    const res = await famA.parent.put(EDIT, {
      type: 'user',
      user: { id: famA.selfId, ...adult({ email: 'elsewhere@family-a.example' }) },
    });
    expect(res).toMatchObject({ status: 422, body: [false, accountMessages.loginEmailLocked] });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("refuses an edited entry without an id: 'insufficient data'", async () => {
    for (const user of [adult(), { id: '', ...adult() }, null]) {
      const res = await famA.parent.put(EDIT, { type: 'contact', user });
      expect(res.status).toBe(400);
      expect(res.body[1]).toMatch(/insufficient data|Invalid id\./);
    }
    expect(await famA.parent.put(EDIT, { type: 'contact', user: adult() })).toMatchObject({
      body: [false, messages.insufficientData],
    });
  });

  it("cannot edit family A's student, user or contact from family B (404, unchanged)", async () => {
    const before = await snapshot(t, famA.id);
    const cases: [string, string, Record<string, unknown>][] = [
      ['student', famA.studentIds[0]!, student({ firstName: 'Hacked' })],
      ['user', famA.selfId, adult({ firstName: 'Hacked' })],
      ['contact', famA.contactId, adult({ firstName: 'Hacked' })],
      ['student', UNKNOWN_ID, student()],
    ];
    for (const [type, id, user] of cases) {
      expect(await famB.parent.put(EDIT, { type, user: { id, ...user } }), type).toMatchObject({
        status: 404,
        body: [false, accountMessages.personFailed],
      });
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });
});

describe('DELETE api/parents/account/user/{type}/{id}', () => {
  it('removes the family’s own student, contact and user, logged', async () => {
    const kid = await added(famA, 'student', student({ firstName: 'Short' }));
    const contact = await added(famA, 'contact', adult({ firstName: 'Brief' }));
    const user = await added(famA, 'user', adult({ firstName: 'Passing' }));
    for (const [type, id] of [
      ['student', kid],
      ['contact', contact],
      ['user', user],
    ] as const) {
      expect(await famA.parent.delete(del(type, id))).toMatchObject({
        status: 200,
        body: [true, { msg: messages.deleteSuccessful }],
      });
    }
    expect(
      (await familyLog(t, famA.id, FAMILY_LOG_ACTIONS.personRemoved)).slice(-3).map((e) => e.detail),
    ).toEqual([
      { type: 'student', name: 'Short Patel' },
      { type: 'contact', name: 'Brief Patel' },
      { type: 'user', name: 'Passing Patel' },
    ]);
  });

  it('refuses to remove themselves (422), and changes nothing', async () => {
    const before = await snapshot(t, famA.id);
    expect(before.people.filter((p) => p.kind === 'user').length).toBeGreaterThan(1);
    expect(await famA.parent.delete(del('user', famA.selfId))).toMatchObject({
      status: 422,
      body: [false, accountMessages.removeSelf],
    });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it("refuses the family's last user (422)", async () => {
    const fam = await registeredFamily(t, s, 'first@family-f.example', 'Fox');
    const other = await added(fam, 'user', adult({ lastName: 'Fox' }));
    // The owner takes the registering parent out; the other user cannot then remove the last one.
    expect((await s.a.delete(`/api/mystudio/account/user/user/${fam.selfId}/${fam.id}`)).status).toBe(200);
    const before = await snapshot(t, fam.id);
    expect(await s.a.delete(`/api/mystudio/account/user/user/${other}/${fam.id}`)).toMatchObject({
      status: 422,
      body: [false, accountMessages.lastUser],
    });
    expect(await snapshot(t, fam.id)).toEqual(before);
  });

  it('refuses a student with a class registration (422), and changes nothing', async () => {
    const records = await scheduleRecords(s.a, s.termA.id);
    const classId = await insertClass(t.database.db, s.companyA, records);
    const kid = famA.studentIds[1]!;
    await registerInClass(t.database.db, { companyId: s.companyA, classId, studentId: kid });
    const before = await snapshot(t, famA.id);
    expect(await famA.parent.delete(del('student', kid))).toMatchObject({
      status: 422,
      body: [false, accountMessages.studentRegistered('1 class')],
    });
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it('removes a user who signs in: their session stops working, their account stays', async () => {
    const email = 'leaving@family-a.example';
    // The studio invites them (a parent cannot); the parent removes them.
    const invite = await s.a.post('/api/mystudio/account/user', {
      uType: 'user',
      nUser: adult({ firstName: 'Leaving', email }),
      aID: famA.id,
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    const id = invite.body[1].id as string;
    const session = await acceptInvitation(t, email);
    const leaving = caller(t, session.token);
    expect((await leaving.post(URL, { type: 'contact', user: adult({ firstName: 'Before' }) })).status).toBe(
      200,
    );

    expect((await famA.parent.delete(del('user', id))).status).toBe(200);
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
    expect(await db.select().from(memberships).where(eq(memberships.userId, user!.id))).toEqual([]);
    expect(
      (await db.select().from(sessions).where(eq(sessions.userId, user!.id))).filter((x) => !x.revokedAt),
    ).toEqual([]);
    expect((await leaving.post(URL, { type: 'contact', user: adult({ firstName: 'After' }) })).status).toBe(
      401,
    );
    expect((await peopleOf(t, famA.id)).some((p) => p.firstName === 'After')).toBe(false);
  });

  it("cannot remove family A's student, user or contact from family B (404, unchanged)", async () => {
    const before = await snapshot(t, famA.id);
    for (const [type, id] of [
      ['student', famA.studentIds[0]!],
      ['user', famA.selfId],
      ['contact', famA.contactId],
      ['contact', UNKNOWN_ID],
      ['user', famB.contactId],
    ]) {
      expect(await famB.parent.delete(del(type!, id!)), `${type}`).toMatchObject({
        status: 404,
        body: [false, accountMessages.personFailed],
      });
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it('refuses a malformed id (400)', async () => {
    expect(await famA.parent.delete(del('student', MALFORMED_ID))).toMatchObject({
      status: 400,
      body: [false, 'Invalid id.'],
    });
  });
});

describe('who may call the parent routes', () => {
  it('answers 404 to a parent without a family, and 403 to an owner', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', URL, { type: 'student', user: student() }],
      ['PUT', EDIT, { type: 'student', user: { id: famA.studentIds[0], ...student() } }],
      ['DELETE', del('contact', famA.contactId)],
      [
        'PUT',
        '/api/parents/account/contactInfo',
        {
          address: '1 Main St',
          city: 'Newark',
          state: 'NJ',
          zipcode: '07102',
          phone: '9735550100',
          email: 'x@example.com',
        },
      ],
    ];
    const before = await snapshot(t, famA.id);
    for (const [method, url, body] of calls) {
      expect(await s.parent(method as 'PUT', url, body), `${method} ${url}`).toMatchObject({
        status: 404,
        body: [false, messages.accountNotFound],
      });
      expect(await s.a(method as 'PUT', url, body), `${method} ${url}`).toMatchObject({
        status: 403,
        body: [false, messages.forbidden],
      });
      expect((await s.anonymous(method as 'PUT', url, body)).status).toBe(401);
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });
});
