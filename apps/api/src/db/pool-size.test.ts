import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseUrl, onServer, testConnectionUrl } from '../../test/build-test-app';
import { openDatabase } from './client';
import { rowsOf } from './rows';

/**
 * A process keeps at most DATABASE_POOL_SIZE connections to PostgreSQL (decision 122), however many
 * statements it has at once: the rest wait for one in the pool, not on the database's cores.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the connections a process keeps', () => {
  it('are as many as its pool, one more listening for changes, whatever the statements at once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `pirouette_test_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = testConnectionUrl(databaseUrl(serverUrl, name));
    const database = await openDatabase({ databaseUrl: url, databasePoolSize: 2, dataDir: '/nonexistent' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          rowsOf<{ pid: number; open: number }>(
            database.db,
            sql`select pg_backend_pid() as pid,
                       (select count(*)::int from pg_stat_activity where datname = current_database()) as open
                from pg_sleep(0.02)`,
          ),
        ),
      );
      const rows = answers.map(([row]) => row!);
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.pid)).size).toBe(2);
      expect(Math.max(...rows.map((r) => r.open))).toBeLessThanOrEqual(3);
    } finally {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
  });
});
