import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Overlaps, oneQueryAtATime } from './in-turn';

/**
 * One statement at a time on a connection (decision 118): calls made side by side on one connection
 * (a transaction's) run one after the other, in the order made, each answering its own rows; a failing
 * one leaves the next to run; node-postgres never sees two at once (its pg 9 deprecation stays silent);
 * and each call that waited is counted. PostgreSQL only: PGlite has no pool.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('one statement at a time on a connection', () => {
  let pool: pg.Pool;
  const counted: Overlaps = { count: 0, lastStack: null };
  const warnings: string[] = [];
  const heard = (w: Error) => warnings.push(w.message);

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    oneQueryAtATime(pool, counted);
    process.on('warning', heard);
  });
  afterAll(async () => {
    process.off('warning', heard);
    await pool.end();
  });

  it('runs side-by-side calls on one connection in turn, in order, each with its own answer', async () => {
    const client = await pool.connect();
    try {
      const before = counted.count;
      await client.query('begin');
      await client.query('create temporary table seen (n int, at timestamptz default clock_timestamp())');
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          client.query<{ n: number }>('insert into seen (n) select $1::int from pg_sleep(0.01) returning n', [
            n,
          ]),
        ),
      );
      expect(answers.map((a) => a.rows[0]?.n)).toEqual([1, 2, 3, 4]);
      const order = await client.query<{ n: number }>('select n from seen order by at');
      expect(order.rows.map((r) => r.n)).toEqual([1, 2, 3, 4]);
      await client.query('rollback');
      // The first went at once; the three after it waited.
      expect(counted.count - before).toBe(3);
      expect(counted.lastStack).toContain('in-turn.test.ts');
      expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('lets the next call run after one fails, and counts nothing for calls made one after another', async () => {
    const client = await pool.connect();
    try {
      const before = counted.count;
      const [failed, next] = await Promise.allSettled([
        client.query('select 1 / 0'),
        client.query<{ two: number }>('select 2 as two'),
      ]);
      expect(failed.status).toBe('rejected');
      expect(next.status === 'fulfilled' && next.value.rows[0]?.two).toBe(2);
      expect(counted.count - before).toBe(1);
      const again = counted.count;
      for (const n of [1, 2, 3]) await client.query('select $1::int', [n]);
      expect(counted.count).toBe(again);
    } finally {
      client.release();
    }
  });

  it('passes a call made with a callback straight to node-postgres', async () => {
    const client = await pool.connect();
    try {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        client.query('select 3 as three', (err: Error | null, res: { rows: unknown[] }) =>
          err ? reject(err) : resolve(res.rows),
        );
      });
      expect(rows).toEqual([{ three: 3 }]);
    } finally {
      client.release();
    }
  });
});
