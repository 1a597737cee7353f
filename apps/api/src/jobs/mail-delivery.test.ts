import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/build-test-app';
import type { Database, Db } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { mailOutbox } from '../db/schema/mail';
import { enqueueMail, MAIL_JOB } from '../mail/outbox';
import { createSmtpTransport, type MailTransport } from '../mail/transport';
import { deliverDueMail, type JobLogger, MAX_ATTEMPTS, mailDelivery, retryDelayMs } from './mail-delivery';
import { startJobs } from './runner';

/**
 * A real SMTP server; `refuse` makes it answer every message with a temporary failure, `hang` makes it
 * take every message and never answer (`taken` counts them).
 */
async function startSmtp() {
  const state = { refuse: false, hang: false, taken: 0, delayMs: 0, subjects: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        state.taken += 1;
        if (state.hang) return;
        if (state.refuse)
          return cb(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        const subject = /^Subject: (.*)\r$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        setTimeout(() => {
          state.subjects.push(subject);
          cb();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { state, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// The outbox stamps rows with the database's clock, so the fake one starts a little after it.
let T0 = new Date();
const fakeClock = () => {
  let t = T0.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
};

function recordingLogger() {
  const lines: string[] = [];
  const log = (level: string) => (obj: object, msg: string) =>
    lines.push(`${level} ${msg} ${JSON.stringify(obj)}`);
  const logger: JobLogger = { info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
}

let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let transport: MailTransport;

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startSmtp();
  transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'no-reply@pirouette.test');
});
afterAll(async () => {
  transport.close?.();
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(mailOutbox);
  Object.assign(smtp.state, { refuse: false, hang: false, taken: 0, delayMs: 0, subjects: [] });
  T0 = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
});

const enqueueCodes = async (n: number) => {
  for (let i = 0; i < n; i++) {
    await enqueueMail(database.db, {
      template: 'registration-code',
      data: { code: String(100000 + i), minutes: 10 },
      to: `parent${i}@example.com`,
    });
  }
};
const rows = () => database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.seq));
// The delivery job of each message, in the outbox's order (decision 023: the runner keeps the attempts).
const jobRows = async () => {
  const byKey = new Map((await database.db.select().from(jobs)).map((j) => [j.key, j]));
  return (await rows()).map((m) => byKey.get(m.id)!);
};
const startMailDelivery = (opts: {
  db: Db;
  transport: MailTransport;
  clock: { now(): Date };
  intervalMs: number;
  logger: JobLogger;
}) => startJobs({ ...opts, handlers: { [MAIL_JOB]: mailDelivery(opts.transport) } });

describe('deliverDueMail', () => {
  it('sends what is due and marks it sent, once', async () => {
    const clock = fakeClock();
    await enqueueCodes(3);

    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 3,
      retried: 0,
      failed: 0,
    });
    // Each once, in no promised order: the runner takes due jobs by run time, then creation time, then
    // id, and three messages queued within one tick of the embedded database's clock tie on both times.
    expect([...smtp.state.subjects].sort()).toEqual(
      [0, 1, 2].map((i) => `Your Pirouette verification code: ${100000 + i}`),
    );
    for (const row of await rows()) {
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        lockedUntil: null,
        lastError: null,
        sentAt: T0,
      });
    }
    for (const job of await jobRows()) {
      expect(job).toMatchObject({
        kind: MAIL_JOB,
        state: 'done',
        attempts: 1,
        leaseUntil: null,
        finishedAt: T0,
      });
    }

    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(smtp.state.subjects).toHaveLength(3);
  });

  it('retries a refused message later with back-off, then sends it when the server is back', async () => {
    const clock = fakeClock();
    const { logger, lines } = recordingLogger();
    await enqueueCodes(1);
    smtp.state.refuse = true;

    expect(await deliverDueMail({ db: database.db, transport, clock, logger })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    expect((await rows())[0]).toMatchObject({ status: 'pending', sentAt: null });
    let [job] = await jobRows();
    expect(job).toMatchObject({ state: 'queued', attempts: 1, leaseUntil: null });
    expect(job?.runAt).toEqual(new Date(T0.getTime() + 60_000));
    expect(job?.lastError).toMatch(/451 Mailbox busy, try later/);
    expect(job?.lastError).not.toContain('100000');

    // Not due yet: nothing is attempted.
    clock.advance(59_000);
    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });

    clock.advance(1_000);
    await deliverDueMail({ db: database.db, transport, clock, logger });
    [job] = await jobRows();
    expect(job).toMatchObject({ state: 'queued', attempts: 2 });
    expect(job?.runAt).toEqual(new Date(clock.now().getTime() + 2 * 60_000));

    smtp.state.refuse = false;
    clock.advance(2 * 60_000);
    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, sentAt: clock.now(), lastError: null });
    expect((await jobRows())[0]).toMatchObject({ state: 'done', attempts: 3, lastError: null });
    expect(smtp.state.subjects).toEqual(['Your Pirouette verification code: 100000']);

    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatch(/^warn job mail\.deliver failed: will retry/);
      expect(line).not.toMatch(/100000|parent0@example\.com|verification code/);
    }
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts when no server answers`, async () => {
    const closed = await startSmtp();
    await closed.close();
    const deadTransport = createSmtpTransport(`smtp://127.0.0.1:${closed.port}`, 'no-reply@pirouette.test');
    const clock = fakeClock();
    const { logger, lines } = recordingLogger();
    await enqueueCodes(1);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await deliverDueMail({ db: database.db, transport: deadTransport, clock, logger });
      const [job] = await jobRows();
      expect(job?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(result).toEqual({ sent: 0, retried: 1, failed: 0 });
        const delay = (job?.runAt.getTime() ?? 0) - clock.now().getTime();
        delays.push(delay / 60_000);
        clock.advance(delay);
      } else {
        expect(result).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(job).toMatchObject({ state: 'failed', leaseUntil: null });
        expect(job?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
        // The outbox says so too, for whoever reads it.
        const [row] = await rows();
        expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: job?.lastError });
      }
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);

    clock.advance(24 * 60 * 60_000);
    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(smtp.state.subjects).toHaveLength(0);
    expect(lines.at(-1)).toMatch(/^error job mail\.deliver gave up/);
    expect(lines.join('\n')).not.toMatch(/100000|parent0@example\.com/);
  });

  it('never sends a message twice when several runs overlap', async () => {
    const clock = fakeClock();
    await enqueueCodes(10);
    smtp.state.delayMs = 20;

    const runs = await Promise.all(
      Array.from({ length: 4 }, () => deliverDueMail({ db: database.db, transport, clock, batchSize: 3 })),
    );
    const again = await Promise.all(
      Array.from({ length: 4 }, () => deliverDueMail({ db: database.db, transport, clock, batchSize: 3 })),
    );

    const sent = [...runs, ...again].reduce((n, r) => n + r.sent, 0);
    expect(sent).toBe(10);
    expect(smtp.state.subjects).toHaveLength(10);
    expect(new Set(smtp.state.subjects).size).toBe(10);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect((await jobRows()).every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
  });

  it('takes back a message whose sender died mid-send, and leaves a live lease alone', async () => {
    const clock = fakeClock();
    await enqueueCodes(3);
    const [a, b, c] = await jobRows();
    const past = new Date(T0.getTime() - 1_000);
    const future = new Date(T0.getTime() + 60_000);
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, leaseUntil: past })
      .where(eq(jobs.id, a!.id));
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, leaseUntil: future })
      .where(eq(jobs.id, b!.id));
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: MAX_ATTEMPTS, leaseUntil: past })
      .where(eq(jobs.id, c!.id));

    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 1,
      retried: 0,
      failed: 1,
    });
    const [ra, rb, rc] = await rows();
    const [ja, jb, jc] = await jobRows();
    expect(ra).toMatchObject({ status: 'sent', attempts: 2 });
    expect(ja).toMatchObject({ state: 'done', attempts: 2 });
    expect(rb).toMatchObject({ status: 'pending', sentAt: null });
    expect(jb).toMatchObject({ state: 'running', attempts: 1, leaseUntil: future });
    expect(rc).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(jc).toMatchObject({
      state: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'Interrupted during the last attempt',
    });
    expect(smtp.state.subjects).toEqual(['Your Pirouette verification code: 100000']);
  });
});

