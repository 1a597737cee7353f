import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { codeIn, lastMailTo, linkTokenIn, registerStudio, signIn } from '../../test/flows';
import { redactUrl, requestLogger } from './logging';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('redactUrl', () => {
  it.each([
    ['/api/registration/verify/email/abcDEF123_-', '/api/registration/verify/email/[redacted]'],
    ['/api/registration/email/validate/a@b.example/123456', '/api/registration/email/validate/[redacted]'],
    ['/api/registration/confirm/email/a@b.example', '/api/registration/confirm/email/[redacted]'],
    ['/api/registration/change/pass/a@b.example', '/api/registration/change/pass/[redacted]'],
    ['/verify/email/pass/tok3n', '/verify/email/pass/[redacted]'],
    ['/verify/email/nt/tok3n', '/verify/email/nt/[redacted]'],
    ['/api/calendar/abcDEF123_-.ics', '/api/calendar/[redacted]'],
    ['/login?token=abc&x=1', '/login?token=[redacted]&x=1'],
    ['/api/auth/me', '/api/auth/me'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

/** A stream the app logs to, and the lines it wrote. */
function captured() {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logStream };
}

describe('the logs', () => {
  it("write a request's own lines at info, and none above it", async () => {
    const atInfo = captured();
    t = await buildTestApp({ logLevel: 'info' }, { logStream: atInfo.logStream });
    expect((await t.call({ method: 'GET', url: '/api/health' })).status).toBe(200);
    const [incoming, completed] = ['incoming request', 'request completed'].map((msg) =>
      atInfo.lines.map((l) => JSON.parse(l)).find((l) => l.msg === msg),
    );
    expect(incoming).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' } });
    expect(completed).toMatchObject({ level: 30, reqId: incoming.reqId, res: { statusCode: 200 } });
    expect(completed.responseTime).toBeGreaterThan(0);
    await t.close();

    const atWarn = captured();
    t = await buildTestApp({ logLevel: 'warn' }, { logStream: atWarn.logStream });
    expect((await t.call({ method: 'GET', url: '/api/health' })).status).toBe(200);
    expect(atWarn.lines).toEqual([]);
  });

  it('never hold a password, token, code or cookie, even on a full day of sign-ins', async () => {
    const { lines, logStream } = captured();
    t = await buildTestApp({ logLevel: 'trace' }, { logStream });
    const email = 'owner@logs.example';
    await t.call({ method: 'GET', url: `/api/registration/confirm/email/${email}` });
    const code = codeIn((await lastMailTo(t, email)).subject);
    await registerStudio(t, email);
    await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong9999' } });
    const { token } = await signIn(t, email);
    await t.call({ method: 'GET', url: '/api/auth/me', headers: { 'x-access-token': token } });
    await t.call({ method: 'GET', url: '/api/auth/me', cookies: { 'x-access-token': token } });
    await t.call({ method: 'GET', url: `/api/registration/change/pass/${email}` });
    const reset = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/pass/');
    await t.call({
      method: 'PUT',
      url: '/api/registration/change/pass',
      payload: { token: reset, password: 'NewPass456' },
    });
    await t.call({ method: 'PUT', url: `/api/registration/verify/email/${reset}` });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('/api/auth/login');
    for (const secret of ['Studio123', 'Wrong9999', 'NewPass456', token, reset]) {
      expect(log).not.toContain(secret);
    }
    // The code alone, not as part of a longer number such as a timestamp.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(log).not.toContain(email);
  });
});

describe("a request's logger", () => {
  it('is made when the request first logs, and writes its lines with its id', async () => {
    const out = captured();
    const app = Fastify({ logger: { level: 'warn', stream: out.logStream } });
    const parent = app.log;
    const child = parent.child.bind(parent);
    let made = 0;
    parent.child = (...args: Parameters<typeof child>) => {
      made += 1;
      return child(...args);
    };
    const log = requestLogger(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('warn');
    log.info('not written at warn');
    expect(made).toBe(1);
    log.warn({ room: 'B' }, 'careful');
    log.error('again');
    expect(made).toBe(1);
    expect(out.lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 40, reqId: 'req-7', room: 'B', msg: 'careful' },
      { level: 50, reqId: 'req-7', msg: 'again' },
    ]);
    expect(requestLogger(parent, { reqId: 'req-8' }, {}).level).toBe('warn');
    expect(made).toBe(1);
    await app.close();
  });
});
