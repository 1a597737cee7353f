import { withFields } from '@pirouette/domain';
import { and, asc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies } from '../db/schema/companies';
import { jobs } from '../db/schema/jobs';
import type { Clock } from '../lib/clock';

/**
 * One runner for work that must happen once (decision 023): mail delivery, billing days, late fees.
 * A job is a row of `jobs`, queued with the write that needs it; the runner claims due jobs with
 * FOR UPDATE SKIP LOCKED and a lease, so several server instances (and `npm run jobs`) never run one
 * job at once; a job survives a restart; a failure is retried with back-off and given up after the job's
 * max attempts, with its last error kept on the row.
 *
 * A job may still run twice: a runner can die after the handler's work and before marking it done, or
 * lose its lease to a handler slower than the lease. So every handler must be idempotent: check what is
 * already done (a charge's unique key, a message already marked sent) before doing it.
 */

export const DEFAULT_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/**
 * How long a claimed job stays reserved for its runner, unless its handler says otherwise. It must
 * outlast the running of a whole claimed batch, or another runner would take a job over and run it a
 * second time.
 */
const DEFAULT_LEASE_MS = 10 * 60_000;
const ERROR_MAX_CHARS = 500;
const INTERRUPTED = 'Interrupted during the last attempt';

/** The zone of a job without a studio: the server's, which is UTC. */
export const SERVER_TIME_ZONE = 'UTC';

export type JobLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** A claimed job, as its handler sees it. */
export type Job = {
  id: string;
  kind: string;
  key: string;
  companyId: string | null;
  /** The studio's name, for people reading what ran. */
  studio: string | null;
  /** The studio's time zone, or the server's (UTC) for a job without a studio. */
  timeZone: string;
  payload: unknown;
  runAt: Date;
  /** Attempts begun, this one included. */
  attempts: number;
  maxAttempts: number;
};

export type JobContext = {
  job: Job;
  db: Db;
  /** The job's clock: the server's, or under `until` the end of that day in the job's time zone. */
  clock: Clock;
  logger: JobLogger;
  /** Aborted when the server stops: give up the work in progress; the job is handed back. */
  signal: AbortSignal;
  /**
   * Tells the handlers of this process that listen to the occurrence's event (`listen`): each queues its
   * own job under the occurrence's key, so an occurrence announced twice queues nothing twice. Call it
   * with the transaction of the write the event tells of, if any. Answers how many jobs it queued.
   * Use `announce` of jobs/define.ts, which checks the event's payload first.
   */
  announce(db: Db, occurrence: Occurrence): Promise<number>;
};

/** One occurrence of an event (jobs/define.ts): its name, a key unique to it, its studio and payload. */
export type Occurrence = {
  event: string;
  key: string;
  companyId: string | null;
  /** When the listeners' jobs are due; at once without it. */
  runAt?: Date;
  payload: unknown;
};

export type JobHandler = {
  /**
   * Does the job's work. Must be idempotent (see above); a throw is a failed attempt. It runs outside
   * any transaction: a handler that writes several rows opens its own.
   */
  run(ctx: JobContext): Promise<void>;
  /** Told of a job given up, in the transaction that marks it failed (e.g. to mark a message failed). */
  onFailed?(ctx: { job: Job; db: Db; error: string }): Promise<void>;
  /** How long a claim holds; longer than the handler can take (its own timeouts bound it). */
  leaseMs?: number;
  /** The event this kind listens to: `queue` queues this kind's job for one occurrence of it. */
  listen?: { event: string; queue(db: Db, occurrence: Occurrence): Promise<boolean> };
};

/** The handlers of this process, by kind. A kind nobody here handles is left queued for a process that does. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** The wait before the next attempt, after `attempts` have failed: 1 min, 2, 4 … at most 1 h. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Queues a job, unless one of the same kind and key exists (whatever its state): queued twice is queued
 * once. Call it with the transaction of the write that needs the job, so the job exists exactly when the
 * write does. `runAt` comes from the studio's clock; without it the job is due at once, by the
 * database's clock. Returns whether this call queued it.
 */