describe('the runner delivering mail', () => {
  it('delivers in the background until stopped', async () => {
    const { logger, lines } = recordingLogger();
    const job = startMailDelivery({ db: database.db, transport, clock: fakeClock(), intervalMs: 10, logger });
    await enqueueCodes(2);
    await expect.poll(() => smtp.state.subjects.length, { timeout: 5_000 }).toBe(2);
    await job.stop();

    await enqueueCodes(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(smtp.state.subjects).toHaveLength(2);
    expect(lines.some((l) => l.startsWith('info jobs done'))).toBe(true);
  });

  it('stops at once when the SMTP server hangs, handing the message back unsent and its attempt uncounted', async () => {
    const { logger, lines } = recordingLogger();
    const clock = fakeClock();
    smtp.state.hang = true;
    await enqueueCodes(2);
    const job = startMailDelivery({ db: database.db, transport, clock, intervalMs: 10, logger });
    await expect.poll(() => smtp.state.taken, { timeout: 5_000 }).toBe(1);
    expect((await jobRows()).map((j) => j.state)).toEqual(['running', 'running']);

    const started = Date.now();
    await job.stop();
    // Well under the transport's 30-second socket timeout, and the ten-minute lease.
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const row of await rows()) expect(row).toMatchObject({ status: 'pending', sentAt: null });
    for (const job of await jobRows()) {
      expect(job).toMatchObject({ state: 'queued', attempts: 0, leaseUntil: null });
      expect(job.runAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    }
    expect(lines.some((l) => l.startsWith('info jobs stopped mid-run'))).toBe(true);

    // Due at once for the next start (or another instance), not ten minutes later.
    smtp.state.hang = false;
    expect(await deliverDueMail({ db: database.db, transport, clock })).toEqual({
      sent: 2,
      retried: 0,
      failed: 0,
    });
    expect((await jobRows()).map((j) => j.attempts)).toEqual([1, 1]);
  });

  it('logs a failed run and keeps going', async () => {
    const { logger, lines } = recordingLogger();
    const broken: MailTransport = {
      send: async () => {
        throw new Error('unused');
      },
    };
    const downDb = {
      transaction: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    } as unknown as Db;
    const job = startMailDelivery({
      db: downDb,
      transport: broken,
      clock: fakeClock(),
      intervalMs: 5,
      logger,
    });
    await expect
      .poll(() => lines.filter((l) => l.startsWith('error job run failed')).length)
      .toBeGreaterThan(1);
    await job.stop();
    expect(lines[0]).toContain('ECONNREFUSED');
  });

  it('accepts the application logger', () => {
    const logger: JobLogger = pino({ enabled: false });
    expect(logger).toBeDefined();
  });
});
