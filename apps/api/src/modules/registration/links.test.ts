import { messages, registrationMessages } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appOn, emptiedForEachTest, type TestApp } from '../../../test/build-test-app';
import { createPerson } from '../../../test/factories';
import { lastMailTo, linkTokenIn, registerStudio, signIn } from '../../../test/flows';
import { countQueries } from '../../../test/query-count';
import { rowsOf } from '../../db/rows';

let t: TestApp;
// Each test on an empty database of its own: one per file, emptied between tests.
const databases = emptiedForEachTest();
beforeEach(async () => {
  t = await appOn(await databases.next());
});
afterEach(async () => {
  await t.close();
});

const owner = 'owner@studio.example';
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const requestReset = (email: string) =>
  t.call({ method: 'GET', url: `/api/registration/change/pass/${email}` });
const change = (token: string, password: string) =>
  t.call({ method: 'PUT', url: '/api/registration/change/pass', payload: { token, password } });
const resetToken = async (email: string) =>
  linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/pass/');

describe('password reset', () => {
  it('works end to end, once, and ends every session', async () => {
    await registerStudio(t, owner);
    const before = await signIn(t, owner);

    const asked = await requestReset(owner);
    expect(asked).toMatchObject({ status: 200, body: [true, { msg: messages.resetMailSent }] });
    const mail = await lastMailTo(t, owner);
    expect(mail.text).toContain('http://localhost:3000/verify/email/pass/');
    const token = await resetToken(owner);
    expect(token.length).toBeGreaterThanOrEqual(43);

    expect(await change(token, 'NewPass456')).toMatchObject({
      status: 200,
      body: [true, { msg: messages.passwordChanged }],
    });
    expect((await login(owner, 'Studio123')).status).toBe(401);
    expect((await login(owner, 'NewPass456')).status).toBe(200);
    // The session from before the change is over.
    expect(
      (await t.call({ method: 'GET', url: '/api/auth/me', headers: { 'x-access-token': before.token } }))
        .body,
    ).toEqual([true, null]);
    // The link works once.
    expect(await change(token, 'Another789')).toMatchObject({
      status: 400,
      body: [false, messages.resetLinkInvalid],
    });
    expect((await login(owner, 'NewPass456')).status).toBe(200);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    await registerStudio(t, owner);
    const known = await requestReset(owner);
    const unknown = await requestReset('nobody@studio.example');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await expect(lastMailTo(t, 'nobody@studio.example')).rejects.toThrow();
  });

  it('refuses an expired link, a made-up link and a weak password', async () => {
    await registerStudio(t, owner);
    await requestReset(owner);
    const token = await resetToken(owner);
    expect(await change(token, 'weak')).toMatchObject({ status: 400, body: [false, messages.passwordRule] });
    expect((await change('A'.repeat(43), 'NewPass456')).status).toBe(400);
    t.clock.advanceMinutes(61);
    expect(await change(token, 'NewPass456')).toMatchObject({
      status: 400,
      body: [false, messages.resetLinkInvalid],
    });
    expect((await login(owner, 'Studio123')).status).toBe(200);
  });

  it('honours only the newest link', async () => {
    await registerStudio(t, owner);
    await requestReset(owner);
    const first = await resetToken(owner);
    await requestReset(owner);
    const second = await resetToken(owner);
    expect((await change(first, 'NewPass456')).status).toBe(400);
    expect((await change(second, 'NewPass456')).status).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('refuses sign-in to an unverified address, mails a fresh link, and the link works once', async () => {
    const { cID } = await registerStudio(t, owner);
    await createPerson(t.database.db, {
      email: 'new.parent@family.example',
      companyId: cID,
      role: 'user',
      verified: false,
    });

    const refused = await login('new.parent@family.example', 'Parent123');
    expect(refused).toMatchObject({ status: 403, body: [false, messages.verificationMailSent] });
    expect(refused.cookies).toHaveLength(0);
    const mail = await lastMailTo(t, 'new.parent@family.example');
    const hash = linkTokenIn(mail.text, '/verify/email/nt/');
    expect(hash.length).toBeGreaterThanOrEqual(43);

    const verify = (h: string) => t.call({ method: 'PUT', url: `/api/registration/verify/email/${h}` });
    // The client's limit, then the link used, the address confirmed and the audit row in one statement.
    const { count, result } = await countQueries(t, () => verify(hash));
    expect(result).toMatchObject({ status: 200, body: [true, { msg: messages.verifyComplete }] });
    expect(count).toBe(2);
    const audited = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log a join users u on u.id = a.user_id
        where a.action = 'auth.email_verified' and u.email = 'new.parent@family.example'`,
    );
    expect(audited[0]?.n).toBe(1);
    expect(await verify(hash)).toMatchObject({ status: 400, body: [false, messages.verifyLinkExpired] });
    expect((await login('new.parent@family.example', 'Parent123')).status).toBe(200);
  });

  it('keeps the first link alive when the person signs in again before following it, and says so', async () => {
    const { cID } = await registerStudio(t, owner);
    const address = 'eager@family.example';
    await createPerson(t.database.db, { email: address, companyId: cID, role: 'user', verified: false });
    const mails = async () =>
      (
        (await t.call({ method: 'GET', url: '/dev/mail.json' })).body[1] as { to: string; text: string }[]
      ).filter((m) => m.to === address);

    expect((await login(address, 'Parent123')).body).toEqual([false, messages.verificationMailSent]);
    const first = linkTokenIn((await lastMailTo(t, address)).text, '/verify/email/nt/');
    // A moment later: the link is on its way, so no second one, and the person is told so.
    t.clock.advanceMinutes(3);
    expect(await login(address, 'Parent123')).toMatchObject({
      status: 403,
      body: [false, registrationMessages.verificationMailRecent],
    });
    expect(await mails()).toHaveLength(1);
    // Later still: a new link, and the first one still works.
    t.clock.advanceMinutes(10);
    expect((await login(address, 'Parent123')).body).toEqual([false, messages.verificationMailSent]);
    expect(await mails()).toHaveLength(2);
    const verify = await t.call({ method: 'PUT', url: `/api/registration/verify/email/${first}` });
    expect(verify).toMatchObject({ status: 200, body: [true, { msg: messages.verifyComplete }] });
    expect((await login(address, 'Parent123')).status).toBe(200);
  });

  it('expires a link after 48 hours', async () => {
    const { cID } = await registerStudio(t, owner);
    await createPerson(t.database.db, {
      email: 'late@family.example',
      companyId: cID,
      role: 'user',
      verified: false,
    });
    await login('late@family.example', 'Parent123');
    const hash = linkTokenIn((await lastMailTo(t, 'late@family.example')).text, '/verify/email/nt/');
    t.clock.advanceMinutes(48 * 60 + 1);
    expect((await t.call({ method: 'PUT', url: `/api/registration/verify/email/${hash}` })).status).toBe(400);
  });

  it('refuses a wrong password without mailing anything', async () => {
    const { cID } = await registerStudio(t, owner);
    await createPerson(t.database.db, {
      email: 'quiet@family.example',
      companyId: cID,
      role: 'user',
      verified: false,
    });
    expect((await login('quiet@family.example', 'Wrong1234')).status).toBe(401);
    await expect(lastMailTo(t, 'quiet@family.example')).rejects.toThrow();
  });
});

describe('roles', () => {
  it('keeps a parent out of the owner routes', async () => {
    const { cID } = await registerStudio(t, owner);
    await createPerson(t.database.db, { email: 'parent@family.example', companyId: cID, role: 'user' });
    const parent = await signIn(t, 'parent@family.example', 'Parent123');
    const res = await t.call({
      method: 'GET',
      url: '/api/mystudio/yearTerms',
      headers: { 'x-access-token': parent.token },
    });
    expect(res).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    const me = await t.call({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-access-token': parent.token },
    });
    expect(me.body[1].user.nPriv).toBe('user');
  });
});
