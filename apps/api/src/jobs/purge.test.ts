import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../test/build-test-app';
import { countQueries } from '../../test/query-count';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { freshenAfterBulkWrite, refreshStaleStatistics } from '../db/statistics';
import { systemClock } from '../lib/clock';
import { startPurge } from './purge';

/**
 * The server keeps the planner's statistics itself (decision 081): PGlite has no autovacuum and a
 * PostgreSQL may run without it, so a table that has grown since it was last analyzed would be planned
 * as it was (issue 20, issue 39). It vacuums as autovacuum would too (decision 095): a table never
 * vacuumed keeps its dead rows and is never read from an index alone. On both databases
 * (TEST_DATABASE_URL).
 */

let database: Database;

const reltuples = async (table: string) => {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select reltuples::int as n from pg_class where oid = ${table}::regclass`,
  );
  return row?.n;
};

const changedSinceAnalyzed = async (table: string) => {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select n_mod_since_analyze::int as n from pg_stat_user_tables where relid = ${table}::regclass`,
  );
  return row?.n;
};

const errors: unknown[] = [];
const logger = { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the server’s look at the statistics', () => {
  it('analyzes a table grown past the threshold once its changes are counted, and leaves the others', async () => {
    await database.db.execute(sql`create table grown (id int primary key, family int)`);
    await database.db.execute(sql`create table steady (id int primary key)`);
    await database.db.execute(sql`insert into steady select g from generate_series(1, 1000) g`);
    // Analyzed once its insert is counted: counted later, it would count as changed since.
    await vi.waitFor(async () => expect(await changedSinceAnalyzed('steady')).toBe(1000), {
      timeout: 20_000,
    });
    await database.db.execute(sql`analyze grown, steady`);
    await database.db.execute(sql`insert into grown select g, g % 90 from generate_series(1, 3000) g`);
    // 40 rows into a table of 1,000: under 50 + 10 %, not stale.
    await database.db.execute(sql`insert into steady select g from generate_series(1001, 1040) g`);
    // Analyzed empty, then grown: the statistics still say what they said.
    expect(await reltuples('grown')).toBeLessThanOrEqual(0);

    const run = startPurge({ db: database.db, clock: systemClock, logger, statisticsMs: 200 });
    try {
      // A backend reports its counts a second or so after its commit: the look every minute sees them.
      await vi.waitFor(async () => expect(await reltuples('grown')).toBe(3000), { timeout: 20_000 });
    } finally {
      run.stop();
    }
    expect(await reltuples('steady')).toBe(1000);
    expect(errors).toEqual([]);
  });

  it('after a bulk write, analyzes at once what the writer grew past the threshold, by its own count', async () => {
    await database.db.execute(sql`create table bulk (id int primary key)`);
    await database.db.execute(sql`insert into bulk select g from generate_series(1, 1000) g`);
    await database.db.execute(sql`analyze bulk`);
    await database.db.execute(sql`insert into bulk select g from generate_series(1001, 1100) g`);
    // 100 rows into 1,000: under 150, left for the look every minute.
    expect(await freshenAfterBulkWrite(database.db, { bulk: 100 })).toEqual([]);
    await database.db.execute(sql`insert into bulk select g from generate_series(1101, 1400) g`);
    expect(await freshenAfterBulkWrite(database.db, { bulk: 300, no_such_table: 500 })).toEqual(['bulk']);
    expect(await reltuples('bulk')).toBe(1400);
  });

  it('analyzes a table a statement, so that no statement holds the session for all of them (decision 119)', async () => {
    await database.db.execute(sql`create table first_grown (id int primary key)`);
    await database.db.execute(sql`create table second_grown (id int primary key)`);
    await database.db.execute(sql`insert into first_grown select g from generate_series(1, 600) g`);
    await database.db.execute(sql`insert into second_grown select g from generate_series(1, 600) g`);
    const { result, statements } = await countQueries({ database }, () =>
      freshenAfterBulkWrite(database.db, { first_grown: 600, second_grown: 600 }),
    );
    expect(result).toEqual(['first_grown', 'second_grown']);
    const analyses = statements.filter((s) => /^analyze /i.test(s.trim()));
    expect(analyses).toEqual(['analyze "first_grown"', 'analyze "second_grown"']);
    expect(await reltuples('second_grown')).toBe(600);
  });

  it('is analyzed by one process at a time: a look finding the lock held analyzes nothing', async () => {
    await database.db.execute(sql`create table contended (id int primary key)`);
    await database.db.execute(sql`analyze contended`);
    await database.db.execute(sql`insert into contended select g from generate_series(1, 2000) g`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken!: () => void;
    const locked = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5e1ec7})`);
      taken();
      await held;
    });
    await locked;
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL another connection looks meanwhile and leaves the work to the holder.
      expect(await freshenAfterBulkWrite(database.db, { contended: 2000 })).toEqual([]);
    }
    release();
    await holder;
    expect(await freshenAfterBulkWrite(database.db, { contended: 2000 })).toEqual(['contended']);
  });

  it('vacuums the tables past autovacuum’s thresholds, so a count is read from an index alone', async () => {
    const counters = async (table: string) => {
      const [row] = await rowsOf<{ inserted: number; dead: number; vacuums: number }>(
        database.db,
        sql`select n_ins_since_vacuum::int as inserted, n_dead_tup::int as dead, vacuum_count::int as vacuums
            from pg_stat_user_tables where relid = ${table}::regclass`,
      );
      return row!;
    };
    /** The heap rows an index-only count of `worn` reads: none once its pages are all-visible. */
    const heapFetches = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        type Plan = [{ Plan: { Plans: Record<string, unknown>[] } }];
        const [row] = await rowsOf<{ 'QUERY PLAN': Plan | string }>(
          tx,
          sql`explain (analyze, format json) select count(*) from worn where k = 7 and live`,
        );
        const plan = row!['QUERY PLAN'];
        const scan = (typeof plan === 'string' ? (JSON.parse(plan) as Plan) : plan)[0].Plan.Plans[0]!;
        return { node: scan['Node Type'], fetches: scan['Heap Fetches'] };
      });

    await database.db.execute(
      sql`create table worn (id int primary key, k int not null, live boolean not null)`,
    );
    await database.db.execute(sql`create index worn_live_idx on worn (k) where live`);
    await database.db.execute(sql`create table churned (id int primary key)`);
    await database.db.execute(sql`create table kept (id int primary key)`);
    await database.db.execute(sql`insert into churned select g from generate_series(1, 5000) g`);
    await database.db.execute(sql`insert into kept select g from generate_series(1, 500) g`);
    // Both tables' inserts counted before they are analyzed: a count a connection reports after the
    // analyze (its statistics are sent at most once a second) would make `kept` look changed since.
    await vi.waitFor(
      async () => {
        expect((await counters('churned')).inserted).toBe(5000);
        expect((await counters('kept')).inserted).toBe(500);
      },
      { timeout: 20_000 },
    );
    await database.db.execute(sql`vacuum (analyze) churned, kept`);
    // 5,000 rows inserted (past 1,000 + 20 %), 2,000 of 5,000 deleted (past 50 + 20 %), 40 of 500 changed.
    await database.db.execute(
      sql`insert into worn select g, g % 100, g % 3 > 0 from generate_series(1, 5000) g`,
    );
    await database.db.execute(sql`delete from churned where id <= 2000`);
    await database.db.execute(sql`update kept set id = id + 1000 where id <= 40`);
    await vi.waitFor(
      async () => {
        expect((await counters('worn')).inserted).toBe(5000);
        expect((await counters('churned')).dead).toBe(2000);
      },
      { timeout: 20_000 },
    );
    const before = await heapFetches();
    expect(before.node).toBe('Index Only Scan');
    expect(before.fetches).toBeGreaterThan(0);
    const keptVacuums = (await counters('kept')).vacuums;
    // The tests' connections commit without waiting for the disk (synchronous_commit off): VACUUM marks
    // no page all-visible while the commits of its rows are not on disk. A checkpoint puts them there, as
    // every commit of the product's own connections does.
    await database.db.execute(sql`checkpoint`);

    const done = await refreshStaleStatistics(database.db);
    expect(done).toEqual(expect.arrayContaining(['churned', 'worn']));
    expect(done).not.toContain('kept');
    expect(await heapFetches()).toEqual({ node: 'Index Only Scan', fetches: 0 });
    expect((await counters('churned')).dead).toBe(0);
    expect((await counters('kept')).vacuums).toBe(keptVacuums);
    expect(await reltuples('worn')).toBe(5000);
  });
});
