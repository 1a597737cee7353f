import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, stopWhenDatabaseLost } from './client';
import { PgliteThread } from './pglite-remote';
import { preparePglite } from './prepared';
import { isUniqueViolation } from './unique-violation';

/**
 * PGlite on its own thread (decision 119) answers every call as PGlite in this thread does: the same
 * rows and values, the same errors with the same fields, one session that a transaction holds, and a
 * notice heard before the statement that caused it returns.
 */

const SETUP = `
  create table kinds (
    id int primary key, n bigint, amount numeric(10,2), label text, yes boolean, born date,
    at timestamp, atz timestamptz, span interval, doc json, docb jsonb, ids int[], names text[],
    amounts numeric[], uid uuid, raw bytea);
  insert into kinds values
    (1, 9007199254740993, 12.50, 'O''Brien', true, '2015-03-01', '2026-11-24 10:00:00', '2026-11-24T10:00:00Z',
     '1 day 02:00:00', '{"a":[1,2,{"b":null}]}', '{"z":1,"a":"x"}', '{1,2,3}', '{"a b",NULL,"c"}', '{1.5,2}',
     'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '\\x00ff10'),
    (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
  create table uniques (email text primary key);
  create table parents (id int primary key);
  create table children (id int primary key,
    parent int references parents (id) deferrable initially deferred);
`;

/** Drizzle's parsers for PGlite: timestamps, dates and intervals handed over as their text. */
const AS_TEXT = Object.fromEntries(
  [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v]),
);

