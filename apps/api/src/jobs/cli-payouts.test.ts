import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, migratedDataDir, onServer } from '../../test/build-test-app';
import { type ServerEntry, serverScript } from '../../test/server-build';
import { type Database, openPglite, openPostgres } from '../db/client';
import { studioMerchants } from '../db/schema/payments';
import { cardClearing } from '../modules/books';
import { nextBusinessDay } from '../sandbox/finix/engine-settlements';

/**
 * Issue 34 item 2 from outside (decision 051): the demo seeded, its studio's merchant approved, then
 * `npm run jobs -- --until` through the next due date: the Patels' automatic card payment is made on its
 * billing day, settled and paid out the next business day at the sandbox processor, whose clock follows
 * the jobs' days, and booked once as a payout; card clearing is the payments not paid out yet.
 */

const API = fileURLToPath(new URL('../..', import.meta.url));

/** One of the product's commands as a process, its code bundled (test/server-build.ts). */
function run(script: ServerEntry, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [serverScript(script), ...args], {
    cwd: API,
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

type Rows = { rows: Record<string, unknown>[] };

describe('npm run jobs -- --until: card payouts after billing days with auto-pay', () => {
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = `pirouette_test_${randomBytes(6).toString('hex')}`;
      await onServer(serverUrl, `create database ${name}`);
      const url = databaseUrl(serverUrl, name);
      env = { DATABASE_URL: url };
      open = () => openPostgres(url, 2);
      cleanUp = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
    } else {
      const root = await migratedDataDir('pirouette-jobs-payouts-');
      env = { DATA_DIR: root };
      open = () => openPglite(join(root, 'pglite'));
      cleanUp = async () => rmSync(root, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await cleanUp?.();
  });

  it('pays the automatic payments out the next business day, booked once', async () => {
    const seeded = await run('src/db/seed-cli.ts', [], env);
    expect(seeded.code, seeded.stderr).toBe(0);

    let database = await open();
    let companyId: string;
    try {
      const found = (await database.db.execute(
        sql`select company_id as "companyId" from family_accounts where last_name = 'Patel' limit 1`,
      )) as unknown as Rows;
      companyId = found.rows[0]!.companyId as string;
      await database.db
        .insert(studioMerchants)
        .values({ companyId, provider: 'sandbox', merchantId: 'MUsandbox', state: 'approved' })
        .onConflictDoUpdate({
          target: studioMerchants.companyId,
          set: { provider: 'sandbox', merchantId: 'MUsandbox', state: 'approved' },
        });
    } finally {
      await database.close();
    }

    // Through the next month's first week: its due date, and the business day after.
    const now = new Date();
    const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 8))
      .toISOString()
      .slice(0, 10);
    const jobs = await run('src/jobs/cli.ts', ['--until', until], env);
    expect(jobs.code, jobs.stderr).toBe(0);
    expect(jobs.stdout).toMatch(/payouts\.day {2}\S+ {2}.+ {2}done/);

    database = await open();
    try {
      // Each payout item is an automatic payment: the day it ran (its billing day) is the day the
      // processor made the sale, and the payout is the next business day.
      const payouts = (await database.db.execute(
        sql`select p.paid_on as "paidOn", p.gross, p.fees, p.net, r.ran_on as "ranOn",
              left(s.body->>'created_at', 10) as "soldOn", t.effective_date as "bookedOn"
            from processor_payouts p
            join processor_payout_items i on i.payout_id = p.id
            join payment_attempts a on a.transfer_id = i.transfer_id and a.company_id = p.company_id
            join autopay_runs r on r.attempt_id = a.id
            join sandbox_finix_resources s on s.id = i.transfer_id
            join ledger_transactions t on t.id = a.ledger_tx_id
            where p.company_id = ${companyId} order by p.paid_on`,
      )) as unknown as Rows;
      expect(payouts.rows.length).toBeGreaterThan(0);
      for (const row of payouts.rows) {
        expect(row.soldOn).toBe(row.ranOn);
        // The family's ledger dates the payment its billing day too, not the run's last day.
        expect(row.bookedOn).toBe(row.ranOn);
        expect(row.paidOn).toBe(nextBusinessDay(row.ranOn as string));
        expect(row.net).toBe((row.gross as number) - (row.fees as number));
      }
      const clearing = await cardClearing(database.db, companyId, { limit: 100, offset: 0 });
      expect(clearing.balance).toBe(clearing.unpaid.sum - clearing.unmatched.sum);
    } finally {
      await database.close();
    }

    // Run again: nothing is booked twice.
    const again = await run('src/jobs/cli.ts', ['--until', until], env);
    expect(again.code, again.stderr).toBe(0);
    database = await open();
    try {
      const count = (await database.db.execute(
        sql`select count(*)::int as n, count(distinct settlement_id)::int as settlements from processor_payouts`,
      )) as unknown as Rows;
      expect(count.rows[0]!.n).toBe(count.rows[0]!.settlements);
    } finally {
      await database.close();
    }
  }, 600_000);
});