export async function enqueue(db: Db, job: QueuedJob): Promise<boolean> {
  const queued = await jobsInsert(db, [job]).returning({ id: jobs.id });
  return queued.length > 0;
}

/** A job to queue: its kind, its key (queued twice is queued once), when, for which studio, what. */
export type QueuedJob = {
  kind: string;
  key: string;
  runAt?: Date;
  companyId?: string | null;
  payload?: unknown;
  maxAttempts?: number;
};

/**
 * Jobs queued by one insert, built and not sent: a write that keeps its rows sends it with them, in its
 * own statement (decision 084). A key queued already queues nothing.
 */
export function jobsInsert(db: Db, queued: readonly QueuedJob[]) {
  return db
    .insert(jobs)
    .values(
      queued.map((job) => ({
        kind: job.kind,
        key: job.key,
        runAt: job.runAt,
        companyId: job.companyId ?? null,
        payload: job.payload ?? {},
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      })),
    )
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
}

/** The server's message, short; never the payload, which may hold codes, links or addresses. */
export function describeError(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: { message?: unknown } } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  // A wrapped error (a failed query) says least in its own message: put the cause first.
  const cause = typeof e?.cause?.message === 'string' ? `${e.cause.message} ← ` : '';
  return `${code}${cause}${message}`.replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX_CHARS);
}

