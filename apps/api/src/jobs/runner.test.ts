import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/build-test-app';
import { countQueries } from '../../test/query-count';
import type { Database } from '../db/client';
import { companies } from '../db/schema/companies';
import { jobs } from '../db/schema/jobs';
import type { Clock } from '../lib/clock';
import { runJobsUntil } from './run-until';
import { enqueue, type JobHandler, type JobHandlers, type JobRun, runDue, startJobs } from './runner';

// On embedded PGlite, or on the PostgreSQL server of TEST_DATABASE_URL (a database of its own).
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(companies);
});

const db = () => database.db;

function fakeClock(start = '2026-11-21T15:00:00Z') {
  let t = Date.parse(start);
  const clock: Clock & { advance(ms: number): number } = {
    now: () => new Date(t),
    advance: (ms: number) => (t += ms),
  };
  return clock;
}

/** A handler that records the keys it ran, in order. */
function recorder(extra: Partial<JobHandler> = {}) {
  const ran: string[] = [];
  const handler: JobHandler = {
    async run({ job }) {
      ran.push(job.key);
    },
    ...extra,
  };
  return { ran, handler };
}

const jobRows = () => db().select().from(jobs).orderBy(asc(jobs.createdAt), asc(jobs.key));

async function studio(name: string, timeZone: string): Promise<string> {
  const [row] = await db()
    .insert(companies)
    .values({
      name,
      address: '1 Main St',
      city: 'Springfield',
      state: 'NY',
      zipcode: '10001',
      phone: '5555550100',
      email: `${timeZone.replace(/\W/g, '').toLowerCase()}@studio.test`,
      timeZone,
    })
    .returning({ id: companies.id });
  return row!.id;
}

describe('enqueue', () => {
  it('queues a job once however often it is queued with the same kind and key', async () => {
    const clock = fakeClock();
    const runAt = new Date('2026-11-21T14:00:00Z');
    expect(await enqueue(db(), { kind: 'test.bill', key: 'studio-1:2026-12-01', runAt })).toBe(true);
    expect(await enqueue(db(), { kind: 'test.bill', key: 'studio-1:2026-12-01', runAt })).toBe(false);
    // The same key under another kind is another job.
    expect(await enqueue(db(), { kind: 'test.fee', key: 'studio-1:2026-12-01', runAt })).toBe(true);

    const bill = recorder();
    const fee = recorder();
    const handlers = { 'test.bill': bill.handler, 'test.fee': fee.handler };
    expect((await runDue({ db: db(), clock, handlers })).map((r) => r.outcome)).toEqual(['done', 'done']);
    expect(bill.ran).toEqual(['studio-1:2026-12-01']);
    expect(fee.ran).toEqual(['studio-1:2026-12-01']);

    // Done is still there: the key cannot be queued again.
    expect(await enqueue(db(), { kind: 'test.bill', key: 'studio-1:2026-12-01', runAt })).toBe(false);
    expect(await runDue({ db: db(), clock, handlers })).toEqual([]);
    expect(bill.ran).toHaveLength(1);
  });

  it('queues once when many queue the same key at the same time, each in its own transaction', async () => {
    const queued = await Promise.all(
      Array.from({ length: 8 }, () =>
        db().transaction((tx) =>
          enqueue(tx, { kind: 'test.bill', key: 'same', runAt: new Date('2026-11-21T14:00:00Z') }),
        ),
      ),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    const { ran, handler } = recorder();
    await runDue({ db: db(), clock: fakeClock(), handlers: { 'test.bill': handler } });
    expect(ran).toEqual(['same']);
    expect(await jobRows()).toHaveLength(1);
  });

  it('is queued with the write that needs it: rolled back with it', async () => {
    await db()
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.bill', key: 'rolled-back' });
        throw new Error('the write failed');
      })
      .catch(() => {});
    expect(await jobRows()).toEqual([]);
  });
});

