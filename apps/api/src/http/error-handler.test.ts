import { messages, monthClosedLate } from '@pirouette/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { monthClosedError } from '../modules/ledger';
import { registerErrorHandling } from './error-handler';
import { AppError, conflict } from './errors';

/** A bare server with the one error path, and a route per refusal. */
async function serverRefusing(errors: Record<string, Error>) {
  const app = Fastify();
  registerErrorHandling(app);
  for (const [path, error] of Object.entries(errors)) {
    app.get(`/${path}`, async () => {
      throw error;
    });
  }
  await app.ready();
  return app;
}

describe('the error path: the sentence in the envelope, the reason beside it (decision 053)', () => {
  it('sends a refusal’s reason as x-error-reason and keeps the body the spec’s envelope', async () => {
    const app = await serverRefusing({
      inFlight: conflict('Wait a moment.', 'card_in_flight'),
      closed: monthClosedError('2026-10-14', '2026-10-31'),
      plain: new AppError('unprocessable', 'Not like that.'),
      crash: new Error('boom'),
    });
    const inFlight = await app.inject('/inFlight');
    expect([inFlight.statusCode, inFlight.json(), inFlight.headers['x-error-reason']]).toEqual([
      409,
      [false, 'Wait a moment.'],
      'card_in_flight',
    ]);
    const closed = await app.inject('/closed');
    expect([closed.statusCode, closed.headers['x-error-reason']]).toEqual([409, 'month_closed']);
    expect(closed.json()).toEqual([false, expect.any(String)]);
    const plain = await app.inject('/plain');
    expect([plain.statusCode, plain.json(), plain.headers['x-error-reason']]).toEqual([
      422,
      [false, 'Not like that.'],
      undefined,
    ]);
    const crash = await app.inject('/crash');
    expect([crash.statusCode, crash.json(), crash.headers['x-error-reason']]).toEqual([
      500,
      [false, messages.unexpected],
      undefined,
    ]);
    await app.close();
  });
});

describe('the error handler', () => {
  it("answers the closed-month trigger's SQLSTATE (PR001), however wrapped, with the conflict's sentence and its reason code", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    // As drizzle wraps the driver's error: the database's code on the cause.
    app.get('/wrapped', async () => {
      throw Object.assign(new Error('Failed query: insert into ledger_transactions …'), {
        query: 'insert into ledger_transactions …',
        cause: Object.assign(new Error('the books are closed through 2026-11-30'), { code: 'PR001' }),
      });
    });
    app.get('/bare', async () => {
      throw Object.assign(new Error('the books are closed through 2026-11-30'), { code: 'PR001' });
    });
    for (const url of ['/wrapped', '/bare']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.headers['x-error-reason']).toBe('month_closed');
      expect(res.json()).toEqual([false, monthClosedLate]);
    }
    await app.close();
  });
});