// Logs go to shared places; an SMTP reply often quotes the recipient's address.
export const redactAddresses = (s: string) => s.replace(/[^\s<>"':;,]+@[^\s<>"':;,]+/g, '<address>');

export type RunnerDeps = {
  db: Db;
  /** What is due, and the clock handlers see (but under `until`). */
  clock: Clock;
  /**
   * The clock of leases, which guard against another runner and so must be real time. The server's
   * clock is; `npm run jobs` runs another day's jobs with the real time for leases. Default: `clock`.
   */
  leaseClock?: Clock;
  handlers: JobHandlers;
  logger?: JobLogger;
};

export type RunOptions = {
  /**
   * Run what is due by the end of this day (YYYY-MM-DD) in each job's time zone, instead of what is due
   * now: a job's clock then reads the last millisecond of that day in its zone.
   */
  until?: string;
  /** At most this many jobs in this call. */
  limit?: number;
  signal?: AbortSignal;
};

export type JobOutcome = 'done' | 'retry' | 'failed' | 'handed back' | 'lost';

/** What became of one job in a run. */
export type JobRun = {
  job: Job;
  outcome: JobOutcome;
  /** For a retry or a failure: the error kept on the job. */
  error?: string;
  /** For a retry: when it is due again. */
  nextRunAt?: Date;
};

type Claimed = Job & { lease: Date; jobNow: Date; leaseMs: number };

/** The start of the day after `until` in `zone`. */
const endOfDayInZone = (until: string, zone: SQL) =>
  sql`((${until}::date + 1)::timestamp at time zone ${zone})`;

/**
 * The start of the day after `until` in the zone of the job's studio (UTC without one), for a query
 * that joins `companies`: a job is due under `until` when its run_at is before it.
 */
export const endOfDayIn = (until: string) =>
  endOfDayInZone(until, sql`coalesce(${companies.timeZone}, ${SERVER_TIME_ZONE})`);

/** The zone of a job's studio, read for the job's row alone (no join). */
const zoneOfJob = sql`coalesce((select ${companies.timeZone} from ${companies}
  where ${companies.id} = ${jobs.companyId}), ${SERVER_TIME_ZONE})`;

/**
 * What is due (said of the jobs' rows alone), and each job's clock (said once the studio is joined):
 * now, or under `until` the last millisecond of that day in the job's zone.
 */
function dueBy(clock: Clock, until: string | undefined): { due: SQL; jobNow: SQL<Date> } {
  if (!until) {
    const now = clock.now();
    return {
      due: lte(jobs.runAt, now),
      jobNow: sql<Date>`${now.toISOString()}::timestamptz`.mapWith(jobs.runAt),
    };
  }
  return {
    due: sql`${jobs.runAt} < ${endOfDayInZone(until, zoneOfJob)}`,
    jobNow: sql<Date>`${endOfDayIn(until)} - interval '1 millisecond'`.mapWith(jobs.runAt),
  };
}

/**
 * Reserves up to `limit` due jobs of the kinds handled here. The rows are locked while the transaction
 * lasts (other runners skip them rather than wait), and marked 'running' with a lease so that they stay
 * reserved after it commits, while they run. A job whose lease ran out (its runner died in it) is due
 * again; the attempt it was in counts, so a job that crashes its runner cannot be retried for ever.
 *
 * The jobs are picked first, then their studios joined: joined before the limit, a look with a planner
 * that believed few jobs due (statistics older than a billing day of every studio) joined every due
 * job's studio before sorting, 60,000 buffers for twenty jobs (decision 094).
 */
async function claimDue(
  deps: RunnerDeps,
  opts: { until?: string; limit: number },
): Promise<{ claimed: Claimed[]; interrupted: JobRun[] }> {
  const kinds = Object.keys(deps.handlers);
  if (kinds.length === 0) return { claimed: [], interrupted: [] };
  const leaseClock = deps.leaseClock ?? deps.clock;
  const leaseNow = leaseClock.now();
  const { due: isDue, jobNow } = dueBy(deps.clock, opts.until);
  return deps.db.transaction(async (tx) => {
    const picked = tx.$with('picked').as(
      tx
        .select({
          id: jobs.id,
          kind: jobs.kind,
          key: jobs.key,
          companyId: jobs.companyId,
          payload: jobs.payload,
          runAt: jobs.runAt,
          createdAt: jobs.createdAt,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
        })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            isDue,
            or(eq(jobs.state, 'queued'), and(eq(jobs.state, 'running'), lte(jobs.leaseUntil, leaseNow))),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.createdAt), asc(jobs.id))
        .limit(opts.limit)
        .for('update', { skipLocked: true }),
    );
    const due = await tx
      .with(picked)
      .select({
        id: picked.id,
        kind: picked.kind,
        key: picked.key,
        companyId: picked.companyId,
        studio: companies.name,
        timeZone: sql<string>`coalesce(${companies.timeZone}, ${SERVER_TIME_ZONE})`,
        payload: picked.payload,
        runAt: picked.runAt,
        attempts: picked.attempts,
        maxAttempts: picked.maxAttempts,
        jobNow,
      })
      .from(picked)
      .leftJoin(companies, eq(companies.id, picked.companyId))
      .orderBy(asc(picked.runAt), asc(picked.createdAt), asc(picked.id));

    const interrupted: JobRun[] = [];
    const given: Record<string, Date> = {};
    const claimed: Claimed[] = [];
    for (const { jobNow: now, ...row } of due) {
      if (row.attempts >= row.maxAttempts) {
        // Its runner died during the last attempt it had.
        given[row.id] = now;
        interrupted.push({ job: row, outcome: 'failed', error: INTERRUPTED });
        continue;
      }
      const leaseMs = deps.handlers[row.kind]?.leaseMs ?? DEFAULT_LEASE_MS;
      const lease = new Date(leaseNow.getTime() + leaseMs);
      claimed.push(withFields(row, { attempts: row.attempts + 1, lease, jobNow: now, leaseMs }));
    }
    await markClaimed(tx, claimed);
    if (interrupted.length > 0) {
      await tx
        .update(jobs)
        .set({
          state: 'failed',
          leaseUntil: null,
          lastError: INTERRUPTED,
          finishedAt: perJob(given, 'timestamptz'),
          updatedAt: sql`now()`,
        })
        .where(inArray(jobs.id, Object.keys(given)));
      for (const r of interrupted)
        await deps.handlers[r.job.kind]?.onFailed?.({ job: r.job, db: tx, error: INTERRUPTED });
    }
    return { claimed, interrupted };
  });
}

