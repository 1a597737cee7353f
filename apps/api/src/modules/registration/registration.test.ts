import { messages, registrationMessages } from '@pirouette/domain';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appOn, emptiedForEachTest, type TestApp } from '../../../test/build-test-app';
import { createPerson } from '../../../test/factories';
import {
  codeIn,
  lastMailTo,
  parentRegistration,
  registerStudio,
  registration,
  signIn,
} from '../../../test/flows';
import { companies, yearTerms } from '../../db/schema/companies';
import { memberships } from '../../db/schema/memberships';
import { termsDocuments } from '../../db/schema/terms';
import { users } from '../../db/schema/users';

let t: TestApp;
// Each test on an empty database of its own: one per file, emptied between tests.
const databases = emptiedForEachTest();
beforeEach(async () => {
  t = await appOn(await databases.next());
});
afterEach(async () => {
  await t.close();
});

const email = 'ana@lopez.example';
const confirm = (to = email) => t.call({ method: 'GET', url: `/api/registration/confirm/email/${to}` });
const validate = (code: string, to = email) =>
  t.call({ method: 'GET', url: `/api/registration/email/validate/${to}/${code}` });
const register = (payload: object) => t.call({ method: 'POST', url: '/api/registration/account', payload });
const codeFromMail = async (to = email) => codeIn((await lastMailTo(t, to)).subject);
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const countRows = async (table: typeof companies | typeof users) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('registration code', () => {
  it('mails a 6-digit code that validates once', async () => {
    const sent = await confirm();
    expect(sent.status).toBe(200);
    expect(sent.body[0]).toBe(true);
    const mail = await lastMailTo(t, email);
    const code = codeIn(mail.subject);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);

    expect(await validate(code)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.codeVerified, hasSignIn: false }],
    });
    expect(await validate(code)).toMatchObject({ status: 422, body: [false, messages.codeInvalid] });
  });

  it('refuses a wrong code, a code for another address and a missing code with the spec texts', async () => {
    await confirm();
    const code = await codeFromMail();
    expect(await validate(wrong(code))).toMatchObject({ status: 422, body: [false, messages.codeInvalid] });
    expect(await validate(code, 'other@lopez.example')).toMatchObject({
      status: 422,
      body: [false, messages.codeInvalid],
    });
    const missing = await t.call({ method: 'GET', url: `/api/registration/email/validate/${email}` });
    expect(missing).toMatchObject({ status: 400, body: [false, messages.codeRequired] });
    expect((await validate('12ab')).body).toEqual([false, messages.codeInvalid]);
  });

  it('expires a code after 10 minutes, and only the newest code works', async () => {
    await confirm();
    const first = await codeFromMail();
    await confirm();
    const second = await codeFromMail();
    if (first !== second) expect((await validate(first)).status).toBe(422);
    t.clock.advanceMinutes(11);
    expect((await validate(second)).status).toBe(422);
  });

  it('stops guessing after five wrong codes, the right one included', async () => {
    await confirm();
    const code = await codeFromMail();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await validate(wrong(code))).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    const right = await validate(code);
    expect(right).toMatchObject({ status: 429, body: [false, messages.tooManyAttempts] });
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('limits how many codes one address can be sent', async () => {
    for (let i = 0; i < 5; i++) expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(429);
  });
});

