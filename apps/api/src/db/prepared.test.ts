import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalOf, preparePglite, preparePool } from './prepared';

/**
 * Statements prepared once (decision 036): a repeated statement runs prepared and answers exactly what
 * it answered unprepared, whatever its arguments hold; what cannot be prepared still runs.
 */

type Runner = {
  kind: string;
  query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  prepared: () => Promise<string[]>;
  close: () => Promise<void>;
};

const SETUP = `create table people (id int primary key, name text not null, born date, seen timestamptz, tall boolean);
  insert into people values (1, 'O''Brien', '2015-03-01', '2026-11-24T10:00:00Z', true),
    (2, 'back\\slash', null, null, false), (3, 'plain', '2016-01-01', null, null)`;

async function pglite(): Promise<Runner> {
  const client = new PGlite();
  await client.waitReady;
  preparePglite(client);
  await client.exec(SETUP);
  return {
    kind: 'pglite',
    query: (text, params) => client.query(text, params),
    prepared: async () =>
      (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (r) => r.statement,
      ),
    close: () => client.close(),
  };
}

async function postgres(url: string): Promise<Runner> {
  const schema = `prepared_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  // One connection, so that what it prepared can be read back on it.
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
  preparePool(pool);
  await pool.query(SETUP);
  return {
    kind: 'postgres',
    query: (text, params) => pool.query(text, params),
    prepared: async () =>
      (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (r) => r.statement,
      ),
    close: async () => {
      await pool.end();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

const url = process.env.TEST_DATABASE_URL;
const runners: [string, () => Promise<Runner>][] = [['pglite', pglite]];
if (url) runners.push(['postgres', () => postgres(url)]);

describe.each(runners)('prepared statements on %s', (_kind, open) => {
  let db: Runner;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  const BY_NAME = 'select id, name, born, seen, tall from people where name = $1 order by id';

  it('prepares a statement at its second sighting and answers the same rows every time', async () => {
    const first = await db.query(BY_NAME, ["O'Brien"]);
    expect((await db.prepared()).some((s) => s.includes('from people where name'))).toBe(false);
    const second = await db.query(BY_NAME, ["O'Brien"]);
    const third = await db.query(BY_NAME, ["O'Brien"]);
    expect((await db.prepared()).some((s) => s.includes('from people where name'))).toBe(true);
    expect(first.rows).toHaveLength(1);
    expect(second.rows).toEqual(first.rows);
    expect(third.rows).toEqual(first.rows);
  });

  it('passes any string through as data, never as SQL', async () => {
    const names = ["O'Brien", 'back\\slash', 'plain'];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(
            ...names,
            "'); drop table people; --",
            "' or '1'='1",
            "\\'; select 1; --",
            '$1',
            "''",
            "E'\\x27'",
          ),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary' }).filter((s) => !s.includes('\0')),
        ),
        async (name) => {
          const { rows } = await db.query('select count(*)::int as n from people where name = $1', [name]);
          expect(rows).toEqual([{ n: names.includes(name) ? 1 : 0 }]);
        },
      ),
      { numRuns: 150 },
    );
    const { rows } = await db.query('select count(*)::int as n from people where id > $1', [0]);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('reads strings back as themselves even with standard_conforming_strings off', async () => {
    await db.query('set standard_conforming_strings = off');
    try {
      for (const name of ['back\\slash', "\\'; drop table people; --", "it's", '\\\\']) {
        for (let i = 0; i < 3; i++) {
          const { rows } = await db.query(
            'select $1::text as v, count(*)::int as n from people where name <> $1',
            [name],
          );
          expect(rows).toEqual([{ v: name, n: name === 'back\\slash' ? 2 : 3 }]);
        }
      }
    } finally {
      await db.query('set standard_conforming_strings = on');
    }
  });

  it('takes numbers, booleans, dates and nulls as the parameters they fill', async () => {
    const text = `select id from people
      where (born is null or born >= $1) and ($2::boolean is null or tall = $2) and id <= $3
        and ($4::timestamptz is null or seen < $4) order by id`;
    const args: unknown[][] = [
      ['2015-01-01', null, 3, null],
      [new Date('2015-01-01T00:00:00Z'), true, 3, new Date('2027-01-01T00:00:00Z')],
      ['2016-01-01', false, 2.0, null],
    ];
    const expected = [[1, 2, 3], [1], [2]];
    for (let round = 0; round < 3; round++) {
      for (const [i, a] of args.entries()) {
        const { rows } = await db.query(text, a);
        expect(rows.map((r) => (r as { id: number }).id)).toEqual(expected[i]);
      }
    }
    expect((await db.prepared()).some((s) => s.includes('born >='))).toBe(true);
  });

  it('runs unprepared what the database refuses to prepare, and what has no safe literal', async () => {
    // A parameter whose type only the call gives: PREPARE cannot tell it.
    for (let i = 0; i < 3; i++) expect((await db.query('select $1 as v', ['x'])).rows).toEqual([{ v: 'x' }]);
    // An argument with no literal (an array) runs the call as it was.
    for (let i = 0; i < 3; i++) {
      const { rows } = await db.query('select count(*)::int as n from people where id = any($1)', [[1, 2]]);
      expect(rows).toEqual([{ n: 2 }]);
    }
  });

  it('leaves statements other than data ones alone', async () => {
    for (let i = 0; i < 3; i++) await db.query('show search_path');
    expect((await db.prepared()).some((s) => s.includes('search_path'))).toBe(false);
  });
});

describe('prepared statements inside PGlite transactions (decision 119)', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    preparePglite(client);
    await client.exec(SETUP);
  });
  afterAll(() => client?.close());

  const preparedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  it('prepares a text first repeated inside a transaction once it ends, then runs it prepared there', async () => {
    const text = 'select id, name from people where id = $1';
    const inTransaction = () => client.transaction(async (tx) => (await tx.query(text, [1])).rows);
    const first = await inTransaction();
    const second = await inTransaction();
    // The PREPARE waited for the second transaction to let go of the session; one statement later it is there.
    await client.query('select 1');
    expect((await preparedTexts()).some((s) => s.includes('where id = $1'))).toBe(true);
    const third = await inTransaction();
    expect(first).toEqual([{ id: 1, name: "O'Brien" }]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('leaves a transaction whole when its text cannot be prepared', async () => {
    // The table lives only inside each transaction: the PREPARE made after it ends is refused.
    const text = 'select count(*)::int as n from passing where v > $1';
    for (let i = 0; i < 4; i++) {
      const rows = await client.transaction(async (tx) => {
        await tx.exec(
          'create temp table passing (v int) on commit drop; insert into passing values (1), (2)',
        );
        const { rows } = await tx.query(text, [1]);
        await tx.query('update people set tall = tall where id = 1');
        return rows;
      });
      expect(rows).toEqual([{ n: 1 }]);
    }
    expect((await preparedTexts()).some((s) => s.includes('from passing'))).toBe(false);
  });

  it('prepares a text once when calls first due to prepare it run at once', async () => {
    const text = 'select count(*)::int as n from people where id >= $1';
    await client.query(text, [1]);
    const answers = await Promise.all([1, 2, 3, 1, 2, 3].map((id) => client.query(text, [id])));
    expect(answers.map((a) => a.rows)).toEqual([3, 2, 1, 3, 2, 1].map((n) => [{ n }]));
    // None was refused as "already exists": the next call still runs prepared.
    await client.query(text, [1]);
    expect((await preparedTexts()).filter((s) => s.includes('where id >= $1'))).toHaveLength(1);
    const { rows } = await client.query<{ calls: number }>(
      "select generic_plans + custom_plans as calls from pg_prepared_statements where statement like '%where id >= $1%'",
    );
    expect(rows[0]!.calls).toBe(7);
  });
});

describe('literalOf', () => {
  it('quotes every string so that it reads back as itself', () => {
    expect(literalOf("it's")).toBe("E'it''s'");
    expect(literalOf('a\\b')).toBe("E'a\\\\b'");
    expect(literalOf(null)).toBe('NULL');
    expect(literalOf(undefined)).toBe('NULL');
    expect(literalOf(12)).toBe("E'12'");
    expect(literalOf(false)).toBe("E'false'");
    expect(literalOf(new Date('2026-01-02T03:04:05.006Z'))).toBe("E'2026-01-02T03:04:05.006Z'");
  });

  it('has none for what is not a plain value, nor for a NUL', () => {
    expect(literalOf([1])).toBeUndefined();
    expect(literalOf({ a: 1 })).toBeUndefined();
    expect(literalOf(new Date(Number.NaN))).toBeUndefined();
    expect(literalOf('a\0b')).toBeUndefined();
  });
});