/**
 * Only the holder of the lease may settle a job: if the lease was lost (a handler slower than it), the
 * runner that took over owns the outcome.
 */
const heldBy = (j: Claimed) =>
  and(eq(jobs.id, j.id), eq(jobs.state, 'running'), eq(jobs.leaseUntil, j.lease));

/** Hands jobs back as if never claimed: due again at once, the attempt not counted. */
async function release(db: Db, rest: Claimed[]): Promise<void> {
  if (rest.length === 0) return;
  const leases = Object.fromEntries(rest.map((j) => [j.id, j.lease]));
  await db
    .update(jobs)
    .set({
      state: 'queued',
      leaseUntil: null,
      attempts: perJob(Object.fromEntries(rest.map((j) => [j.id, j.attempts - 1])), 'int'),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(
          jobs.id,
          rest.map((j) => j.id),
        ),
        eq(jobs.state, 'running'),
        sql`${jobs.leaseUntil} = ${perJob(leases, 'timestamptz')}`,
      ),
    );
}

/** The claimed jobs marked running under their leases, in one statement. */
async function markClaimed(tx: Db, claimed: Claimed[]): Promise<void> {
  if (claimed.length === 0) return;
  await tx
    .update(jobs)
    .set({
      state: 'running',
      leaseUntil: perJob(Object.fromEntries(claimed.map((j) => [j.id, j.lease])), 'timestamptz'),
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      inArray(
        jobs.id,
        claimed.map((j) => j.id),
      ),
    );
}

/**
 * A value of each job of one statement, by the job's id (one JSON parameter): the jobs themselves are
 * found by their key (`id in (…)`), whatever the planner believes of the queue's size.
 */
const perJob = (values: Record<string, Date | number>, type: 'timestamptz' | 'int') =>
  sql`(${JSON.stringify(values)}::jsonb ->> ${jobs.id}::text)::${sql.raw(type)}`;

/**
 * Runs the jobs that are due: claims them in a short transaction, runs each outside it, then records
 * the outcome (done, a retry with exponential back-off, or failed after the job's max attempts).
 * Safe to run from several processes at once: a job is claimed by one of them only.
 *
 * When `signal` aborts (the server is stopping), the job in progress is told to stop, and it and the
 * jobs not yet begun are handed back at once, as if never claimed: the next start, or another runner,
 * runs them without waiting for the lease to run out, and the interruption costs no attempt.
 */
export async function runDue(deps: RunnerDeps, opts: RunOptions = {}): Promise<JobRun[]> {
  const { db, handlers } = deps;
  const { signal } = opts;
  if (signal?.aborted) return [];
  const leaseClock = deps.leaseClock ?? deps.clock;
  const { claimed, interrupted } = await claimDue(deps, { until: opts.until, limit: opts.limit ?? 20 });
  for (const r of interrupted) logGiveUp(deps.logger, r);
  const runs: JobRun[] = [...interrupted];
  const never = new AbortController().signal;

  for (const [i, j] of claimed.entries()) {
    // No job starts with less than this left of its lease: it could outrun it.
    const margin = Math.min(3 * 60_000, j.leaseMs * 0.3);
    if (signal?.aborted || leaseClock.now().getTime() > j.lease.getTime() - margin) {
      await release(db, claimed.slice(i));
      runs.push(...claimed.slice(i).map((job) => ({ job: publicJob(job), outcome: 'handed back' as const })));
      break;
    }
    const handler = handlers[j.kind] as JobHandler;
    const job = publicJob(j);
    // Under `until`, the job's clock stands at the end of that day in its zone; else it is the server's.
    const clock: Clock = opts.until ? { now: () => new Date(j.jobNow) } : deps.clock;
    try {
      await handler.run({
        job,
        db,
        clock,
        logger: deps.logger ?? silent,
        signal: signal ?? never,
        announce: announcer(handlers),
      });
    } catch (err) {
      if (signal?.aborted) {
        await release(db, claimed.slice(i));
        runs.push(...claimed.slice(i).map((c) => ({ job: publicJob(c), outcome: 'handed back' as const })));
        deps.logger?.info(
          { jobId: j.id, kind: j.kind, handedBack: claimed.length - i },
          'jobs stopped mid-run',
        );
        break;
      }
      runs.push(await settleFailure(deps, j, job, describeError(err), clock.now()));
      continue;
    }
    const now = clock.now();
    const done = await db
      .update(jobs)
      .set({ state: 'done', leaseUntil: null, lastError: null, finishedAt: now, updatedAt: sql`now()` })
      .where(heldBy(j))
      .returning({ id: jobs.id });
    runs.push({ job, outcome: done.length > 0 ? 'done' : 'lost' });
  }
  return runs;
}

async function settleFailure(
  deps: RunnerDeps,
  j: Claimed,
  job: Job,
  error: string,
  now: Date,
): Promise<JobRun> {
  const giveUp = j.attempts >= j.maxAttempts;
  const nextRunAt = new Date(now.getTime() + retryDelayMs(j.attempts));
  const settled = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(jobs)
      .set(
        giveUp
          ? { state: 'failed', leaseUntil: null, lastError: error, finishedAt: now, updatedAt: sql`now()` }
          : { state: 'queued', leaseUntil: null, lastError: error, runAt: nextRunAt, updatedAt: sql`now()` },
      )
      .where(heldBy(j))
      .returning({ id: jobs.id });
    if (rows.length > 0 && giveUp) await deps.handlers[j.kind]?.onFailed?.({ job, db: tx, error });
    return rows.length > 0;
  });
  if (!settled) return { job, outcome: 'lost', error };
  const run: JobRun = giveUp
    ? { job, outcome: 'failed', error }
    : { job, outcome: 'retry', error, nextRunAt };
  if (giveUp) logGiveUp(deps.logger, run);
  else
    deps.logger?.warn(
      { ...logFields(run), nextRunAt: nextRunAt.toISOString() },
      `job ${j.kind} failed: will retry`,
    );
  return run;
}

