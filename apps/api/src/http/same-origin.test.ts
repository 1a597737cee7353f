import { messages } from '@pirouette/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFamily } from '../../test/factories';
import { registerStudio, secondStudio, signIn } from '../../test/flows';
import { mailOutbox } from '../db/schema/mail';

/**
 * Requests forged by another page (issue 13 item 3): a page of another site, or on another port of
 * the same host (same-site, so the SameSite cookie rides along), makes the browser send a request
 * that the session cookie signs in. Each is refused and changes nothing; the app's own pages and API
 * clients (the x-access-token header) go on as before.
 */

const OWNER = 'owner@forge.example';
const APP = 'http://localhost:3000'; // the test app's APP_URL
const OTHER_PORT = 'http://localhost:5174';

let t: TestApp;
let token: string;
let second: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  await registerStudio(t, OWNER);
  await registerStudio(t, OWNER, secondStudio('second@forge.example'));
  const session = await signIn(t, OWNER);
  token = session.token;
  second = session.accts[1]!;
});
afterAll(async () => {
  await t.close();
});

const byCookie = (session: string, opts: InjectOptions) =>
  t.call({ ...opts, cookies: { 'x-access-token': session } });
const me = async (session: string) =>
  t.call({ method: 'GET', url: '/api/auth/me', headers: { 'x-access-token': session } });
const genreNames = async () =>
  (
    (await t.call({ method: 'GET', url: '/api/mystudio/genres', headers: { 'x-access-token': token } }))
      .body[1] as { name: string }[]
  ).map((g) => g.name);

let n = 0;
const addGenre = (headers: Record<string, string>, via: 'cookie' | 'header' = 'cookie') => {
  const name = `Forged ${++n}`;
  const opts: InjectOptions = { method: 'POST', url: '/api/mystudio/genres', headers, payload: { name } };
  const sent =
    via === 'cookie'
      ? byCookie(token, opts)
      : t.call({ ...opts, headers: { ...headers, 'x-access-token': token } });
  return sent.then((res) => ({ res, name }));
};

describe('a change signed in by the session cookie', () => {
  it.each([
    ['no Origin, Referer or Sec-Fetch-Site', {}],
    ['another site as Origin', { origin: 'https://evil.example' }],
    ['another port of the same host as Origin', { origin: OTHER_PORT }],
    ['an opaque Origin (a sandboxed frame, a file)', { origin: 'null' }],
    ['a foreign Referer and no Origin', { referer: `${OTHER_PORT}/forms.html` }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    [
      'Sec-Fetch-Site: same-site (another port), whatever the Origin says',
      { 'sec-fetch-site': 'same-site', origin: APP },
    ],
  ])('is refused with 403 and changes nothing: %s', async (_case, headers) => {
    const { res, name } = await addGenre(headers);
    expect(res).toMatchObject({ status: 403, body: [false, messages.notFromThisSite] });
    expect(await genreNames()).not.toContain(name);
  });

  it.each([
    [
      'Sec-Fetch-Site: same-origin (the app, or the Vite dev server proxying it)',
      { 'sec-fetch-site': 'same-origin' },
    ],
    ['the configured APP_URL as Origin', { origin: APP }],
    [
      'the address the request was sent to as Origin',
      { origin: 'http://pirouette.test:8080', host: 'pirouette.test:8080' },
    ],
    ['an own Referer and no Origin (an older browser)', { referer: `${APP}/accounts/admin` }],
  ])('is carried out from the app’s own pages: %s', async (_case, headers) => {
    const { res, name } = await addGenre(headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await genreNames()).toContain(name);
  });

  it('from an API client (the x-access-token header) needs no Origin: no other page can send that header', async () => {
    const { res, name } = await addGenre({ origin: 'https://evil.example' }, 'header');
    expect(res.status).toBe(200);
    expect(await genreNames()).toContain(name);
  });
});

describe('bodies other than JSON', () => {
  // The forgery: a page on another port resent an invitation with a text/plain form POST.
  // The resend takes no body, so the text used to pass; now no text/plain body is read at all.
  it('are refused with 415 in the envelope, the resend of an invitation included, and mail nothing', async () => {
    const { cID } = (await signIn(t, OWNER)).user;
    const family = await createFamily(t.database.db, cID);
    const added = await t.call({
      method: 'POST',
      url: '/api/mystudio/account/user',
      headers: { 'x-access-token': token },
      payload: {
        uType: 'user',
        aID: family.id,
        nUser: {
          firstName: 'Ines',
          lastName: 'Vega',
          phone: '9735550140',
          role: 'Mother',
          email: 'ines@forge.example',
        },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const outbox = async () => (await t.database.db.select().from(mailOutbox)).length;
    const before = await outbox();
    const resend = {
      method: 'POST',
      url: `/api/mystudio/account/${family.id}/invite/${added.body[1].id}`,
    } as const;
    const text = { 'content-type': 'text/plain' };

    const forged = await byCookie(token, {
      ...resend,
      headers: { ...text, origin: OTHER_PORT },
      payload: 'x=y',
    });
    expect(forged).toMatchObject({ status: 403, body: [false, messages.notFromThisSite] });
    for (const headers of [
      { ...text, origin: APP },
      { ...text, 'x-access-token': token },
      { 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': token },
      { 'content-type': 'multipart/form-data; boundary=x', 'x-access-token': token },
    ]) {
      const res = await t.call({ ...resend, cookies: { 'x-access-token': token }, headers, payload: 'x=y' });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(res.body).toEqual([false, messages.unsupportedBody]);
    }
    // Even without a body, the type a form declares is refused.
    const empty = await t.call({ ...resend, headers: { ...text, 'x-access-token': token } });
    expect(empty.status).toBe(415);
    expect(await outbox()).toBe(before);

    // The same resend as the app sends it goes through.
    const json = await byCookie(token, { ...resend, headers: { origin: APP }, payload: {} });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(await outbox()).toBe(before + 1);
  });

  it('are refused at sign-in too, where no session is read', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: OWNER, password: 'Studio123' }),
    });
    expect(res.status).toBe(415);
    expect(res.cookies).toHaveLength(0);
  });
});

