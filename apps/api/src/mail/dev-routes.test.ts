import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/build-test-app';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { registerDevMailRoutes } from './dev-routes';
import { enqueueMail } from './outbox';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  app = Fastify();
  await app.register(registerDevMailRoutes, { db: database.db });
});
afterEach(() => app.close());

const enqueueThree = async () => {
  await enqueueMail(database.db, {
    template: 'registration-code',
    data: { code: '123456', minutes: 10 },
    to: 'owner@example.com',
  });
  await enqueueMail(database.db, {
    template: 'verify-email',
    data: { firstName: 'Ana', link: 'http://localhost:3000/verify/email/nt/abc123', hours: 24 },
    to: 'ana@example.com',
  });
  await enqueueMail(database.db, {
    template: 'password-reset',
    data: { firstName: 'Ben', link: 'http://localhost:3000/verify/email/pass/tok_XYZ', minutes: 30 },
    to: 'ben@example.com',
  });
};

describe('GET /dev/mail.json', () => {
  it('answers an empty list before any mail', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([true, []]);
  });

  it('lists the outbox newest first', async () => {
    await enqueueThree();
    const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [ok, mails] = res.json() as [boolean, Array<Record<string, string>>];
    expect(ok).toBe(true);
    expect(mails.map((m) => m.to)).toEqual(['ben@example.com', 'ana@example.com', 'owner@example.com']);
    expect(Object.keys(mails[0] ?? {}).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    expect(mails[2]?.subject).toBe('Your Pirouette verification code: 123456');
    expect(mails[0]?.text).toContain('http://localhost:3000/verify/email/pass/tok_XYZ');
    expect(mails[0]?.html).toContain('<!doctype html>');
    expect(new Date(mails[0]?.createdAt ?? '').toISOString()).toBe(mails[0]?.createdAt);
  });
});

describe('GET /dev/mail', () => {
  it('shows the messages newest first, with their text links clickable and HTML sandboxed', async () => {
    await enqueueThree();
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers['cache-control']).toBe('no-store');

    const page = res.body;
    const positions = [
      'Change your Pirouette password',
      'Confirm your e-mail address',
      'verification code: 123456',
    ].map((s) => page.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page).toContain(
      '<a href="http://localhost:3000/verify/email/pass/tok_XYZ" target="_blank" rel="noopener noreferrer">',
    );
    expect(page).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="/);
    expect(page).not.toMatch(/<iframe [^>]*allow-scripts/);
    expect(page).not.toContain('<meta http-equiv="refresh"');
  });

  it('escapes hostile subjects, addresses, text and HTML', async () => {
    await enqueueMail(database.db, {
      template: 'registration-code',
      data: { code: '<script>alert(1)</script>', minutes: 10 },
      to: 'x"><script>alert(2)</script>@example.com',
    });
    await database.db.insert(mailOutbox).values({
      to: 'raw@example.com',
      subject: 'Raw "quoted" <b>bold</b>',
      text: 'see https://example.com/a?b=1&c=<script>alert(3)</script>. Thanks',
      html: '<p onclick="x()">hi</p><script>alert(4)</script>" onload="alert(5)',
      template: 'test',
    });
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    const page = res.body;
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('Your Pirouette verification code: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('x&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;@example.com');
    expect(page).toContain('Raw &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt;');
    expect(page).toContain('<a href="https://example.com/a?b=1&amp;c=" target="_blank"');
    // The mail's HTML stays inside the srcdoc attribute: every quote in it is escaped.
    expect(page).toContain(
      'srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=&quot;x()&quot;&gt;hi&lt;/p&gt;&lt;script&gt;alert(4)&lt;/script&gt;&quot; onload=&quot;alert(5)"',
    );
  });

  it('says so when the outbox is empty, and refreshes itself on request', async () => {
    const empty = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(empty.body).toContain('No mail yet.');
    const auto = await app.inject({ method: 'GET', url: '/dev/mail?auto=1' });
    expect(auto.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(auto.body).toContain('Auto-refresh: on');
  });
});

it('registers on an app with the zod type provider', async () => {
  const typed = Fastify().withTypeProvider<ZodTypeProvider>();
  await typed.register(registerDevMailRoutes, { db: database.db });
  const res = await typed.inject({ method: 'GET', url: '/dev/mail.json' });
  expect(res.json()).toEqual([true, []]);
  await typed.close();
});
