import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, todayInZone } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client';
import { rowsOf } from '../apps/api/src/db/rows';
import { seedLarge } from '../apps/api/src/db/seed-large';
import { jobHandlers } from '../apps/api/src/jobs/registry';
import { runJobsUntil } from '../apps/api/src/jobs/run-until';
import { systemClock } from '../apps/api/src/lib/clock';
import { paymentsFor } from '../apps/api/src/modules/payments/providers';
import { plansFor } from './evening/plans';

/**
 * `tsx bench/billing-day.ts [--families N] [--database-url URL]`: what a billing day costs per family
 * (issue 39 point 3, docs/scaling.md). Seeds the large studio (a temporary PGlite, or a database of its
 * own on the PostgreSQL server of --database-url, dropped at the end), puts N of its families in the
 * half-year plan, billed up to today as a registration is, then runs the studio's billing days up to the
 * next plan payment's due date with the product's own runner (`npm run jobs -- --until`'s code) and
 * reports the time per family billed (`bench/queries.ts` lists a billing's statements). Not part of `npm run bench`'s run: a billing day
 * is a job, not a request.
 */
const { values } = parseArgs({
  options: {
    families: { type: 'string', default: '300' },
    'database-url': { type: 'string' },
  },
});
const families = Number(values.families);

async function open(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const server = values['database-url'];
  if (!server) {
    const dir = mkdtempSync(join(tmpdir(), 'pirouette-billing-day-'));
    const database = await openPglite(join(dir, 'pglite'));
    return { database, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `pirouette_billing_${process.pid}`;
  const admin = await openPostgres(server, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  return {
    database,
    dispose: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

const { database, dispose } = await open();
try {
  const { db } = database;
  await database.migrate();
  await seedLarge(db);
  const [studio] = await rowsOf<{ company_id: string; term_id: string; date_start: string; zone: string }>(
    db,
    sql`select c.id as company_id, t.id as term_id, t.date_start::text as date_start, c.time_zone as zone
        from companies c join year_terms t on t.company_id = c.id and t.is_current
        where c.name = 'Grand Jeté Dance Center'`,
  );
  if (!studio) throw new Error('The large studio is not seeded.');
  const members = await rowsOf<{ family_id: string; user_id: string }>(
    db,
    sql`select m.family_id, m.user_id from memberships m
        where m.company_id = ${studio.company_id} and m.role = 'user' and not m.pending and m.family_id is not null
        order by m.user_id limit ${families}`,
  );
  await plansFor(
    db,
    { companyId: studio.company_id, yearTermId: studio.term_id, dateStart: studio.date_start },
    members.map((m) => ({ familyId: m.family_id, userId: m.user_id })),
  );
  const today = todayInZone(studio.zone, new Date());
  // The day the plans' next payment falls due: the billing days up to it, then that day measured.
  const [next] = await rowsOf<{ due: string }>(
    db,
    sql`select min(p.date_due)::text as due from family_plan_payments p
        where p.company_id = ${studio.company_id} and p.kind = 'plan' and p.date_due > ${today}`,
  );
  const due = next?.due;
  if (!due) throw new Error('No plan payment falls due after today in the large studio.');
  // Everything due before that day first, so the measure holds that day's posting alone.
  const handlers = jobHandlers({
    transport: null,
    appUrl: 'http://localhost:3000',
    provider: paymentsFor({ db, clock: systemClock }).provider,
  });
  const quiet = { db, handlers, leaseClock: systemClock, print: () => {} };
  await runJobsUntil({ ...quiet, until: addDays(due, -1) });
  const [before] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_transactions where company_id = ${studio.company_id}`,
  );
  const started = performance.now();
  const runs = await runJobsUntil({ ...quiet, until: due });
  const ms = performance.now() - started;
  const [after] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_transactions where company_id = ${studio.company_id}`,
  );
  const billed = runs.filter((r) => r.job.kind === 'billing.day').length;
  const posted = (after?.n ?? 0) - (before?.n ?? 0);
  console.log(
    `${database.kind}: billing day ${due} of the large studio, ${members.length} families in a plan: ` +
      `${billed} billing day run, ${posted} postings, ${runs.length} jobs in all (the day's listeners too); ` +
      `${(ms / 1000).toFixed(2)} s, ${(ms / Math.max(1, posted)).toFixed(1)} ms per family billed.`,
  );
} finally {
  await database.close();
  await dispose();
}