describe('the GETs that change something', () => {
  it('sign-out by an image on another port (either spec path) leaves the session live', async () => {
    const { token: victim } = await signIn(t, OWNER);
    for (const url of ['/api/auth/logout', '/api/auth/authlogout', '/API/Auth/LOGOUT']) {
      for (const headers of [
        { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'image' },
        { referer: `${OTHER_PORT}/` },
        {},
      ]) {
        const res = await byCookie(victim, { method: 'GET', url, headers });
        expect(res, `${url} ${JSON.stringify(headers)}`).toMatchObject({
          status: 403,
          body: [false, messages.notFromThisSite],
        });
      }
    }
    expect((await me(victim)).status).toBe(200);
  });

  it('sign-out from the app’s own page, or by an API client, ends the session', async () => {
    for (const path of ['/api/auth/logout', '/api/auth/authlogout']) {
      const { token: own } = await signIn(t, OWNER);
      const res = await byCookie(own, {
        method: 'GET',
        url: path,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(200);
      expect((await me(own)).body).toEqual([true, null]);
      const { token: client } = await signIn(t, OWNER);
      const out = await t.call({ method: 'GET', url: path, headers: { 'x-access-token': client } });
      expect(out.status).toBe(200);
      expect((await me(client)).body).toEqual([true, null]);
    }
  });

  it('the account switch from another site leaves the session at its studio', async () => {
    const session = await signIn(t, OWNER);
    const url = `/api/auth/userAccount/${second.id}`;
    const forged = await byCookie(session.token, {
      method: 'GET',
      url,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(forged).toMatchObject({ status: 403, body: [false, messages.notFromThisSite] });
    expect((await me(session.token)).body[1].user.cID).toBe(session.user.cID);

    const own = await byCookie(session.token, { method: 'GET', url, headers: { origin: APP } });
    expect(own.status).toBe(200);
    expect((await me(session.token)).body[1].user.cName).toBe('Second Studio');
  });

  it('reads stay open to a cookie without Origin: nothing to forge', async () => {
    const res = await byCookie(token, { method: 'GET', url: '/api/auth/me' });
    expect(res.status).toBe(200);
  });
});
