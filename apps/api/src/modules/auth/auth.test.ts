import { messages } from '@pirouette/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appOn, emptiedForEachTest, type TestApp } from '../../../test/build-test-app';
import { registerStudio, secondStudio, signIn } from '../../../test/flows';
import { countQueries } from '../../../test/query-count';

let t: TestApp;
// Each test on an empty database of its own: one per file, emptied between tests.
const databases = emptiedForEachTest();
beforeEach(async () => {
  t = await appOn(await databases.next());
});
afterEach(async () => {
  await t.close();
});

const email = 'owner@studio-a.example';
const login = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload });
const me = (token?: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'GET',
    url: '/api/auth/me',
    headers: { ...(token ? { 'x-access-token': token } : {}), ...headers },
  });

describe('sign-in', () => {
  it('answers with the session and sets the cookie until expT', async () => {
    const { cID } = await registerStudio(t, email);
    const res = await login({ email: 'OWNER@Studio-A.example ', password: 'Studio123' });
    expect(res.status).toBe(200);
    const data = res.body[1];
    expect(data).toMatchObject({
      user: { nPriv: 'owner', cName: 'Lopez Dance', cID, firstName: 'Ana', lastName: 'Lopez', email },
      nAccts: 1,
      cName: 'Lopez Dance',
      yrTrm: { name: '2026-2027', companyID: cID, dateStart: '2026-09-01', dateEnd: '2027-06-30' },
      accts: [{ cID, cName: 'Lopez Dance', nPriv: 'owner' }],
    });
    expect(data.accts[0].id).toHaveLength(36);
    expect(data.token.length).toBeGreaterThanOrEqual(43);
    // 12 hours from the test clock's 15:00 UTC.
    expect(data.user.expT).toBe('2026-11-22T03:00:00.000Z');
    const cookie = res.cookies.find((c) => c.name === 'x-access-token')!;
    expect(cookie.value).toBe(data.token);
    expect(cookie.expires?.toISOString()).toBe(data.user.expT);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Strict/);
  });

  it('answers what me reads, on the oldest studio, in two statements when no place waits to open', async () => {
    const first = await registerStudio(t, email);
    await registerStudio(t, email, secondStudio('second@studio-a.example'));
    const { count, result } = await countQueries(t, () => login({ email, password: 'Studio123' }));
    // The places taken beside one read of the person, their studios and their places waiting; then the
    // session, the places given back and the audit row written beside the year term's read.
    expect(count).toBe(2);
    const { token, cName, ...session } = result.body[1];
    expect(session.user.cID).toBe(first.cID);
    expect(cName).toBe('Lopez Dance');
    expect(session.accts.map((a: { cName: string }) => a.cName)).toEqual(['Lopez Dance', 'Second Studio']);
    expect((await me(token)).body).toEqual([true, session]);
  });

  it('keeps a remembered session for 30 days and remembers the e-mail, signed', async () => {
    await registerStudio(t, email);
    const res = await login({ email, password: 'Studio123', remember: true });
    expect(res.body[1].user.expT).toBe('2026-12-21T15:00:00.000Z');
    const remember = res.cookies.find((c) => c.name === 'auth.remember')!;
    expect(remember.value).not.toBe(email);
    const read = await t.call({
      method: 'GET',
      url: '/api/auth/remember',
      cookies: { 'auth.remember': remember.value },
    });
    expect(read.body).toEqual([true, { email }]);
    const forged = await t.call({
      method: 'GET',
      url: '/api/auth/remember',
      cookies: { 'auth.remember': `${email}.forged` },
    });
    expect(forged.body).toEqual([true, { email: null }]);
  });

  it('gives a wrong address and a wrong password the same 401', async () => {
    await registerStudio(t, email);
    const wrongPassword = await login({ email, password: 'Wrong1234' });
    const wrongAddress = await login({ email: 'nobody@studio-a.example', password: 'Studio123' });
    expect(wrongPassword).toMatchObject({ status: 401, body: [false, messages.wrongCredentials] });
    expect(wrongAddress).toMatchObject({ status: 401, body: wrongPassword.body });
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('refuses bad input with 400', async () => {
    expect((await login({ email: 'not-an-address', password: 'x' })).status).toBe(400);
    expect(await login({ password: 'x' })).toMatchObject({
      status: 400,
      body: [false, messages.emailRequired],
    });
    expect((await login({ email, password: 'x'.repeat(10_000) })).status).toBe(400);
  });

  it('locks an address after ten wrong passwords, the right one included', async () => {
    await registerStudio(t, email);
    for (let i = 0; i < 10; i++) expect((await login({ email, password: `Wrong${i}xx` })).status).toBe(401);
    expect((await login({ email, password: 'Studio123' })).status).toBe(429);
    t.clock.advanceMinutes(16);
    expect((await login({ email, password: 'Studio123' })).status).toBe(200);
  });
});

describe("the spec's other names (000 §7, decision 043)", () => {
  it('signs in by POST auth/authlogin: the same answer and token as auth/login', async () => {
    await registerStudio(t, email);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/authlogin',
      payload: { email, password: 'Studio123' },
    });
    expect(res.status).toBe(200);
    const data = res.body[1];
    expect(data).toMatchObject({ user: { nPriv: 'owner', email }, cName: 'Lopez Dance', nAccts: 1 });
    expect((await me(data.token)).body[1].user.email).toBe(email);
  });

  it('shares the sign-in limits with auth/login', async () => {
    await registerStudio(t, email);
    const authLogin = (password: string) =>
      t.call({ method: 'POST', url: '/api/auth/authlogin', payload: { email, password } });
    for (let i = 0; i < 5; i++) expect((await login({ email, password: `Wrong${i}xx` })).status).toBe(401);
    for (let i = 5; i < 10; i++) expect((await authLogin(`Wrong${i}xx`)).status).toBe(401);
    expect((await authLogin('Studio123')).status).toBe(429);
    expect((await login({ email, password: 'Studio123' })).status).toBe(429);
    expect((await authLogin('')).status).toBe(400);
  });

  it('answers GET x_AOS with the person and the studio, and x_AOS/comp with the studio', async () => {
    const { cID } = await registerStudio(t, email);
    const { token } = await signIn(t, email);
    const headers = { 'x-access-token': token };
    const aos = await t.call({ method: 'GET', url: '/api/x_AOS', headers });
    expect(aos.status).toBe(200);
    expect(aos.body[1]).toMatchObject({
      user: { nPriv: 'owner', cName: 'Lopez Dance', cID, email },
      yrTrm: { name: '2026-2027' },
      company: { id: cID, cName: 'Lopez Dance' },
    });
    const comp = await t.call({ method: 'GET', url: '/api/x_AOS/comp', headers });
    expect(comp.body).toEqual([true, aos.body[1].company]);
    expect(Object.keys(comp.body[1]).sort()).toEqual(
      ['address', 'cName', 'city', 'email', 'id', 'phone', 'state', 'timeZone', 'zipcode'].sort(),
    );
    expect((await t.call({ method: 'GET', url: '/api/x_AOS' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/x_AOS/comp' })).status).toBe(401);
  });
});

describe('the session', () => {
  it('reads the session from the header or the cookie, whatever the case of the path', async () => {
    await registerStudio(t, email);
    const { token } = await signIn(t, email);
    const viaHeader = await me(token);
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body[1]).toMatchObject({
      user: { email, nPriv: 'owner' },
      yrTrm: { name: '2026-2027' },
    });
    const viaCookie = await t.call({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { 'x-access-token': token },
    });
    expect(viaCookie.body).toEqual(viaHeader.body);
    const upper = await t.call({ method: 'GET', url: '/API/Auth/ME', headers: { 'x-access-token': token } });
    expect(upper.status).toBe(200);
    const authuser = await t.call({
      method: 'GET',
      url: '/api/auth/authuser',
      headers: { 'x-access-token': token },
    });
    expect(authuser.body[1]).toMatchObject({ email, nPriv: 'owner' });
  });

  it('never gives the token to a page script: me answers the session without it', async () => {
    await registerStudio(t, email);
    const { token } = await signIn(t, email);
    const viaCookie = await t.call({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { 'x-access-token': token },
    });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body[1]).not.toHaveProperty('token');
    expect(JSON.stringify(viaCookie.body)).not.toContain(token);
    const viaHeader = await me(token);
    expect(JSON.stringify(viaHeader.body)).not.toContain(token);
  });

  it('answers null, not an error, without a token, with a made-up token, and after expT (decision 041)', async () => {
    await registerStudio(t, email);
    const { token } = await signIn(t, email);
    expect(await me()).toMatchObject({ status: 200, body: [true, null] });
    expect(await me('A'.repeat(43))).toMatchObject({ status: 200, body: [true, null] });
    t.clock.advanceMinutes(12 * 60 + 1);
    expect(await me(token)).toMatchObject({ status: 200, body: [true, null] });
    // The ended session's cookie is dropped; a call that needs a session still answers 401.
    const byCookie = await t.call({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { 'x-access-token': token },
    });
    expect(String(byCookie.headers['set-cookie'])).toMatch(/x-access-token=;/);
    const user = await t.call({
      method: 'GET',
      url: '/api/auth/authuser',
      headers: { 'x-access-token': token },
    });
    expect(user).toMatchObject({ status: 401, body: [false, messages.sessionExpired] });
  });

  it('ends on logout: the same token is refused afterwards', async () => {
    await registerStudio(t, email);
    const { token } = await signIn(t, email);
    const out = await t.call({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'x-access-token': token },
    });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/x-access-token=;/);
    expect((await me(token)).body).toEqual([true, null]);
    // Logging out twice, or without a session, is harmless.
    expect((await t.call({ method: 'GET', url: '/api/auth/logout' })).status).toBe(200);
  });
});

