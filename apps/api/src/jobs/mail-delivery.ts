import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import type { Clock } from '../lib/clock';
import { MAIL_JOB } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import { DEFAULT_MAX_ATTEMPTS, type JobHandler, type JobLogger, runDue } from './runner';

export type { JobLogger } from './runner';
export { retryDelayMs } from './runner';

/** After this many attempts a message is given up on ('failed') and stays in the outbox for inspection. */
export const MAX_ATTEMPTS = DEFAULT_MAX_ATTEMPTS;

/**
 * How long a claimed message stays reserved for the runner that claimed it. It must outlast the
 * sending of a whole batch (the transport's timeouts bound each message), or another instance would
 * take the message over and send it a second time.
 */
const LEASE_MS = 10 * 60_000;

/**
 * Delivery of one outbox message, a job of kind MAIL_JOB keyed by the message's id (decision 023). The
 * runner claims, leases, retries and gives up; this sends, and keeps the outbox row's status (pending,
 * sent, failed) for the mail viewer and the purge. Idempotent: a message already sent, or purged, is
 * not sent again. A message the SMTP server took just before its runner died may still arrive twice.
 */
export function mailDelivery(transport: MailTransport): JobHandler {
  return {
    leaseMs: LEASE_MS,
    async run({ job, db, clock, signal }) {
      const [m] = await db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          status: mailOutbox.status,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, job.key));
      if (!m || m.status === 'sent') return;
      await transport.send({ to: m.to, subject: m.subject, text: m.text, html: m.html }, signal);
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: clock.now(), attempts: job.attempts, lastError: null })
        .where(eq(mailOutbox.id, m.id));
    },
    async onFailed({ job, db, error }) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: job.attempts, lastError: error })
        .where(eq(mailOutbox.id, job.key));
    },
  };
}

export type DeliveryResult = { sent: number; retried: number; failed: number };

/**
 * Sends the messages that are due, and only them: one run of the job runner with the mail handler
 * alone. Safe to run from several instances at once. When `signal` aborts, the send in progress is
 * abandoned and it and the messages not yet sent are handed back, due at once, the attempt not counted.
 */
export async function deliverDueMail(opts: {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  batchSize?: number;
  logger?: JobLogger;
  signal?: AbortSignal;
}): Promise<DeliveryResult> {
  const { db, transport, clock, logger, signal } = opts;
  const runs = await runDue(
    { db, clock, logger, handlers: { [MAIL_JOB]: mailDelivery(transport) } },
    { limit: opts.batchSize ?? 20, signal },
  );
  return {
    sent: runs.filter((r) => r.outcome === 'done').length,
    retried: runs.filter((r) => r.outcome === 'retry').length,
    failed: runs.filter((r) => r.outcome === 'failed').length,
  };
}
