import { messages } from '@pirouette/domain';
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