describe('studios apart', () => {
  it("never lets one studio's session reach another studio's data", async () => {
    await registerStudio(t, email);
    await registerStudio(t, 'owner@studio-b.example');
    const a = await signIn(t, email);
    const b = await signIn(t, 'owner@studio-b.example');
    const termsOf = async (token: string) =>
      (await t.call({ method: 'GET', url: '/api/mystudio/yearTerms', headers: { 'x-access-token': token } }))
        .body[1];
    const [termA] = await termsOf(a.token);
    const [termB] = await termsOf(b.token);
    expect(termA.companyID).toBe(a.user.cID);
    expect(termB.companyID).toBe(b.user.cID);

    // A's token naming B's term: not found, and B's current term is untouched.
    const cross = await t.call({
      method: 'PUT',
      url: `/api/mystudio/yearTerms/set/${termB.id}`,
      headers: { 'x-access-token': a.token },
    });
    expect(cross).toMatchObject({ status: 404, body: [false, messages.yearTermNotFound] });
    expect((await termsOf(b.token))[0].isCurrent).toBe(true);

    // A's token naming B's membership: not found, the session stays at A.
    const sw = await t.call({
      method: 'GET',
      url: `/api/auth/userAccount/${b.accts[0]!.id}`,
      headers: { 'x-access-token': a.token },
    });
    expect(sw).toMatchObject({ status: 404, body: [false, messages.accountNotFound] });
    expect((await me(a.token)).body[1].user.cID).toBe(a.user.cID);
  });

  it('switches between the studios of one person', async () => {
    const first = await registerStudio(t, email);
    await registerStudio(t, email, secondStudio('second@studio-a.example'));
    const s = await signIn(t, email);
    expect(s.accts).toHaveLength(2);
    const other = s.accts.find((x) => x.id !== s.accts[0]!.id)!;
    const sw = await t.call({
      method: 'GET',
      url: `/api/auth/userAccount/${other.id}`,
      headers: { 'x-access-token': s.token },
    });
    expect(sw.status).toBe(200);
    expect(sw.body[1]).toMatchObject({ cName: 'Second Studio', yrTrm: { name: '2026-2027' } });
    expect(sw.body[1].user.cID).not.toBe(first.cID);
    expect((await me(s.token)).body[1].user.cName).toBe('Second Studio');
    const bad = await t.call({
      method: 'GET',
      url: '/api/auth/userAccount/12345',
      headers: { 'x-access-token': s.token },
    });
    expect(bad).toMatchObject({ status: 400, body: [false, messages.invalidId] });
  });
});

describe('the API conventions', () => {
  it('answers health with the database kind', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res).toMatchObject({ status: 200, body: [true, { status: 'ok', db: t.database.kind }] });
  });

  it('sends security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
    // Served over plain HTTP (APP_URL http://…), requests are not upgraded to HTTPS.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('answers an unknown API path with the envelope and 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(res).toMatchObject({ status: 404, body: [false, messages.pageNotFound] });
  });

  it('serves the OpenAPI description of its routes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/registration/account', '/api/health']),
    );
  });
});
