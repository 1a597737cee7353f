import { MONTH_CLOSED_REASON, monthClosedLate } from '@pirouette/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';

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
      expect(res.headers['x-error-reason']).toBe(MONTH_CLOSED_REASON);
      expect(res.json()).toEqual([false, monthClosedLate]);
    }
    await app.close();
  });
});
