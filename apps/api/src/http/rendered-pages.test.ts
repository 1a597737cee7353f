import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentRegistration, signIn } from '../../test/flows';
import { caller } from '../../test/studios';
import { useTwoStudios } from '../../test/studios-base';
import { ok, verifiedParent } from '../modules/accounts/accounts.fixture';
import { serverEntryOf } from './rendered-pages';

/**
 * The parent portal's home rendered by the server (decision 093), with the web's real server build: built
 * here from the web's source (`vite build --ssr`, into a folder of this test's own), as `npm run build`
 * builds it, and loaded by the server as it loads the one in apps/web/dist.
 */
const WEB = fileURLToPath(new URL('../../../web', import.meta.url));
const webDist = mkdtempSync(join(tmpdir(), 'pirouette-rendered-'));
// What the browser's build writes, in the shape the server fills in (apps/web/index.html once built).
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Pirouette</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-s1.css">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
);
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets/index-s1.css'), '.shell{color:#123456}');

beforeAll(() => {
  const built = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(webDist, '.server'),
      '--logLevel',
      'warn',
    ],
    { cwd: WEB, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the web's server build failed: ${built.stderr}`);
  expect(serverEntryOf(webDist)).toContain('.server');
}, 240_000);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const { t, s } = useTwoStudios({ webDist });

/** A family registered in a studio (A unless told) with these names, its parent verified and signed in. */
async function family(email: string, names: { last: string; student: string }, companyId = s.companyA) {
  const terms = (await caller(t).get(`/api/registration/parent/company/${companyId}`)).body[1].terms;
  const form = parentRegistration(email, terms);
  await ok(
    caller(t).post(`/api/registration/parent/${companyId}`, {
      ...form,
      user: { ...form.user, lastName: names.last },
      students: [{ firstName: names.student, lastName: names.last, gender: 'F', dob: '2015-03-14' }],
    }),
  );
  await verifiedParent(t, email);
  return (await signIn(t, email, 'Parent123')).token;
}

const page = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'GET',
    url,
    headers: { ...headers, ...(token ? { cookie: `x-access-token=${token}` } : {}) },
  });

/** The page's first screen: what `#root` holds. */
const rootOf = (html: string) =>
  /<div id="root">(.*?)<\/div><script type="application\/json"/s.exec(html)?.[1] ?? '';

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

const stateOf = (html: string) => {
  const block = /<script type="application\/json" id="rendered-state">(.*?)<\/script>/s.exec(html);
  return block ? JSON.parse(block[1]!) : null;
};

describe('the parent portal rendered by the server (decision 093)', () => {
  let quill = '';
  let zeller = '';
  beforeAll(async () => {
    quill = await family('quill@parents.example', { last: 'Quillfeather', student: 'Marisol' });
    zeller = await family('zeller@parents.example', { last: 'Zellerbach', student: 'Octavia' });
  });

  it("carries a signed-in parent's first screen and its data, never another family's, not to be kept", async () => {
    for (const [token, own, other] of [
      [quill, ['Quillfeather', 'Marisol'], ['Zellerbach', 'Octavia']],
      [zeller, ['Zellerbach', 'Octavia'], ['Quillfeather', 'Marisol']],
    ] as const) {
      const res = await page('/accounts/parents', token);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const html = String(res.body);
      expect(html).toContain('<html lang="en" data-rendered');
      const root = rootOf(html);
      // The first screen, as the browser renders it: the welcome, the family, its dancer.
      expect(root).toMatch(/Welcome, (<!-- -->)?Priya/);
      for (const text of own) expect(root).toContain(text);
      const state = stateOf(html);
      const keys = state.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey.join('/'));
      expect(keys).toEqual(['auth/me', 'parents/account/', 'parents/registration/waitlist']);
      expect(JSON.stringify(state)).toContain(own[1]);
      // The stylesheet's and the data's text aside, nothing of the other family anywhere in the page.
      for (const text of other) expect(html).not.toContain(text);
    }
  });

  it('sends the plain page to a visitor, an unknown session and an owner', async () => {
    const owner = (await signIn(t, 'owner@studio-a.example')).token;
    for (const token of [undefined, 'not-a-session', owner]) {
      const res = await page('/accounts/parents', token);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.body)).toContain('<div id="root"></div>');
      expect(String(res.body)).not.toContain('rendered-state');
    }
  });

  it('renders no other page, a parent signed in or not', async () => {
    for (const url of ['/accounts/parents/statement', '/accounts/parents/register', '/login', '/']) {
      const res = await page(url, quill);
      expect(String(res.body)).toContain('<div id="root"></div>');
    }
  });
});