describe('runDue', () => {
  it('runs only what is due, in order of run_at, and only kinds it has a handler for', async () => {
    const clock = fakeClock();
    await enqueue(db(), { kind: 'test.a', key: 'later', runAt: new Date('2026-11-21T15:00:01Z') });
    await enqueue(db(), { kind: 'test.a', key: 'second', runAt: new Date('2026-11-21T14:00:00Z') });
    await enqueue(db(), { kind: 'test.a', key: 'first', runAt: new Date('2026-11-21T13:00:00Z') });
    await enqueue(db(), { kind: 'test.other', key: 'not-mine', runAt: new Date('2026-11-21T13:00:00Z') });
    const { ran, handler } = recorder();
    await runDue({ db: db(), clock, handlers: { 'test.a': handler } });
    expect(ran).toEqual(['first', 'second']);
    clock.advance(1_000);
    await runDue({ db: db(), clock, handlers: { 'test.a': handler } });
    expect(ran).toEqual(['first', 'second', 'later']);
    const other = (await jobRows()).find((j) => j.kind === 'test.other');
    expect(other).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('retries a throwing handler with back-off, then fails it with its last error', async () => {
    const clock = fakeClock();
    let calls = 0;
    const handlers: JobHandlers = {
      'test.flaky': {
        async run() {
          calls += 1;
          // A long, many-line message: the job keeps one short line of it.
          throw new Error(`Gateway said no (call ${calls})\n${'detail '.repeat(200)}`);
        },
      },
    };
    await enqueue(db(), {
      kind: 'test.flaky',
      key: 'k',
      runAt: new Date('2026-11-21T15:00:00Z'),
      maxAttempts: 3,
    });

    let [run] = await runDue({ db: db(), clock, handlers });
    expect(run).toMatchObject({ outcome: 'retry', nextRunAt: new Date('2026-11-21T15:01:00Z') });
    let [job] = await jobRows();
    expect(job).toMatchObject({ state: 'queued', attempts: 1, leaseUntil: null });
    expect(job?.runAt).toEqual(new Date('2026-11-21T15:01:00Z'));
    expect(job?.lastError).toMatch(/^Gateway said no \(call 1\) detail detail/);
    expect(job?.lastError?.length).toBeLessThanOrEqual(500);

    // Not due before its back-off.
    clock.advance(59_000);
    expect(await runDue({ db: db(), clock, handlers })).toEqual([]);
    clock.advance(1_000);
    [run] = await runDue({ db: db(), clock, handlers });
    expect(run).toMatchObject({ outcome: 'retry' });
    [job] = await jobRows();
    expect(job?.runAt).toEqual(new Date(clock.now().getTime() + 2 * 60_000));

    clock.advance(2 * 60_000);
    [run] = await runDue({ db: db(), clock, handlers });
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run?.error).toMatch(/call 3/);
    [job] = await jobRows();
    expect(job).toMatchObject({ state: 'failed', attempts: 3, leaseUntil: null, finishedAt: clock.now() });
    expect(job?.lastError).toMatch(/^Gateway said no \(call 3\)/);

    // Failed stays failed.
    clock.advance(24 * 3_600_000);
    expect(await runDue({ db: db(), clock, handlers })).toEqual([]);
    expect(calls).toBe(3);
  });

  it('tells the handler of a job given up, in the transaction that fails it', async () => {
    const told: string[] = [];
    const handlers: JobHandlers = {
      'test.once': {
        async run() {
          throw new Error('no');
        },
        async onFailed({ job, error }) {
          told.push(`${job.key}: ${error}`);
        },
      },
    };
    await enqueue(db(), { kind: 'test.once', key: 'k', runAt: new Date(0), maxAttempts: 1 });
    await runDue({ db: db(), clock: fakeClock(), handlers });
    expect(told).toEqual(['k: no']);
  });

  it('runs a job again after the lease of a runner that crashed in it; the crashed attempt counts', async () => {
    const clock = fakeClock();
    await enqueue(db(), { kind: 'test.slow', key: 'k', runAt: new Date('2026-11-21T15:00:00Z') });
    let crashedRunnerCanGo = () => {};
    const started: number[] = [];
    const crashing: JobHandlers = {
      'test.slow': {
        leaseMs: 60_000,
        run: ({ job }) =>
          new Promise<void>((resolve) => {
            started.push(job.attempts);
            crashedRunnerCanGo = resolve;
          }),
      },
    };
    // The first runner claims the job and never comes back (as if its process had died).
    const first = runDue({ db: db(), clock, handlers: crashing });
    await expect.poll(() => started).toEqual([1]);
    expect(await jobRows()).toMatchObject([{ state: 'running', attempts: 1 }]);

    // While its lease holds, nobody else takes the job.
    const { ran, handler } = recorder();
    clock.advance(59_000);
    expect(await runDue({ db: db(), clock, handlers: { 'test.slow': handler } })).toEqual([]);

    // After it, another runner does, and this attempt is the second.
    clock.advance(1_000);
    const [run] = await runDue({ db: db(), clock, handlers: { 'test.slow': handler } });
    expect(run).toMatchObject({ outcome: 'done', job: { attempts: 2 } });
    expect(ran).toEqual(['k']);

    // Should the first runner come back after all, the outcome is no longer its to record.
    crashedRunnerCanGo();
    expect((await first).map((r) => r.outcome)).toEqual(['lost']);
    expect(await jobRows()).toMatchObject([{ state: 'done', attempts: 2 }]);
  });

  it('fails a job whose runner crashed during its last attempt', async () => {
    const clock = fakeClock();
    await enqueue(db(), { kind: 'test.a', key: 'k', runAt: new Date(0), maxAttempts: 2 });
    await db()
      .update(jobs)
      .set({ state: 'running', attempts: 2, leaseUntil: new Date('2026-11-21T14:00:00Z') });
    const { ran, handler } = recorder();
    const runs = await runDue({ db: db(), clock, handlers: { 'test.a': handler } });
    expect(runs.map((r) => r.outcome)).toEqual(['failed']);
    expect(ran).toEqual([]);
    expect(await jobRows()).toMatchObject([
      { state: 'failed', attempts: 2, lastError: 'Interrupted during the last attempt' },
    ]);
  });

  it('claims a look of jobs in one select and one update, however many it takes (decision 094)', async () => {
    const clock = fakeClock();
    const studios = [await studio('North', 'America/New_York'), await studio('West', 'America/Los_Angeles')];
    // Each due a millisecond after the one before, so the look's order is theirs: queued one after
    // another, two can share their `created_at` (PGlite's clock counts milliseconds), and ids are random.
    for (let i = 0; i < 8; i++) {
      await enqueue(db(), { kind: 'test.a', key: `k${i}`, runAt: new Date(i), companyId: studios[i % 2] });
    }
    const { ran, handler } = recorder();
    const { statements, result } = await countQueries({ database }, () =>
      runDue({ db: db(), clock, handlers: { 'test.a': handler } }),
    );
    expect(result.map((r) => [r.job.key, r.job.timeZone, r.outcome])).toEqual(
      Array.from({ length: 8 }, (_, i) => [
        `k${i}`,
        i % 2 ? 'America/Los_Angeles' : 'America/New_York',
        'done',
      ]),
    );
    expect(ran).toHaveLength(8);
    const claims = statements.filter((q) => /skip locked/i.test(q));
    const marks = statements.filter((q) => /"attempts" = "jobs"\."attempts" \+ 1/.test(q));
    expect([claims.length, marks.length]).toEqual([1, 1]);
    expect((await jobRows()).every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
  });

  it('hands back the jobs not begun when stopped, in one statement, their attempts not counted', async () => {
    const clock = fakeClock();
    for (let i = 0; i < 5; i++) await enqueue(db(), { kind: 'test.a', key: `k${i}`, runAt: new Date(0) });
    const stop = new AbortController();
    const handlers: JobHandlers = {
      'test.a': {
        async run({ signal }) {
          stop.abort();
          if (signal.aborted) throw new Error('stopped');
        },
      },
    };
    const { statements, result } = await countQueries({ database }, () =>
      runDue({ db: db(), clock, handlers }, { signal: stop.signal }),
    );
    expect(result.map((r) => r.outcome)).toEqual(Array(5).fill('handed back'));
    expect(statements.filter((q) => /"attempts" = \(\$\d+::jsonb/.test(q))).toHaveLength(1);
    expect(await jobRows()).toMatchObject(Array(5).fill({ state: 'queued', attempts: 0, leaseUntil: null }));
  });

  it('never runs a job twice when two runners run at once on one database', async () => {
    const clock = fakeClock();
    const keys = Array.from({ length: 24 }, (_, i) => `job-${String(i).padStart(2, '0')}`);
    for (const key of keys) await enqueue(db(), { kind: 'test.a', key, runAt: new Date(0) });
    const ran: string[] = [];
    const handlers: JobHandlers = {
      'test.a': {
        async run({ job }) {
          ran.push(job.key);
          await new Promise((r) => setTimeout(r, 5));
        },
      },
    };
    const runner = async () => {
      const runs: JobRun[] = [];
      for (;;) {
        const batch = await runDue({ db: db(), clock, handlers }, { limit: 3 });
        if (batch.length === 0) return runs;
        runs.push(...batch);
      }
    };
    const [a, b] = await Promise.all([runner(), runner()]);
    expect([...ran].sort()).toEqual(keys);
    expect([...(a ?? []), ...(b ?? [])].every((r) => r.outcome === 'done')).toBe(true);
    expect((await jobRows()).every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
  });
});

describe('until a day, in each studio’s time zone', () => {
  it('runs what is due by the end of that day where each studio is', async () => {
    const newYork = await studio('Studio New York', 'America/New_York');
    const berlin = await studio('Studio Berlin', 'Europe/Berlin');
    const at = (iso: string) => new Date(iso);
    // 23:30 on Dec 1 in New York, though Dec 2 in UTC: due.
    await enqueue(db(), {
      kind: 'test.day',
      key: 'ny-late-dec-1',
      companyId: newYork,
      runAt: at('2026-12-02T04:30:00Z'),
    });
    // 00:30 on Dec 2 in New York: not due.
    await enqueue(db(), {
      kind: 'test.day',
      key: 'ny-dec-2',
      companyId: newYork,
      runAt: at('2026-12-02T05:30:00Z'),
    });
    // 00:30 on Dec 2 in Berlin, though Dec 1 in UTC: not due.
    await enqueue(db(), {
      kind: 'test.day',
      key: 'berlin-dec-2',
      companyId: berlin,
      runAt: at('2026-12-01T23:30:00Z'),
    });
    // 23:30 on Dec 1 in Berlin: due.
    await enqueue(db(), {
      kind: 'test.day',
      key: 'berlin-dec-1',
      companyId: berlin,
      runAt: at('2026-12-01T22:30:00Z'),
    });
    // No studio: the server's zone, UTC.
    await enqueue(db(), { kind: 'test.day', key: 'utc-dec-1', runAt: at('2026-12-01T23:59:59Z') });
    await enqueue(db(), { kind: 'test.day', key: 'utc-dec-2', runAt: at('2026-12-02T00:00:00Z') });
    // A kind nobody here runs is reported, not run.
    await enqueue(db(), { kind: 'test.elsewhere', key: 'x', runAt: at('2026-12-01T00:00:00Z') });

    const seen: string[] = [];
    const handlers: JobHandlers = {
      'test.day': {
        // Each job's clock reads the end of the day in its studio's zone.
        async run({ job, clock }) {
          seen.push(`${job.key} ${job.timeZone} ${clock.now().toISOString()}`);
        },
      },
    };
    const lines: string[] = [];
    const run = (until: string) =>
      runJobsUntil({ db: db(), until, handlers, leaseClock: fakeClock(), print: (l) => lines.push(l) });

    await run('2026-12-01');
    expect(seen.sort()).toEqual([
      'berlin-dec-1 Europe/Berlin 2026-12-01T22:59:59.999Z',
      'ny-late-dec-1 America/New_York 2026-12-02T04:59:59.999Z',
      'utc-dec-1 UTC 2026-12-01T23:59:59.999Z',
    ]);
    expect(lines).toContain('test.day  ny-late-dec-1  Studio New York  done');
    expect(lines).toContain('test.day  utc-dec-1  no studio  done');
    expect(lines).toContain('3 jobs due by the end of 2026-12-01: 3 done, 0 to retry, 0 failed for good.');
    expect(lines).toContain('Left queued: 1 test.elsewhere (no handler for this kind here).');

    seen.length = 0;
    await run('2026-12-01');
    expect(seen).toEqual([]);
    await run('2026-12-02');
    expect(seen.map((s) => s.split(' ')[0]).sort()).toEqual(['berlin-dec-2', 'ny-dec-2', 'utc-dec-2']);
  });

  it('runs a failing job once a day: retried the next day, failed with its last error at the end', async () => {
    await enqueue(db(), {
      kind: 'test.fee',
      key: 'late-fee-1',
      runAt: new Date('2026-12-01T12:00:00Z'),
      maxAttempts: 2,
    });
    const handlers: JobHandlers = {
      'test.fee': {
        async run() {
          throw new Error('Ledger is closed');
        },
      },
    };
    const lines: string[] = [];
    const run = (until: string) =>
      runJobsUntil({ db: db(), until, handlers, leaseClock: fakeClock(), print: (l) => lines.push(l) });

    await run('2026-12-01');
    expect(lines[0]).toBe(
      'test.fee  late-fee-1  no studio  failed (attempt 1 of 2), retried from 2026-12-02T00:00:59.999Z: Ledger is closed',
    );
    expect(lines[1]).toBe('1 job due by the end of 2026-12-01: 0 done, 1 to retry, 0 failed for good.');
    lines.length = 0;
    await run('2026-12-01');
    expect(lines).toEqual(['No job was due by the end of 2026-12-01.']);
    await run('2026-12-02');
    expect(lines[1]).toBe(
      'test.fee  late-fee-1  no studio  failed for good after 2 attempts: Ledger is closed',
    );
    expect(await jobRows()).toMatchObject([{ state: 'failed', attempts: 2, lastError: 'Ledger is closed' }]);
  });
});

describe('startJobs', () => {
  it('runs jobs in the background, and stop() waits for the job under way', async () => {
    let finish = () => {};
    const ran: string[] = [];
    const handlers: JobHandlers = {
      'test.a': {
        run: ({ job }) =>
          new Promise<void>((resolve) => {
            ran.push(job.key);
            finish = () => resolve();
          }),
      },
    };
    const logger = { info() {}, warn() {}, error() {} };
    await enqueue(db(), { kind: 'test.a', key: 'k', runAt: new Date(0) });
    const runner = startJobs({ db: db(), clock: fakeClock(), handlers, logger, intervalMs: 10 });
    await expect.poll(() => ran).toEqual(['k']);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    // The handler finished its work without looking at the signal: the job is done.
    expect(await db().select({ state: jobs.state }).from(jobs).where(eq(jobs.key, 'k'))).toEqual([
      { state: 'done' },
    ]);
  });
});
