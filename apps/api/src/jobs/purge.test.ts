import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openPglite } from '../db/client';
import { rowsOf } from '../db/rows';
import { systemClock } from '../lib/clock';
import { startPurge } from './purge';

/**
 * The hourly run keeps the embedded database's planner statistics: PGlite has no autovacuum, so a table
 * that has grown since it was last analyzed would be planned as it was (issue 20).
 */

let database: Database;

const reltuples = async (table: string) => {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select reltuples::int as n from pg_class where oid = ${table}::regclass`,
  );
  return row?.n;
};

const errors: unknown[] = [];
const logger = { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openPglite(null);
  await database.migrate();
});
afterAll(async () => {
  await database.close();
});

describe('the hourly run on PGlite', () => {
  it('analyzes the tables after the purge, so the planner sees them as they now are', async () => {
    await database.db.execute(sql`create table grown (id int primary key, family int)`);
    await database.db.execute(sql`analyze grown`);
    await database.db.execute(sql`insert into grown select g, g % 90 from generate_series(1, 3000) g`);
    // Analyzed empty, then grown: the statistics still say what they said.
    expect(await reltuples('grown')).toBeLessThanOrEqual(0);

    const run = startPurge({ db: database.db, kind: 'pglite', clock: systemClock, logger });
    try {
      await vi.waitFor(async () => expect(await reltuples('grown')).toBe(3000), { timeout: 10_000 });
    } finally {
      run.stop();
    }
    expect(errors).toEqual([]);
  });

  it('leaves a server’s statistics to its autovacuum', async () => {
    await database.db.execute(sql`create table other (id int primary key)`);
    await database.db.execute(sql`analyze other`);
    await database.db.execute(sql`insert into other select g from generate_series(1, 500) g`);
    const run = startPurge({ db: database.db, kind: 'postgres', clock: systemClock, logger });
    // The purge's statements and the statistics would run one after the other on PGlite's one
    // connection: a statement sent after them answers after both.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.execute(sql`select 1`);
    run.stop();
    expect(await reltuples('other')).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