describe('PGlite on its own thread', () => {
  let here: PGlite;
  let thread: PgliteThread;

  beforeAll(async () => {
    here = new PGlite();
    await here.waitReady;
    preparePglite(here);
    await here.exec(SETUP);
    thread = new PgliteThread({ dataDir: null, from: await (await here.dumpDataDir('none')).arrayBuffer() });
    await thread.waitReady;
  });
  afterAll(async () => {
    await thread?.close();
    await here?.close();
  });

  it('answers the rows, values and fields PGlite answers here, in either row mode and with parsers', async () => {
    const text = 'select *, id as label from kinds order by id';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: AS_TEXT },
    ]) {
      // Three times: the statement runs prepared from its second call (db/prepared.ts).
      for (let i = 0; i < 3; i++) {
        const [mine, theirs] = [await thread.query(text, [], options), await here.query(text, [], options)];
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
        expect(mine.affectedRows).toEqual(theirs.affectedRows);
      }
    }
    const { rows } = await thread.query<{
      n: unknown;
      docb: unknown;
      ids: unknown;
      raw: unknown;
      born: unknown;
    }>('select n, docb, ids, raw, born from kinds where id = 1');
    expect(rows[0]).toEqual({
      n: 9007199254740993n,
      docb: { a: 'x', z: 1 },
      ids: [1, 2, 3],
      raw: new Uint8Array([0, 255, 16]),
      born: new Date('2015-03-01T00:00:00.000Z'),
    });
  });

  it('passes any value through as PGlite here does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.integer(),
        fc.jsonValue(),
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 4 }),
        async (text, n, doc, names) => {
          const statement = 'select $1::text as t, $2::int as n, $3::jsonb as doc, $4::text[] as names';
          const params = [text.replaceAll('\0', ''), n, JSON.stringify(doc), names];
          const [mine, theirs] = [await thread.query(statement, params), await here.query(statement, params)];
          expect(mine.rows).toEqual(theirs.rows);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("rebuilds a statement's error as PGlite's, with the fields the product reads", async () => {
    await thread.query('insert into uniques values ($1)', ['a@example.com']);
    const error = await thread
      .query('insert into uniques values ($1)', ['a@example.com'])
      .catch((e: unknown) => e);
    const theirs = await here
      .query('insert into uniques values ($1)', ['x@example.com'])
      .then(() => here.query('insert into uniques values ($1)', ['x@example.com']))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: (theirs as Error).name,
      code: '23505',
      constraint: 'uniques_pkey',
      table: 'uniques',
      severity: 'ERROR',
    });
    expect((error as Error).message).toBe((theirs as Error).message);
    expect(isUniqueViolation(error)).toBe(true);
    // Not a database's error: a JavaScript one, by its name.
    await expect(thread.query('select $1::int', [{ toString: 'x' }])).rejects.toThrow();
  });

  it('refuses a value that cannot cross to the thread, and answers the next call', async () => {
    await expect(thread.query('select $1::text as v', [() => 'x'])).rejects.toThrow();
    expect((await thread.query('select $1::text as v', ['x'])).rows).toEqual([{ v: 'x' }]);
  });

  it('commits, rolls back on a throw, and rolls back when told', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into parents values ($1)', [1]);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into parents values ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const told = await thread.transaction(async (tx) => {
      await tx.query('insert into parents values ($1)', [3]);
      await tx.rollback();
      return 'kept';
    });
    expect(told).toBe('kept');
    const { rows } = await thread.query('select id from parents order by id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('fails the transaction whose COMMIT fails, and keeps nothing of it', async () => {
    const failing = thread.transaction(async (tx) => {
      await tx.query('insert into children values (1, 99)');
    });
    await expect(failing).rejects.toMatchObject({ code: '23503' });
    expect((await thread.query('select count(*)::int as n from children')).rows).toEqual([{ n: 0 }]);
  });

  it('lets a statement from outside wait for the open transaction, as the one session', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await thread.transaction(async (tx) => {
      await tx.query('insert into parents values (10)');
      outside = thread.query('select count(*)::int as n from parents where id = 10').then((r) => {
        order.push('outside');
        return r.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('insert into parents values (11)');
      order.push('transaction');
    });
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('hears a notice before the statement that caused it returns', async () => {
    const heard: string[] = [];
    await thread.listen('pirouette_test', (payload) => heard.push(payload));
    await thread.query("select pg_notify('pirouette_test', 'first')");
    expect(heard).toEqual(['first']);
    await thread.transaction(async (tx) => {
      await tx.query("select pg_notify('pirouette_test', 'committed')");
      expect(heard).toEqual(['first']);
    });
    expect(heard).toEqual(['first', 'committed']);
  });

  it('dumps a data directory PGlite here opens', async () => {
    await thread.query('insert into uniques values ($1)', ['dumped@example.com']);
    const copy = new PGlite({ loadDataDir: await thread.dumpDataDir('none') });
    try {
      const { rows } = await copy.query('select email from uniques where email = $1', ['dumped@example.com']);
      expect(rows).toHaveLength(1);
    } finally {
      await copy.close();
    }
  });
});

/** Whether `promise` has settled by the time the calls already queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('a thread that ends', () => {
  const DYING = new URL('./pglite-dying.fixture.mjs', import.meta.url);

  it('fails the call it was answering and every later one, and says it is lost', async () => {
    const thread = new PgliteThread({ dataDir: null, from: null }, DYING);
    await thread.waitReady;
    expect(await settled(thread.lost)).toBe(false);
    const failed = (await thread.query('select 1').catch((e: unknown) => e)) as Error;
    expect(failed.message).toBe('the thread fell over');
    expect(await thread.lost).toBe(failed);
    const later = (await thread.query('select 1').catch((e: unknown) => e)) as Error;
    expect(later).toBe(failed);
    await thread.close();
  });

  it('is not lost when closed', async () => {
    const database = await openPglite(null, undefined, 'thread');
    expect(database.lost).toBeDefined();
    await database.close();
    expect(await settled(database.lost as Promise<Error>)).toBe(false);
  });

  it('stops the process once lost, and never when the database is in this thread or closed', async () => {
    const thread = new PgliteThread({ dataDir: null, from: null }, DYING);
    await thread.waitReady;
    const reported: Error[] = [];
    const exits: number[] = [];
    stopWhenDatabaseLost(
      thread,
      (error) => reported.push(error),
      (code) => exits.push(code),
    );
    const here = await openPglite(null);
    expect(here.lost).toBeUndefined();
    stopWhenDatabaseLost(
      here,
      (error) => reported.push(error),
      (code) => exits.push(code),
    );
    await here.close();
    expect(await settled(thread.lost)).toBe(false);
    expect(exits).toEqual([]);
    await thread.query('select 1').catch(() => undefined);
    await thread.lost;
    await settled(Promise.resolve());
    expect(exits).toEqual([1]);
    expect(reported.map((error) => error.message)).toEqual(['the thread fell over']);
    await thread.close();
  });
});

describe('openPglite on a thread', () => {
  it('serves Drizzle, and refuses every call once closed', async () => {
    const database = await openPglite(null, undefined, 'thread');
    const answer = (await database.db.execute(sql`select 1 + ${2}::int as n`)) as { rows: unknown[] };
    expect(answer.rows).toEqual([{ n: 3 }]);
    const error = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table once (id int primary key)`);
        await tx.execute(sql`insert into once values (1), (1)`);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    await database.close();
    const closed = (await database.db.execute(sql`select 1`).catch((e: unknown) => e)) as Error;
    expect((closed.cause as Error | undefined)?.message ?? closed.message).toContain(
      "The embedded database's thread ended",
    );
  });
});
