import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { paymentsFor } from './providers';

/** Which processor the server takes card payments through, and what the browser may load for it. */

const FINIX = {
  FINIX_USERNAME: 'USexample',
  FINIX_PASSWORD: 'secret-password',
  FINIX_MERCHANT_ID: 'MUexample',
  FINIX_APPLICATION_ID: 'APexample',
  FINIX_WEBHOOK_TOKEN: 'webhook-token',
};

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('the payment provider', () => {
  it('is the sandbox without FINIX_* and Finix with them; a half configuration names what it lacks', async () => {
    const sandbox = await buildTestApp();
    apps.push(sandbox);
    const db = sandbox.database.db;
    expect(paymentsFor({ db, clock: sandbox.clock, env: {} })).toMatchObject({
      provider: { name: 'sandbox', browser: { kind: 'sandbox' } },
    });
    const finix = paymentsFor({ db, clock: sandbox.clock, env: FINIX });
    expect(finix.provider).toMatchObject({
      name: 'finix',
      browser: { kind: 'finix', applicationId: 'APexample', environment: 'sandbox' },
    });
    expect(finix.sandbox).toBeNull();
    expect(() => paymentsFor({ db, clock: sandbox.clock, env: { FINIX_USERNAME: 'USexample' } })).toThrow(
      /FINIX_PASSWORD/,
    );
  });

  it('lets the browser load Finix.js and its card frames only under Finix; the sandbox form is ours', async () => {
    const sandbox = await buildTestApp();
    apps.push(sandbox);
    const plain = await sandbox.call({ method: 'GET', url: '/api/health' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('js.finix.com');

    const finix = await buildTestApp(
      {},
      { payments: (database, clock) => paymentsFor({ db: database.db, clock, env: FINIX }) },
    );
    apps.push(finix);
    const csp = String(
      (await finix.call({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toContain("script-src 'self' https://js.finix.com");
    expect(csp).toContain('frame-src https://js.finix.com');
    // No sandbox token endpoint under Finix: card numbers have nowhere to go on our server.
    const token = await finix.call({
      method: 'POST',
      url: '/sandbox/finix/tokens',
      payload: { number: '4895142232120006' },
    });
    expect(token.status).toBe(404);
  });
});
