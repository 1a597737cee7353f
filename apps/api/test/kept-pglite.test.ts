import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { deskFamily } from '../src/modules/accounts/accounts.fixture';
import { appOn, dumpFile, TEST_PGLITE, testPglite } from './build-test-app';
import { keptPglite } from './kept-pglite';
import { countQueries } from './query-count';
import { type StudiosSeed, studiosOf } from './studios';
import { pgliteStudiosFile } from './studios-base';

/**
 * The databases a worker keeps between test files (decision 130): a database lent again is in the
 * state a database opened afresh from the same dump is in, whatever the file before did with it.
 */

/** Everything of a database's state a file could see: every table's rows, the sequences, the catalog's counts. */
async function stateOf(database: Database) {
  const db = database.db;
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const contents: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rowsOf<{ rows: string }>(
      db,
      sql.raw(`select coalesce(json_agg(t order by t::text), '[]')::text as rows from ${name} t`),
    );
    contents[name] = r!.rows;
  }
  const [catalog] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select
      (select json_agg(json_build_array(sequencename, last_value) order by sequencename)
         from pg_sequences where schemaname = 'public') as sequences,
      (select json_agg(json_build_array(relname, reltuples, relpages, relallvisible) order by relname)
         from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'i', 'S', 'p')) as counts,
      (select count(*)::int from pg_statistic s join pg_class c on c.oid = s.starelid
         where c.relnamespace = 'public'::regnamespace) as statistics,
      (select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int from pg_stat_user_tables) as counted,
      (select count(*)::int from pg_locks where locktype = 'advisory') as advisory,
      current_setting('statement_timeout') as timeout`,
  );
  return { contents, catalog };
}

/** How far this database's transaction ids have gone: a kept database lent again is further on. */
const xid = async (database: Database) =>
  Number((await rowsOf<{ x: string }>(database.db, sql`select txid_current()::text as x`))[0]!.x);

describe('a database kept between test files', () => {
  it('is lent again in the state a fresh copy of its dump is in, after a file wrote, analyzed and set things', async () => {
    const file = await pgliteStudiosFile();
    const fresh = await testPglite(dumpFile(file));
    const expected = await stateOf(fresh);
    const freshXid = await xid(fresh);
    await fresh.close();

    const first = await keptPglite(file, dumpFile(file), TEST_PGLITE);
    const t = await appOn(first);
    const seed = (await import('node:fs')).readFileSync(`${file}.json`, 'utf8');
    const s = studiosOf(t, JSON.parse(seed) as StudiosSeed);
    await deskFamily(s.a, { user: { lastName: 'Kept' } });
    await first.db.execute(sql`update companies set name = name || ' (renamed)'`);
    await first.db.execute(sql`select nextval(pg_get_serial_sequence('mail_outbox', 'seq'))`);
    await first.db.execute(sql`analyze`);
    await first.db.execute(sql`set statement_timeout = '5s'`);
    await first.db.execute(sql`select pg_advisory_lock(42)`);
    expect((await stateOf(first)).contents).not.toEqual(expected.contents);
    await t.close();

    // Closed: the file's Database refuses, as a closed PGlite does (Drizzle names the query, PGlite why).
    const refused = await first.db.execute(sql`select 1`).then(
      () => null,
      (error: Error) => error,
    );
    expect((refused?.cause as Error | undefined)?.message).toBe('PGlite is closed');

    const again = await keptPglite(file, dumpFile(file), TEST_PGLITE);
    try {
      expect(await xid(again)).toBeGreaterThan(freshXid + 5);
      expect(await stateOf(again)).toEqual(expected);
    } finally {
      await again.close();
    }
  });

  it('keeps on the loan what a file set on its client, and stops what it listened to through it', async () => {
    const file = await pgliteStudiosFile();
    const first = await keptPglite(file, dumpFile(file), TEST_PGLITE);
    const client = (first.db as unknown as { $client: PGlite }).$client;
    // As a test counting statements does: the driver's calls replaced on the client it was given.
    const counted = await countQueries({ database: first }, () => first.db.execute(sql`select 1`));
    expect(counted.count).toBe(1);
    const heard: string[] = [];
    await client.listen('kept_test', (payload) => heard.push(payload));
    await client.exec(`notify kept_test, 'first'`);
    const firstXid = await xid(first);
    await first.close();

    // Lent again: not the first file's closed loan behind its calls, nor its listener.
    const again = await keptPglite(file, dumpFile(file), TEST_PGLITE);
    try {
      // The same database, brought back (a fresh copy of the dump would be behind the first's ids).
      expect(await xid(again)).toBeGreaterThan(firstXid);
      const next = (again.db as unknown as { $client: PGlite }).$client;
      const recount = await countQueries({ database: again }, () => again.db.execute(sql`select 2`));
      expect(recount.count).toBe(1);
      await next.exec(`notify kept_test, 'second'`);
      await next.exec('select 1');
      expect(heard).toEqual(['first']);
    } finally {
      await again.close();
    }
  });

  it('never lends a database whose schema a file changed', async () => {
    const file = await pgliteStudiosFile();
    const changed = await keptPglite(file, dumpFile(file), TEST_PGLITE);
    await changed.db.execute(sql`create table left_behind (id int)`);
    await changed.close();
    const next = [
      await keptPglite(file, dumpFile(file), TEST_PGLITE),
      await keptPglite(file, dumpFile(file), TEST_PGLITE),
    ];
    try {
      for (const d of next) {
        const [found] = await rowsOf<{ n: number }>(
          d.db,
          sql`select count(*)::int as n from pg_tables where tablename = 'left_behind'`,
        );
        expect(found!.n).toBe(0);
      }
    } finally {
      for (const d of next) await d.close();
    }
  });

  it('lends a database nobody else holds, two asked for at once included', async () => {
    const file = await pgliteStudiosFile();
    // Two held at once, then both closed: the worker keeps two idle.
    const held = [
      await keptPglite(file, dumpFile(file), TEST_PGLITE),
      await keptPglite(file, dumpFile(file), TEST_PGLITE),
    ];
    for (const d of held) await d.close();
    const [one, two] = await Promise.all([
      keptPglite(file, dumpFile(file), TEST_PGLITE),
      keptPglite(file, dumpFile(file), TEST_PGLITE),
    ]);
    try {
      await one.db.execute(sql`update companies set name = 'Only in one'`);
      const [inTwo] = await rowsOf<{ n: number }>(
        two.db,
        sql`select count(*)::int as n from companies where name = 'Only in one'`,
      );
      expect(inTwo!.n).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
