import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import type { Clock } from '../lib/clock';
import type { MailTransport } from '../mail/transport';

/** After this many attempts a message is given up on ('failed') and stays in the outbox for inspection. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/**
 * How long a claimed message stays reserved for the instance that claimed it. It must outlast the
 * sending of a whole batch (the transport's timeouts bound each message), or another instance would
 * take the message over and send it a second time.
 */
const LEASE_MS = 10 * 60_000;
// No new send starts when less than this is left of the lease: a send begun later could outrun it.
const LEASE_MARGIN_MS = 3 * 60_000;
const ERROR_MAX_CHARS = 500;

export type JobLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type DeliveryResult = { sent: number; retried: number; failed: number };

/** The wait before the next attempt, after `attempts` have failed: 1 min, 2, 4 … at most 1 h. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** The server's message, short; never the mail, which holds codes and links. */
function describeError(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: { message?: unknown } } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  // A wrapped error (a failed query) says least in its own message: put the cause first.
  const cause = typeof e?.cause?.message === 'string' ? `${e.cause.message} ← ` : '';
  return `${code}${cause}${message}`.replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX_CHARS);
}

// Logs go to shared places; an SMTP reply often quotes the recipient's address.
const redactAddresses = (s: string) => s.replace(/[^\s<>"':;,]+@[^\s<>"':;,]+/g, '<address>');

type Claimed = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  lease: Date;
};

/**
 * Reserves up to `limit` due messages for this caller. The rows are locked while the transaction
 * lasts (other instances skip them rather than wait), and marked 'sending' with a lease so that they
 * stay reserved after it commits, while they are sent. A message whose lease ran out (its instance
 * died mid-send) is due again; the attempt it was in counts, so a message that crashes its sender
 * cannot be retried for ever.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<{ claimed: Claimed[]; failed: number }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        attempts: mailOutbox.attempts,
      })
      .from(mailOutbox)
      .where(
        and(
          lte(mailOutbox.nextAttemptAt, now),
          or(
            eq(mailOutbox.status, 'pending'),
            and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.seq))
      .limit(limit)
      .for('update', { skipLocked: true });

    const exhausted = due.filter((r) => r.attempts >= MAX_ATTEMPTS).map((r) => r.id);
    if (exhausted.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ status: 'failed', lockedUntil: null, lastError: 'Interrupted during the last attempt' })
        .where(inArray(mailOutbox.id, exhausted));
    }
    const ready = due.filter((r) => r.attempts < MAX_ATTEMPTS);
    const lease = new Date(now.getTime() + LEASE_MS);
    if (ready.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ status: 'sending', lockedUntil: lease, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          inArray(
            mailOutbox.id,
            ready.map((r) => r.id),
          ),
        );
    }
    return {
      claimed: ready.map((r) => ({ ...r, attempts: r.attempts + 1, lease })),
      failed: exhausted.length,
    };
  });
}

/**
 * Only the holder of the lease may settle a message: if the lease was lost (a send that took longer
 * than it), the instance that took over owns the outcome.
 */
const heldBy = (m: Claimed) =>
  and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.lockedUntil, m.lease));

/**
 * Sends the messages that are due: claims them in a short transaction, sends each outside it, then
 * records the outcome (sent, a retry with exponential back-off, or failed after MAX_ATTEMPTS).
 * Safe to run from several instances at once: a message is claimed by one of them only.
 *
 * When `signal` aborts (the server is stopping), the send in progress is abandoned and it and the
 * messages not yet sent are handed back at once, as if never claimed: the next start, or another
 * instance, sends them without waiting for the lease to run out, and the interruption costs no attempt.
 * A message abandoned after the server took it may arrive twice; one held back for ten minutes could
 * arrive with its code already expired.
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
  if (signal?.aborted) return { sent: 0, retried: 0, failed: 0 };
  const { claimed, failed: interrupted } = await claimDue(db, clock.now(), opts.batchSize ?? 20);
  const result: DeliveryResult = { sent: 0, retried: 0, failed: interrupted };

  for (const [i, m] of claimed.entries()) {
    if (signal?.aborted || clock.now().getTime() > m.lease.getTime() - LEASE_MARGIN_MS) {
      await release(db, claimed.slice(i));
      break;
    }
    try {
      await transport.send({ to: m.to, subject: m.subject, text: m.text, html: m.html }, signal);
    } catch (err) {
      if (signal?.aborted) {
        await release(db, claimed.slice(i));
        logger?.info({ mailId: m.id, handedBack: claimed.length - i }, 'mail delivery stopped mid-send');
        break;
      }
      const error = describeError(err);
      const giveUp = m.attempts >= MAX_ATTEMPTS;
      const nextAttemptAt = new Date(clock.now().getTime() + retryDelayMs(m.attempts));
      await db
        .update(mailOutbox)
        .set(
          giveUp
            ? { status: 'failed', lockedUntil: null, lastError: error }
            : { status: 'pending', lockedUntil: null, lastError: error, nextAttemptAt },
        )
        .where(heldBy(m));
      result[giveUp ? 'failed' : 'retried'] += 1;
      const log = { mailId: m.id, attempts: m.attempts, error: redactAddresses(error) };
      if (giveUp) logger?.error(log, 'mail delivery gave up on a message');
      else logger?.warn({ ...log, nextAttemptAt: nextAttemptAt.toISOString() }, 'mail delivery will retry');
      continue;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: clock.now(), lockedUntil: null, lastError: null })
      .where(heldBy(m));
    result.sent += 1;
  }
  return result;
}

/**
 * Hands back messages this run had no time left to send, or was stopped before sending, without
 * counting an attempt against them; they are due again at once.
 */
async function release(db: Db, rest: Claimed[]): Promise<void> {
  for (const m of rest) {
    await db
      .update(mailOutbox)
      .set({ status: 'pending', lockedUntil: null, attempts: m.attempts - 1 })
      .where(heldBy(m));
  }
}

/**
 * Runs deliverDueMail every `intervalMs` until stopped. A run starts only after the previous one has
 * finished, so runs never overlap; after a full batch the next one starts at once. The timer does not
 * keep the process alive on its own.
 */
export function startMailDelivery(opts: {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  intervalMs?: number;
  batchSize?: number;
  logger: JobLogger;
}): { stop(): Promise<void> } {
  const { intervalMs = 5000, batchSize = 20, logger } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Aborts the run in progress at stop(): a hung SMTP server must not hold the process, nor keep the
  // messages it was sent reserved for the lease's ten minutes.
  const stopping = new AbortController();

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
      });
    }, ms);
    timer.unref();
  };

  const runOnce = async () => {
    let full = false;
    try {
      const r = await deliverDueMail({ ...opts, batchSize, logger, signal: stopping.signal });
      if (r.sent > 0) logger.info(r, 'mail delivered');
      full = r.sent + r.retried + r.failed >= batchSize;
    } catch (err) {
      logger.error({ error: redactAddresses(describeError(err)) }, 'mail delivery run failed');
    }
    schedule(full ? 0 : intervalMs);
  };

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort(new Error('The server is stopping'));
      await running;
    },
  };
}
