import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema/users';
import { type LargeSeed, seedLarge } from '../apps/api/src/db/seed-large';
import { jobHandlers } from '../apps/api/src/jobs/registry';
import { runDue } from '../apps/api/src/jobs/runner';
import { systemClock } from '../apps/api/src/lib/clock';
import { ensureBillingScheduled } from '../apps/api/src/modules/ledger';
import { paymentsFor } from '../apps/api/src/modules/payments/providers';
import { castEvening, type EveningCast } from './evening/cast';
import { booksForLargeStudio } from './ledger';
import { planForFeaturedFamily } from './registration';

/** A database holding the large studio, and how the server reaches it. */
export type BenchDatabase = {
  kind: 'pglite' | 'postgres';
  /** The server's environment: DATA_DIR, or DATABASE_URL. */
  env: Record<string, string>;
  seed: LargeSeed;
  /** Sign-ins of the large studio's parents, for the sign-in load. */
  emails: string[];
  /** The evening's signed-in owners and parents (bench/evening/cast.ts). */
  cast: EveningCast;
  /**
   * Where the hand-written reference (bench/reference/server.ts) reads: the same PostgreSQL database,
   * or, on PGlite (whose directory one process owns), a copy of the seeded directory, taken once the
   * evening's sessions were written and before the server opened it.
   */
  referenceEnv: Record<string, string>;
  drop(): Promise<void>;
};

/**
 * What the server runs as it starts, run to the end before it does: today's billing days (the plans of
 * bench/evening/plans.ts bill by them) and what they queue. The server then finds nothing new due, so a
 * PGlite copy taken now (the reference's) holds what the server's database holds. Mail stays queued, as
 * it does in a server without SMTP.
 */
async function runDueJobs(db: Database['db']) {
  await ensureBillingScheduled(db, systemClock);
  const handlers = jobHandlers({
    transport: null,
    appUrl: 'http://127.0.0.1',
    provider: paymentsFor({ db, clock: systemClock }).provider,
  });
  for (let round = 0; round < 100; round++) {
    if ((await runDue({ db, clock: systemClock, handlers })).length === 0) return;
  }
}

/** How large the seeded studio is, and how many small studios sit beside it (run.ts's --scale, --studios). */
export type SeedSize = { scale?: number; studios?: number };
/**
 * The planner's statistics after the seeding's bulk writes, as the product keeps them after its own
 * (an import, a billing day): the seed's books and plans were written after seed-large's own analyze.
 * Part of seeding, before the evening is cast: the bench itself analyzes nothing after that, so the
 * evening's own writes (the casting's payment plans, the evening's charges) leave the statistics to
 * the product, as in a studio's database (decision 080).
 */
async function analyzeAfterSeeding(db: Database['db']) {
  await db.execute(sql`analyze`);
}

async function seedInto(
  database: Database,
  size: SeedSize,
): Promise<{ seed: LargeSeed; emails: string[]; cast: EveningCast }> {
  await database.migrate();
  const seed = await seedLarge(database.db, size);
  if (!seed) throw new Error('The database already holds the large studio: the bench needs a fresh one.');
  await planForFeaturedFamily(database.db);
  await booksForLargeStudio(database.db);
  await analyzeAfterSeeding(database.db);
  const rows = await database.db
    .select({ email: users.email })
    .from(users)
    .where(like(users.email, '%@large.example'))
    .limit(200);
  const cast = await castEvening(database.db);
  await runDueJobs(database.db);
  await database.close();
  return { seed, emails: rows.map((r) => r.email), cast };
}

/** PGlite in a new temporary directory, migrated and seeded, then closed for the server to open. */
export async function pgliteDatabase(size: SeedSize = {}): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pirouette-bench-'));
  const { seed, emails, cast } = await seedInto(await openPglite(join(dataDir, 'pglite')), size);
  const referenceDir = join(dataDir, 'reference');
  mkdirSync(referenceDir);
  // The reference's own copy: one process owns a PGlite directory.
  execFileSync('cp', ['-r', join(dataDir, 'pglite'), join(referenceDir, 'pglite')]);
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    seed,
    emails,
    cast,
    referenceEnv: { PGLITE_DIR: join(referenceDir, 'pglite') },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl` (any database of it the URL names is only
 * used to create and drop this one), migrated and seeded; dropped by `drop()`.
 */
export async function postgresDatabase(serverUrl: string, size: SeedSize = {}): Promise<BenchDatabase> {
  const name = `pirouette_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const { seed, emails, cast } = await seedInto(await openPostgres(url.toString(), 4), size);
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      seed,
      emails,
      cast,
      referenceEnv: { DATABASE_URL: url.toString() },
      // BENCH_KEEP_DATABASE=1 keeps it, to replay what the run sent (its statements' plans, its rows).
      drop: async () => {
        if (process.env.BENCH_KEEP_DATABASE) console.log(`  kept the database ${name}`);
        else await admin(`drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await admin(`drop database if exists ${name} with (force)`);
    throw error;
  }
}