/**
 * The announcer of a process: an occurrence queues the job of every handler here that listens to its
 * event, each under the occurrence's key (the registry lists every listener in every process).
 */
export function announcer(handlers: JobHandlers): JobContext['announce'] {
  return async (db, occurrence) => {
    let queued = 0;
    for (const handler of Object.values(handlers)) {
      if (handler.listen?.event === occurrence.event && (await handler.listen.queue(db, occurrence)))
        queued++;
    }
    return queued;
  };
}

const publicJob = ({ lease: _l, jobNow: _n, leaseMs: _m, ...job }: Claimed): Job => job;

const logFields = (r: JobRun) => ({
  jobId: r.job.id,
  kind: r.job.kind,
  key: r.job.key,
  attempts: r.job.attempts,
  error: redactAddresses(r.error ?? ''),
});

function logGiveUp(logger: JobLogger | undefined, r: JobRun) {
  logger?.error(logFields(r), `job ${r.job.kind} gave up`);
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/**
 * The server's runner: runs what is due every `intervalMs` until stopped. A run starts only after the
 * previous one has finished, so runs never overlap; after a full batch the next one starts at once. The
 * timer does not keep the process alive on its own. stop() tells the job in progress to stop and waits
 * for it to be handed back.
 */
export function startJobs(
  deps: RunnerDeps & { logger: JobLogger; intervalMs?: number; batchSize?: number },
): { stop(): Promise<void> } {
  const { intervalMs = 5000, batchSize = 20, logger } = deps;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Aborts the run in progress at stop(): a hung SMTP server must not hold the process, nor keep the
  // job it was given reserved for its lease.
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
      const runs = await runDue(deps, { limit: batchSize, signal: stopping.signal });
      const done = runs.filter((r) => r.outcome === 'done').length;
      if (done > 0) logger.info({ done, kinds: [...new Set(runs.map((r) => r.job.kind))] }, 'jobs done');
      full = runs.length >= batchSize;
    } catch (err) {
      logger.error({ error: redactAddresses(describeError(err)) }, 'job run failed');
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
