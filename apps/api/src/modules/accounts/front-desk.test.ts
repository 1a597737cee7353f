import { accountMessages, familyMessages, messages } from '@pirouette/domain';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMailTo, linkTokenIn, signIn } from '../../../test/flows';
import { type Caller, caller, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { mailOutbox } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { ACCOUNT, deskBody, deskFamily, familyRow, ok, registeredFamily } from './accounts.fixture';

const { t, s } = useTwoStudios();

const rows = async () => {
  const db = t.database.db;
  const n = async (table: typeof familyAccounts | typeof familyPeople | typeof students | typeof users) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const mails = (await db.select({ n: count() }).from(mailOutbox))[0]!.n;
  return [await n(familyAccounts), await n(familyPeople), await n(students), await n(users), mails];
};
const logTexts = async (id: string) =>
  ((await ok(s.a.get(`${ACCOUNT}/${id}/logs`))).items as { text: string; by: { role: string } }[]).map(
    (i) => [i.text, i.by.role],
  );
const invite = (id: string, personId: string, who: Caller = s.a) =>
  who.post(`${ACCOUNT}/${id}/invite/${personId}`);

describe('POST api/mystudio/account (the front desk)', () => {
  it('makes a family whose user does not sign in, with its contacts and students in the order given', async () => {
    const before = await rows();
    const res = await s.a.post(
      ACCOUNT,
      deskBody({
        contacts: [{ firstName: 'Boris', lastName: 'Ivanov', phone: '(973) 555-0161', role: 2 }],
        students: [
          { firstName: 'Zoe', lastName: 'Ivanova', dob: '2016-01-01' },
          { firstName: 'Adam', lastName: 'Ivanov', dob: '2018-01-01', gender: 'M' },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id, msg } = res.body[1];
    expect(msg).toBe(accountMessages.familyCreated);
    expect(await familyRow(t, id)).toMatchObject({
      companyId: s.companyA,
      lastName: 'Ivanova',
      email: '',
      phone: '9735550160',
      address: '3 Valley Rd',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      aboutUsOption: 'Google',
      aboutUsNotes: 'Walked by',
    });
    const info = await ok(s.a.get(`${ACCOUNT}/${id}/info`));
    expect(info.users).toEqual([expect.objectContaining({ firstName: 'Olga', email: '', login: 'none' })]);
    expect(info.contacts).toEqual([
      expect.objectContaining({ firstName: 'Boris', role: 'Father', phone: '9735550161' }),
    ]);
    const { students: kids } = await ok(s.a.get(`${ACCOUNT}/${id}/students`));
    expect(kids.map((k: { firstName: string; gender: string }) => [k.firstName, k.gender])).toEqual([
      ['Zoe', 'F'],
      ['Adam', 'M'],
    ]);
    expect(await logTexts(id)).toEqual([['Family created at the front desk, with 2 students', 'owner']]);
    const after = await rows();
    // One family, two people, two students; no person who signs in and no mail.
    expect(after).toEqual([before[0]! + 1, before[1]! + 2, before[2]! + 2, before[3], before[4]]);
  });

  it('invites a user with an e-mail address; following the link, they set a password and see their family', async () => {
    const email = 'olga@parents.example';
    const res = await s.a.post(ACCOUNT, deskBody({ user: { email: 'Olga@Parents.Example' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id, msg } = res.body[1];
    expect(msg).toBe(accountMessages.familyCreatedInvited(email));
    expect((await familyRow(t, id))!.email).toBe(email);
    const info = await ok(s.a.get(`${ACCOUNT}/${id}/info`));
    expect(info.users).toEqual([expect.objectContaining({ firstName: 'Olga', email, login: 'invited' })]);
    expect(await logTexts(id)).toEqual(
      expect.arrayContaining([
        [`Family created at the front desk, with 1 student; ${email} invited to sign in`, 'owner'],
        [`Invitation to sign in sent to ${email}`, 'owner'],
      ]),
    );

    const token = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/pass/');
    expect(token).not.toBe('');
    expect((await s.anonymous.post('/api/auth/login', { email, password: 'Olga12345' })).status).not.toBe(
      200,
    );
    await ok(s.anonymous.put('/api/registration/change/pass', { token, password: 'Olga12345' }));
    const parent = caller(t, (await signIn(t, email, 'Olga12345')).token);
    const mine = await ok(parent.get('/api/parents/account/'));
    expect(mine.acctInfo).toMatchObject({ id, lastName: 'Ivanova', email });
    expect(mine.users).toEqual([expect.objectContaining({ firstName: 'Olga', login: 'active' })]);
    expect(mine.stds.map((k: { firstName: string }) => k.firstName)).toEqual(['Nina']);
  });

  it('adds a person who has an account at another studio, and tells them so (no password link); their place opens as they sign in', async () => {
    const res = await s.a.post(
      ACCOUNT,
      deskBody({ user: { email: 'owner@studio-b.example', lastName: 'Lopez' } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1].msg).toBe(accountMessages.familyCreated);
    const mail = await lastMailTo(t, 'owner@studio-b.example');
    expect(mail.subject).toContain("added you to your family's account");
    const info = await ok(s.a.get(`${ACCOUNT}/${res.body[1].id}/info`));
    // Listed as invited, like a new address, until they come (decision 014).
    expect(info.users[0]).toMatchObject({ email: 'owner@studio-b.example', login: 'invited' });
    await signIn(t, 'owner@studio-b.example');
    const after = await ok(s.a.get(`${ACCOUNT}/${res.body[1].id}/info`));
    expect(after.users[0]).toMatchObject({ email: 'owner@studio-b.example', login: 'active' });
  });

  it('refuses an address already at this studio (409) and writes nothing', async () => {
    const before = await rows();
    for (const email of ['parent@studio-a.example', 'olga@parents.example', 'owner@studio-a.example']) {
      expect(await s.a.post(ACCOUNT, deskBody({ user: { email } }))).toMatchObject({
        status: 409,
        body: [false, accountMessages.userEmailTaken],
      });
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a family without students or a user without a name (400), and a parent (403)', async () => {
    const before = await rows();
    expect(await s.a.post(ACCOUNT, { ...deskBody(), students: [] })).toMatchObject({
      status: 400,
      body: [false, familyMessages.noStudents],
    });
    expect(await s.a.post(ACCOUNT, deskBody({ user: { firstName: '', lastName: '' } }))).toMatchObject({
      status: 400,
      body: [false, accountMessages.personName],
    });
    expect(await s.parent.post(ACCOUNT, deskBody())).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
    expect(await rows()).toEqual(before);
  });
});

describe('POST api/mystudio/account/{id}/invite/{userId}', () => {
  it('mails an invited user a new link; the old one stops working, the new one sets the password', async () => {
    const email = 'vera@parents.example';
    const id = await deskFamily(s.a, { user: { firstName: 'Vera', email } });
    const oldToken = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/pass/');
    const [vera] = (await ok(s.a.get(`${ACCOUNT}/${id}/info`))).users;
    expect(await invite(id, vera.id)).toMatchObject({
      status: 200,
      body: [true, { msg: accountMessages.invitationSent(email) }],
    });
    const newToken = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/pass/');
    expect(newToken).not.toBe(oldToken);
    expect(
      (await s.anonymous.put('/api/registration/change/pass', { token: oldToken, password: 'Vera12345' }))
        .status,
    ).toBe(400);
    await ok(s.anonymous.put('/api/registration/change/pass', { token: newToken, password: 'Vera12345' }));
    // Once the password is set, there is no one left to invite.
    expect(await invite(id, vera.id)).toMatchObject({
      status: 409,
      body: [false, accountMessages.alreadyActive],
    });
  });

  it('refuses a user without an e-mail address (422), a contact or an unknown person (404)', async () => {
    const id = await deskFamily(s.a, { contacts: [{ firstName: 'Kim', phone: '9735550170', role: 1 }] });
    const info = await ok(s.a.get(`${ACCOUNT}/${id}/info`));
    expect(await invite(id, info.users[0].id)).toMatchObject({
      status: 422,
      body: [false, accountMessages.invitationNoEmail],
    });
    expect((await invite(id, info.contacts[0].id)).status).toBe(404);
    expect((await invite(id, UNKNOWN_ID)).status).toBe(404);
  });

  it("answers 404 for another studio's family or another family's user, 403 for a parent", async () => {
    const patel = await registeredFamily(t, s.companyA, 'patel@parents.example');
    const [priya] = (await ok(s.a.get(`${ACCOUNT}/${patel}/info`))).users;
    expect(await invite(patel, priya.id, s.b)).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
    const other = await deskFamily(s.a);
    expect((await invite(other, priya.id)).status).toBe(404);
    expect((await invite(patel, priya.id, s.parent)).status).toBe(403);
    // A parent who registered themselves has a password already.
    expect((await invite(patel, priya.id)).status).toBe(409);
  });
});