describe('studio registration', () => {
  it('creates the studio, its owner, a first year term and the terms documents', async () => {
    const { cID } = await registerStudio(t, email);
    const db = t.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.id, cID));
    expect(company).toMatchObject({
      name: 'Lopez Dance',
      phone: '9735550111',
      state: 'NJ',
      aboutUsOption: 'Google',
    });
    const [owner] = await db.select().from(users).where(eq(users.email, email));
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(owner!.emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(memberships).where(eq(memberships.companyId, cID))).toMatchObject([
      { userId: owner!.id, role: 'owner' },
    ]);
    // The test clock says November 2026: the season under way.
    expect(await db.select().from(yearTerms).where(eq(yearTerms.companyId, cID))).toMatchObject([
      { name: '2026-2027', dateStart: '2026-09-01', dateEnd: '2027-06-30', isCurrent: true },
    ]);
    const terms = await db.select().from(termsDocuments).where(eq(termsDocuments.companyId, cID));
    expect(terms.map((x) => x.title).sort()).toEqual([
      'media release and liability waiver',
      'studio rules and policies',
    ]);

    const session = await signIn(t, email);
    expect(session.user.cID).toBe(cID);
  });

  it('answers with the spec text', async () => {
    await confirm();
    await validate(await codeFromMail());
    expect(await register(registration(email))).toMatchObject({
      status: 200,
      body: [true, { msg: messages.registrationSubmitted }],
    });
  });

  it('requires a code checked for that address in the last 30 minutes, used once', async () => {
    expect(await register(registration(email))).toMatchObject({
      status: 422,
      body: [false, messages.emailNotVerifiedForRegistration],
    });
    await confirm();
    await validate(await codeFromMail());
    t.clock.advanceMinutes(31);
    expect((await register(registration(email))).status).toBe(422);

    await confirm();
    await validate(await codeFromMail());
    expect((await register(registration(email))).status).toBe(200);
    const again = await register(
      registration(email, { studioInfo: { ...registration(email).studioInfo, name: 'Second Studio' } }),
    );
    expect(again.status).toBe(422);
    expect(await countRows(companies)).toBe(1);
  });

  it('answers a refusal a person can cause with a sentence, never zod wording', async () => {
    await confirm();
    await validate(await codeFromMail());
    const base = registration(email);
    expect(await register({ ...base, aboutUS: { option: '', notes: '' } })).toMatchObject({
      status: 400,
      body: [false, registrationMessages.aboutUsRequired],
    });
    const res = await register({ ...base, aboutUS: { option: 'Google', notes: 'x'.repeat(2001) } });
    expect(res).toMatchObject({ status: 400, body: [false, 'Must be at most 2000 characters'] });
    const parent = await t.call({
      method: 'POST',
      url: `/api/registration/parent/${(await registerStudio(t, 'other@lopez.example')).cID}`,
      payload: { ...parentRegistration('kid@lopez.example', []), aboutUS: { option: '' } },
    });
    expect(parent).toMatchObject({ status: 400, body: [false, registrationMessages.aboutUsRequired] });
  });

  it('refuses a weak password with the verify_password text', async () => {
    await confirm();
    await validate(await codeFromMail());
    const res = await register({ ...registration(email), login: { email, password: 'password' } });
    expect(res).toMatchObject({ status: 400, body: [false, messages.passwordRule] });
  });

  it('is no password oracle: without a checked code every address gets the same 422, even while sign-in is locked', async () => {
    await registerStudio(t, email);
    // Sign-in for the address is locked by wrong passwords.
    for (let i = 0; i < 11; i++) {
      await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong1234' } });
    }
    const locked = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Studio123' },
    });
    expect(locked.status).toBe(429);
    const answers = [
      await register(registration(email)),
      await register({ ...registration(email), login: { email, password: 'Other1234' } }),
      await register(registration('nobody@lopez.example')),
    ];
    for (const res of answers) {
      expect(res).toMatchObject({ status: 422, body: [false, messages.emailNotVerifiedForRegistration] });
    }
    expect(await countRows(companies)).toBe(1);
  });

  it('is limited per address, and a refusal takes its place before anything is checked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await register(registration(email))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The limit holds the right call too, until the window passes.
    await confirm();
    await validate(await codeFromMail());
    expect((await register(registration(email))).status).toBe(429);
    t.clock.advanceMinutes(15);
    expect((await register(registration(email))).status).toBe(200);
  });

  it('adds the studio to a proved sign-in, whose password is neither asked nor changed', async () => {
    await registerStudio(t, email);
    await confirm();
    const proved = await validate(await codeFromMail());
    expect(proved.body).toEqual([true, { msg: messages.codeVerified, hasSignIn: true }]);
    const { password: _none, ...login } = registration(email).login;
    const second = {
      ...registration(email),
      login,
      studioInfo: { ...registration(email).studioInfo, name: 'Second' },
    };
    expect((await register(second)).status).toBe(200);
    // A password sent anyway is not used either.
    await confirm();
    await validate(await codeFromMail());
    expect((await register({ ...registration(email), login: { email, password: 'Other1234' } })).status).toBe(
      200,
    );
    const session = await signIn(t, email, 'Studio123');
    expect(session.accts).toHaveLength(3);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Other1234' } }))
        .status,
    ).toBe(401);
  });

  it('gives a sign-in never confirmed to the person who proved the address, with the password chosen now', async () => {
    const { cID } = await registerStudio(t, 'someone@lopez.example');
    await createPerson(t.database.db, { email, companyId: cID, role: 'user', verified: false });
    await confirm();
    const proved = await validate(await codeFromMail());
    expect(proved.body[1].hasSignIn).toBe(false);
    // No password: nothing is done, and the code still works.
    const { password: _none, ...login } = registration(email).login;
    expect(await register({ ...registration(email), login })).toMatchObject({
      status: 400,
      body: [false, messages.passwordRule],
    });
    expect((await register({ ...registration(email), login: { email, password: 'Mine1234' } })).status).toBe(
      200,
    );
    const session = await signIn(t, email, 'Mine1234');
    expect(session.accts).toHaveLength(2);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Parent123' } }))
        .status,
    ).toBe(401);
  });

  it('answers one of a studio and a parent registering one new address at once with 409, never 500', async () => {
    const { cID } = await registerStudio(t, 'owner@lopez.example');
    const terms = (await t.call({ method: 'GET', url: `/api/registration/parent/company/${cID}` })).body[1]
      .terms;
    for (let round = 0; round < 4; round++) {
      const address = `race-${round}@lopez.example`;
      await confirm(address);
      await validate(await codeFromMail(address), address);
      const [studio, parent] = await Promise.all([
        register(registration(address)),
        t.call({
          method: 'POST',
          url: `/api/registration/parent/${cID}`,
          payload: parentRegistration(address, terms),
        }),
      ]);
      const statuses = [studio.status, parent.status].sort();
      expect(statuses, JSON.stringify([studio.body, parent.body])).toEqual([200, 409]);
      const refused = studio.status === 409 ? studio : parent;
      expect([registrationMessages.registeredMeanwhile, messages.emailTaken]).toContain(refused.body[1]);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, address));
      expect(row).toBeDefined();
    }
  });

  const long = 'x'.repeat(5000);
  const hostile = ['<script>alert(1)</script>', 'a\u0000b', 'line\nbreak', long];
  const base = registration(email);
  const cases: [string, (v: string) => object][] = [
    ['login.email', (v) => ({ ...base, login: { ...base.login, email: v } })],
    // A password may hold any character; only its length is bounded.
    ['login.password', () => ({ ...base, login: { ...base.login, password: `Aa1${long}` } })],
    ['user.firstName', (v) => ({ ...base, user: { ...base.user, firstName: v } })],
    ['user.lastName', (v) => ({ ...base, user: { ...base.user, lastName: v } })],
    ['user.phone', (v) => ({ ...base, user: { ...base.user, phone: v } })],
    ['accountInfo.address', (v) => ({ ...base, accountInfo: { ...base.accountInfo, address: v } })],
    ['accountInfo.city', (v) => ({ ...base, accountInfo: { ...base.accountInfo, city: v } })],
    ['accountInfo.state', (v) => ({ ...base, accountInfo: { ...base.accountInfo, state: v } })],
    ['accountInfo.zipcode', (v) => ({ ...base, accountInfo: { ...base.accountInfo, zipcode: v } })],
    ['accountInfo.phone', (v) => ({ ...base, accountInfo: { ...base.accountInfo, phone: v } })],
    ['studioInfo.name', (v) => ({ ...base, studioInfo: { ...base.studioInfo, name: v } })],
    ['studioInfo.address', (v) => ({ ...base, studioInfo: { ...base.studioInfo, address: v } })],
    ['studioInfo.city', (v) => ({ ...base, studioInfo: { ...base.studioInfo, city: v } })],
    ['studioInfo.state', (v) => ({ ...base, studioInfo: { ...base.studioInfo, state: v } })],
    ['studioInfo.zipcode', (v) => ({ ...base, studioInfo: { ...base.studioInfo, zipcode: v } })],
    ['studioInfo.phone', (v) => ({ ...base, studioInfo: { ...base.studioInfo, phone: v } })],
    ['studioInfo.email', (v) => ({ ...base, studioInfo: { ...base.studioInfo, email: v } })],
    ['aboutUS.option', (v) => ({ ...base, aboutUS: { ...base.aboutUS, option: v } })],
    ['aboutUS.notes', (v) => ({ ...base, aboutUS: { ...base.aboutUS, notes: `${v}\u0007${long}` } })],
  ];

  it.each(cases)(
    'refuses hostile and oversized %s with a clear 400 and stores nothing',
    async (_field, make) => {
      await confirm();
      await validate(await codeFromMail());
      for (const value of hostile) {
        const res = await register(make(value));
        expect(res.status, JSON.stringify(value).slice(0, 40)).toBe(400);
        expect(res.body[0]).toBe(false);
        expect(typeof res.body[1]).toBe('string');
        expect(res.body[1].length).toBeLessThan(200);
      }
      expect(await countRows(companies)).toBe(0);
      expect(await countRows(users)).toBe(0);
    },
  );

  it('refuses a body that is not JSON, or too large', async () => {
    const notJson = await t.call({
      method: 'POST',
      url: '/api/registration/account',
      payload: '{"login":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body[0]).toBe(false);
    const huge = await register({ ...base, aboutUS: { option: 'Other', notes: 'x'.repeat(400_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body[0]).toBe(false);
  });
});

describe('parent sign-up page', () => {
  it('shows the studio name and its terms, and nothing for an unknown or malformed id', async () => {
    const { cID } = await registerStudio(t, email);
    const res = await t.call({ method: 'GET', url: `/api/registration/parent/company/${cID}` });
    expect(res.status).toBe(200);
    expect(res.body[1].cName).toBe('Lopez Dance');
    expect(res.body[1].terms.map((x: { title: string }) => x.title)).toEqual([
      'studio rules and policies',
      'media release and liability waiver',
    ]);
    expect(res.body[1].terms[0].content).toContain('$20.00');
    expect(res.body[1].terms[0].id).toHaveLength(36);
    expect(res.body[1].terms[0].version).toBe(1);

    const unknown = await t.call({
      method: 'GET',
      url: '/api/registration/parent/company/6f1c2a5e-2f4b-4c59-9d7c-1e0f3a2b4c5d',
    });
    expect(unknown).toMatchObject({ status: 404, body: [false, messages.studioNotFound] });
    for (const bad of ['123', 'x'.repeat(36), `${cID}0`, "1' or '1'='1"]) {
      const res = await t.call({
        method: 'GET',
        url: `/api/registration/parent/company/${encodeURIComponent(bad)}`,
      });
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual([false, messages.invalidId]);
    }
  });
});
