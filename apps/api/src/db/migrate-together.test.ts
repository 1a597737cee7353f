import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseUrl, onServer, testConnectionUrl } from '../../test/build-test-app';
import { openPostgres } from './client';
import { rowsOf } from './rows';

/**
 * Several server processes starting at once on one empty PostgreSQL database (docs/scaling.md, "Running several
 * processes"): the migrations are applied once, one process at a time, and every process starts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations run by processes starting at once', () => {
  it('apply once, whichever process gets there first', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `pirouette_test_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = testConnectionUrl(databaseUrl(serverUrl, name));
    const processes = await Promise.all([openPostgres(url, 1), openPostgres(url, 2), openPostgres(url, 2)]);
    try {
      await Promise.all(processes.map((p) => p.migrate()));
      const [applied] = await rowsOf<{ n: number; distinct: number }>(
        processes[0]!.db,
        sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      );
      expect(applied!.n).toBeGreaterThan(29);
      expect(applied!.n).toBe(applied!.distinct);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
  }, 120_000);
});