describe("the owner's account list rendered by the server (decision 097)", () => {
  let ownerA = '';
  let parent = '';
  beforeAll(async () => {
    parent = await family('hollis@parents.example', { last: 'Hollingsworth', student: 'Beatrix' });
    await family('pemberton@parents.example', { last: 'Pemberton', student: 'Clementine' });
    await family('vantassel@parents.example', { last: 'Vantassel', student: 'Rosalind' }, s.companyB);
    ownerA = (await signIn(t, 'owner@studio-a.example')).token;
  });

  it("carries the owner's list as its address asks, the studio's families only, not to be kept", async () => {
    const res = await page('/accounts/admin/accounts?status=incomplete', ownerA);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = String(res.body);
    const root = rootOf(html);
    for (const text of ['Hollingsworth', 'Pemberton', 'Beatrix']) expect(root).toContain(text);
    // Another studio's family is nowhere in the page.
    expect(html).not.toContain('Vantassel');
    const keys = stateOf(html).queries.queries.map((q: { queryKey: unknown[] }) =>
      q.queryKey.slice(0, 3).join('/'),
    );
    expect(keys).toEqual([
      'auth/me',
      'mystudio/account/list',
      'mystudio/yearTerms',
      'mystudio/setup',
      'mystudio/schedule/class',
    ]);

    // The search in the address is the list's: one family.
    const searched = rootOf(
      String((await page('/accounts/admin/accounts?status=incomplete&q=Pemb', ownerA)).body),
    );
    expect(searched).toContain('Pemberton');
    expect(searched).not.toContain('Hollingsworth');
  });

  it("lists the page's files in its head, as the build names them, and nothing else (decision 093)", async () => {
    // What the web's build writes beside the page (`.early-files.json`), here naming files for the list.
    writeFileSync(
      join(webDist, '.early-files.json'),
      JSON.stringify([
        {
          pattern: '^/accounts/admin/accounts/?$',
          files: ['/assets/admin-routes-a1.js', '/assets/list-b2.js', '/assets/list-c3.css', '/../x.js'],
        },
      ]),
    );
    writeFileSync(join(webDist, 'assets/list-c3.css'), '.list{color:#654321}');
    try {
      const html = String((await page('/accounts/admin/accounts', ownerA)).body);
      const head = html.slice(0, html.indexOf('</head>'));
      const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
      expect(preloaded).toEqual(['/assets/admin-routes-a1.js', '/assets/list-b2.js']);
      // The route's stylesheet is in the page after the page's own (as the app's loader would apply it,
      // decision 133), its link disabled for that loader to find; anything else named there is left out.
      expect(head).toContain(
        '<style>.list{color:#654321}</style><link rel="modulepreload" crossorigin href="/assets/admin-routes-a1.js">',
      );
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/list-c3.css" disabled>');
      expect(head.indexOf('.shell{')).toBeLessThan(head.indexOf('.list{'));
      expect(head).not.toContain('x.js');
      // The page's own stylesheet is in the page, and its link stays, disabled, for the app's loader to
      // see (decision 113): a browser neither fetches nor applies it.
      expect(head).toContain('<meta charset="UTF-8" /><style>.shell{color:#123456}</style>');
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-s1.css" disabled>');
      expect(head.match(/index-s1\.css/g)).toHaveLength(1);
      // A parent's portal, not listed, preloads none of them.
      expect(String((await page('/accounts/parents', parent)).body)).not.toContain('admin-routes-a1');
    } finally {
      rmSync(join(webDist, '.early-files.json'));
      rmSync(join(webDist, 'assets/list-c3.css'));
    }
  });

  it("is laid out as a phone's when the browser says it is one: cards, not a table", async () => {
    const url = '/accounts/admin/accounts?status=incomplete';
    const computer = String((await page(url, ownerA)).body);
    expect(stateOf(computer).phone).toBe(false);
    expect(rootOf(computer)).toContain('<table');
    const phones: Record<string, string>[] = [{ 'user-agent': PHONE }, { 'sec-ch-ua-mobile': '?1' }];
    for (const headers of phones) {
      const phone = String((await page(url, ownerA, headers)).body);
      expect(stateOf(phone).phone).toBe(true);
      expect(rootOf(phone)).not.toContain('<table');
      expect(rootOf(phone)).toContain('Hollingsworth');
    }
  });

  it('answers any address of the list with a page, rendered or plain, never an error or its words', async () => {
    for (const query of [
      'status=%3Cscript%3Ealert(1)%3C%2Fscript%3E&page=-1',
      'page=99999999999999999999&q=%E2%80%AE',
      `q=${'x'.repeat(3000)}`,
      'view=filtered&locID=not-a-uuid&rmID=%27%3B--&day=9&level=%3Cb%3E',
      'q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const res = await page(`/accounts/admin/accounts?${query}`, ownerA);
      expect(res.status, query).toBe(200);
      const html = String(res.body);
      expect(html, query).not.toContain('<script>alert(1)');
      expect(html, query).not.toContain('<b>');
    }
  });

  it('sends the plain page to a parent, a visitor and an unknown session, and renders no other owner page', async () => {
    for (const token of [parent, undefined, 'not-a-session']) {
      const res = await page('/accounts/admin/accounts', token);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.body)).toContain('<div id="root"></div>');
    }
    for (const url of [
      '/accounts/admin',
      '/accounts/admin/calendar',
      '/accounts/admin/accounts/payments-auto-charge',
    ]) {
      expect(String((await page(url, ownerA)).body)).toContain('<div id="root"></div>');
    }
  });
});

