import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, keepDrizzleParsers } from './pglite-parsers';

/**
 * Drizzle's parsers kept by a PGlite on the caller's thread (db/pglite-parsers.ts): Drizzle reads exactly
 * what it read from a PGlite that merges its parsers on every call, its calls reach PGlite without them,
 * and another call's parsers still apply.
 */

const moments = pgTable('moments', {
  id: integer().primaryKey(),
  label: text().notNull(),
  at: timestamp({ mode: 'string' }),
  atZone: timestamp({ withTimezone: true, mode: 'string' }),
  on: date({ mode: 'string' }),
  lasts: interval(),
  amount: numeric(),
  amounts: numeric().array(),
  ats: timestamp({ mode: 'string' }).array(),
  atZones: timestamp({ withTimezone: true, mode: 'string' }).array(),
  lastings: interval().array(),
  ons: date({ mode: 'string' }).array(),
  counts: integer().array(),
  extra: jsonb(),
});

const SETUP = `create table moments (id int primary key, label text not null, at timestamp, at_zone timestamptz,
    "on" date, lasts interval, amount numeric, amounts numeric[], ats timestamp[], at_zones timestamptz[],
    lastings interval[], ons date[], counts int[], extra jsonb);
  insert into moments values
    (1, 'all', '2026-11-24 10:00:00', '2026-11-24T10:00:00Z', '2026-02-28', '1 day 02:00:00', 12.50,
      '{1.5,2}', '{"2026-01-01 00:00:00","2026-06-30 23:59:59"}', '{"2026-01-01T00:00:00Z"}',
      '{"1 mon","00:30:00"}', '{2026-01-01,2026-12-31}', '{1,2,3}', '{"a": [1, "b"]}'),
    (2, 'none', null, null, null, null, null, null, null, null, null, null, null, null)`;

/** What the options of each call reaching PGlite itself held, and a PGlite that records them. */
async function recorded(keep: boolean) {
  const client = new PGlite();
  await client.waitReady;
  await client.exec(SETUP);
  const seen: (QueryOptions | undefined)[] = [];
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    seen.push(options);
    return query(text, params, options);
  }) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const inner = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push(options);
        return inner(text, params, options);
      }) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
  if (keep) keepDrizzleParsers(client);
  return { client, seen, db: drizzle(client, { casing: 'snake_case' }) };
}

describe('Drizzle’s parsers kept by the client', () => {
  let plain: Awaited<ReturnType<typeof recorded>>;
  let kept: Awaited<ReturnType<typeof recorded>>;

  beforeAll(async () => {
    [plain, kept] = await Promise.all([recorded(false), recorded(true)]);
  });
  afterAll(async () => {
    await Promise.all([plain?.client.close(), kept?.client.close()]);
  });

  const reads = (db: (typeof plain)['db']) => ({
    select: () => db.select().from(moments).orderBy(asc(moments.id)),
    execute: async () => (await db.execute(sql`select * from moments order by id`)).rows,
    inTransaction: () => db.transaction((tx) => tx.select().from(moments).orderBy(asc(moments.id))),
  });

  it('reads through Drizzle exactly what it read with its parsers merged on every call', async () => {
    for (const read of ['select', 'execute', 'inTransaction'] as const) {
      const mine = await reads(kept.db)[read]();
      const theirs = await reads(plain.db)[read]();
      expect(mine, read).toEqual(theirs);
    }
    // The text types read as PostgreSQL's text, not as PGlite's dates and arrays.
    const [all] = await reads(kept.db).select();
    expect(all).toMatchObject({ at: '2026-11-24 10:00:00', on: '2026-02-28', lasts: '1 day 02:00:00' });
    expect(all!.ats).toEqual(['2026-01-01 00:00:00', '2026-06-30 23:59:59']);
    expect(all!.counts).toEqual([1, 2, 3]);
    expect(all!.extra).toEqual({ a: [1, 'b'] });
  });

  it('passes no parsers to PGlite for Drizzle’s calls, in a transaction too', async () => {
    kept.seen.length = 0;
    plain.seen.length = 0;
    await reads(kept.db).select();
    await reads(kept.db).inTransaction();
    await reads(plain.db).select();
    expect(plain.seen.some((options) => options?.parsers)).toBe(true);
    expect(kept.seen.length).toBeGreaterThan(1);
    expect(kept.seen.filter((options) => options?.parsers)).toEqual([]);
  });

  it('passes another call’s parsers on, which still apply', async () => {
    kept.seen.length = 0;
    const doubled = { [types.INT4]: (value: string) => Number(value) * 2 };
    const { rows } = await kept.client.query<{ id: number }>('select id from moments order by id', [], {
      parsers: doubled,
    });
    expect(rows).toEqual([{ id: 2 }, { id: 4 }]);
    expect(kept.seen).toEqual([{ parsers: doubled }]);
    // Parsers of Drizzle's types that change the text are not Drizzle's either.
    const dates = Object.fromEntries(
      DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => `on ${value}`]),
    );
    const { rows: on } = await kept.client.query<{ on: string }>(
      'select "on" from moments where id = 1',
      [],
      {
        parsers: dates,
      },
    );
    expect(on).toEqual([{ on: 'on 2026-02-28' }]);
  });
});
