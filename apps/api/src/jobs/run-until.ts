import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies } from '../db/schema/companies';
import { jobs } from '../db/schema/jobs';
import type { Clock } from '../lib/clock';
import { whyNotHandled } from './registry';
import { endOfDayIn, type JobHandlers, type JobRun, runDue } from './runner';

/** What `npm run jobs` does, apart from opening the database: for the command (cli-run.ts) and its tests. */

/**
 * The clock of a run up to `until`: the end of that day (its last millisecond) in the server's zone,
 * UTC. Each job itself sees the end of that day in its studio's zone (runner.ts, `until`).
 */
export const endOfDayClock = (until: string): Clock => ({
  now: () => new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000 - 1),
});

/**
 * The sandbox processor's clock in a run (decision 051): while a job runs, the time it was due (its
 * day's hour: the billing day's 05:00, a day's charges', its payouts' noon), else the real time. The
 * sales a billing day makes under `--until` are then made on that day at the processor too, settle when
 * that day is over and are paid out the next business day, as they would be had the server run through
 * those days. A job is never due later than its clock, so this is never past the run's own clock. Jobs
 * of one run are taken one at a time (runner.ts), so one clock serves them all. The job is handed the
 * same clock, so what it books (an auto-pay payment, a receipt) is dated the day it was due, as the
 * processor dates the sale, not the run's last day. Finix itself keeps its own time: with FINIX_* set,
 * the processor ignores this clock, and the jobs still see their own day.
 */
export function jobTimeClock(real: Clock): { clock: Clock; follow(handlers: JobHandlers): JobHandlers } {
  let at: Date | null = null;
  const clock: Clock = { now: () => (at ? new Date(at) : real.now()) };
  const follow = (handlers: JobHandlers): JobHandlers =>
    Object.fromEntries(
      Object.entries(handlers).map(([kind, handler]) => [
        kind,
        {
          ...handler,
          async run(ctx) {
            const due = ctx.job.runAt.getTime();
            at = new Date(Math.min(due, ctx.clock.now().getTime()));
            try {
              // The job reads the same time: what it books (an auto-pay payment) is dated its own day.
              await handler.run({ ...ctx, clock });
            } finally {
              at = null;
            }
          },
        },
      ]),
    );
  return { clock, follow };
}

/** One line per job run: kind, key, studio, result. */
export function describeRun(r: JobRun): string {
  const studio = r.job.studio ?? (r.job.companyId ? r.job.companyId : 'no studio');
  const result =
    r.outcome === 'retry'
      ? `failed (attempt ${r.job.attempts} of ${r.job.maxAttempts}), retried from ${r.nextRunAt?.toISOString()}: ${r.error}`
      : r.outcome === 'failed'
        ? `failed for good after ${r.job.attempts} attempts: ${r.error}`
        : r.outcome === 'lost'
          ? 'taken over by another runner (its lease ran out)'
          : r.outcome;
  return `${r.job.kind}  ${r.job.key}  ${studio}  ${result}`;
}

/**
 * Runs every job due by the end of `until` in its studio's time zone (jobs without a studio: UTC),
 * until none is left, printing each as it is settled, then a summary. A job that fails is retried a
 * minute after that day's end, so it runs once per call; the next day's run retries it. Returns the
 * runs. `leaseClock` is the real time: another runner (a server on the same PostgreSQL) must see this
 * one's leases live.
 */
export async function runJobsUntil(opts: {
  db: Db;
  until: string;
  handlers: JobHandlers;
  leaseClock: Clock;
  print: (line: string) => void;
}): Promise<JobRun[]> {
  const { db, until, handlers, leaseClock, print } = opts;
  const deps = { db, clock: endOfDayClock(until), leaseClock, handlers };
  const all: JobRun[] = [];
  for (;;) {
    const runs = await runDue(deps, { until, limit: 50 });
    for (const r of runs) print(describeRun(r));
    all.push(...runs);
    // Nothing left, or only what another runner holds: done.
    if (!runs.some((r) => r.outcome !== 'handed back' && r.outcome !== 'lost')) break;
  }

  const tally = (o: JobRun['outcome']) => all.filter((r) => r.outcome === o).length;
  print(
    all.length === 0
      ? `No job was due by the end of ${until}.`
      : `${all.length} job${all.length === 1 ? '' : 's'} due by the end of ${until}: ${tally('done')} done, ` +
          `${tally('retry')} to retry, ${tally('failed')} failed for good.`,
  );
  for (const { kind, n } of await dueUnhandled(db, until, Object.keys(handlers))) {
    print(`Left queued: ${n} ${kind} (${whyNotHandled(kind)}).`);
  }
  return all;
}

/** Queued jobs due by then that no handler here runs, by kind. */
async function dueUnhandled(db: Db, until: string, handled: string[]) {
  return db
    .select({ kind: jobs.kind, n: count() })
    .from(jobs)
    .leftJoin(companies, eq(companies.id, jobs.companyId))
    .where(
      and(
        eq(jobs.state, 'queued'),
        sql`${jobs.runAt} < ${endOfDayIn(until)}`,
        handled.length > 0 ? notInArray(jobs.kind, handled) : undefined,
      ),
    )
    .groupBy(jobs.kind)
    .orderBy(jobs.kind);
}