describe('the sign-in pages rendered by the server for a visitor (decision 133)', () => {
  it('carries the form, its button waiting for the scripts, and who is signed in: nobody', async () => {
    for (const [token, headers] of [
      [undefined, {}],
      ['not-a-session', {}],
      [undefined, { 'user-agent': PHONE }],
    ] as const) {
      const res = await page('/login', token, headers);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const html = String(res.body);
      const root = rootOf(html);
      expect(root).toContain('Sign in');
      expect(root).toMatch(/<input[^>]*type="email"/);
      expect(root).toMatch(/<input[^>]*type="password"/);
      // The button answers once the page is hydrated (login-form.tsx): before, a press sends nothing.
      expect(root).toMatch(/<button[^>]*type="submit" disabled=""/);
      const state = stateOf(html);
      expect(state.phone).toBe('user-agent' in headers);
      const queries = Object.fromEntries(
        state.queries.queries.map((q: { queryKey: unknown[]; state: { data: unknown } }) => [
          q.queryKey.join('/'),
          q.state.data,
        ]),
      );
      expect(queries).toEqual({ 'auth/me': null, 'auth/remember': { email: null } });
    }
  });

  it('sends the plain page to someone signed in (the browser takes them home)', async () => {
    const owner = (await signIn(t, 'owner@studio-a.example')).token;
    for (const url of ['/login', '/LOGIN/']) {
      const res = await page(url, owner);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.body)).toContain('<div id="root"></div>');
    }
  });

  it("renders a studio's own sign-in page with its name, never another studio's", async () => {
    const nameOf = async (id: string) =>
      (await caller(t).get(`/api/registration/parent/company/${id}`)).body[1].cName as string;
    const [nameA, nameB] = [await nameOf(s.companyA), await nameOf(s.companyB)];
    expect(nameA).not.toBe(nameB);
    for (const [id, own, other] of [
      [s.companyA, nameA, nameB],
      [s.companyB, nameB, nameA],
    ] as const) {
      const res = await page(`/parent/${id}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const html = String(res.body);
      expect(rootOf(html)).toContain(own);
      expect(rootOf(html)).toMatch(/<button[^>]*type="submit" disabled=""/);
      const keys = stateOf(html).queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey.join('/'));
      expect(keys).toEqual(['auth/me', 'auth/remember', `registration/parent/company/${id}`]);
      expect(html).not.toContain(other);
    }
  });

  it("sends the plain page for an id of no studio, and for a studio's other pages", async () => {
    for (const url of [
      '/parent/not-an-id',
      '/parent/00000000-0000-4000-8000-000000000000',
      '/parent',
      '/parent/not-an-id/register',
      '/parent/00000000-0000-4000-8000-000000000000/register',
      `/parent/${s.companyA}/register/x`,
      `/parent/${s.companyA}/registers`,
    ]) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(String(res.body), url).toContain('<div id="root"></div>');
    }
  });

  it('renders no other page for a visitor', async () => {
    for (const url of ['/register', '/accounts/parents', '/accounts/admin/accounts', '/', '/login/x']) {
      const res = await page(url);
      expect(String(res.body), url).toContain('<div id="root"></div>');
    }
  });
});
describe("a studio's registration rendered by the server for a visitor (decision 134)", () => {
  it("carries the first step with the studio's name, its Next waiting for the scripts, never another studio's", async () => {
    const nameOf = async (id: string) =>
      (await caller(t).get(`/api/registration/parent/company/${id}`)).body[1].cName as string;
    const [nameA, nameB] = [await nameOf(s.companyA), await nameOf(s.companyB)];
    for (const [id, own, other, headers] of [
      [s.companyA, nameA, nameB, {}],
      [s.companyB, nameB, nameA, { 'user-agent': PHONE }],
    ] as const) {
      const res = await page(`/parent/${id}/register`, undefined, headers);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const html = String(res.body);
      const root = rootOf(html);
      expect(root).toContain(own);
      expect(root.replaceAll('<!-- -->', '')).toContain('Step 1 of 5: You');
      for (const path of ['login.email', 'login.password', 'confirmPassword', 'user.firstName', 'user.phone'])
        expect(root).toContain(`data-path="${path}"`);
      // Next answers once the page is hydrated (parent-register-page.tsx): before, a press sends nothing.
      expect(root).toMatch(/<button[^>]*type="submit" disabled=""/);
      const state = stateOf(html);
      expect(state.phone).toBe('user-agent' in headers);
      const keys = state.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey.join('/'));
      expect(keys).toEqual(['auth/me', `registration/parent/company/${id}`]);
      expect(html).not.toContain(other);
    }
  });

  it('sends the plain page to someone signed in (the browser takes them home)', async () => {
    const owner = (await signIn(t, 'owner@studio-a.example')).token;
    const res = await page(`/parent/${s.companyA}/register`, owner);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.body)).toContain('<div id="root"></div>');
  });
});
