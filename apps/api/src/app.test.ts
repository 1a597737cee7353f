import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@pirouette/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'pirouette-web-'));
beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Pirouette</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/login', '/accounts/admin/myStudio/locations', '/parent/123/register', '/no/such/page'])(
    'answers the page %s with the app, not cached',
    async (url) => {
      const res = await t.call({ method: 'GET', url });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets for a year', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps /api answers in the envelope', async () => {
    expect(await t.call({ method: 'GET', url: '/api/unknown' })).toMatchObject({
      status: 404,
      body: [false, messages.pageNotFound],
    });
    expect((await t.call({ method: 'GET', url: '/api/health' })).body[0]).toBe(true);
    expect((await t.call({ method: 'POST', url: '/login' })).status).toBe(404);
  });

  it('shows the mail viewer only without SMTP', async () => {
    expect((await t.call({ method: 'GET', url: '/dev/mail.json' })).status).toBe(200);
    const withSmtp = await buildTestApp({ webDist, smtpUrl: 'smtp://127.0.0.1:2525' });
    try {
      expect((await withSmtp.call({ method: 'GET', url: '/dev/mail.json' })).status).toBe(404);
      expect((await withSmtp.call({ method: 'GET', url: '/dev/mail' })).status).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
