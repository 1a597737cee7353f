import { webhookCalls } from '@pirouette/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FinixEngine } from './engine';
import { SANDBOX_WEBHOOK_TOKEN } from './sandbox';

/**
 * The sandbox processor's webhook calls (decision 028 point 9): as Finix posts its events to the
 * studio's endpoint, the sandbox posts its own to this server's, through the whole route (the bearer
 * token, the body's checks, the store by event id). An event whose delivery fails is handed out again
 * at the next round, as Finix retries. Answers how many were delivered and how many failed.
 */
export async function deliverSandboxEvents(
  app: FastifyInstance,
  engine: FinixEngine,
): Promise<{ delivered: number; failed: number }> {
  const events = await engine.drainEvents();
  const failed: string[] = [];
  for (const event of events) {
    const res = await app.inject({
      method: 'POST',
      url: webhookCalls.receive.path,
      headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    if (res.statusCode >= 300) failed.push(String(event.id));
  }
  if (failed.length > 0) await engine.redeliver(failed);
  return { delivered: events.length - failed.length, failed: failed.length };
}

/** Delivers the sandbox's events every few seconds while the server runs (a round at a time). */
export function startSandboxWebhooks({
  app,
  engine,
  logger,
  intervalMs = 5_000,
}: {
  app: FastifyInstance;
  engine: FinixEngine;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}) {
  let round: Promise<unknown> = Promise.resolve();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round = deliverSandboxEvents(app, engine)
      .then((r) => {
        if (r.failed > 0) logger.warn(r, 'sandbox webhook deliveries failed: sent again at the next round');
      })
      .catch((err) => logger.error({ err }, 'sandbox webhook delivery failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
