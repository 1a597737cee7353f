import { asc, count, eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/build-test-app';
import { batch, batchBeside, preparedBatch } from './batch';
import type { Database } from './client';

/**
 * `batch` answers each read with exactly what it answers alone (decision 036), for every column type
 * the schema uses, on the database of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

const things = pgTable('batch_test_things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  note: text('note'),
  n: integer('n').notNull(),
  small: smallint('small'),
  flag: boolean('flag'),
  day: date('day', { mode: 'string' }),
  dayDate: date('day_date', { mode: 'date' }),
  at: timestamp('at', { withTimezone: true }),
  atString: timestamp('at_string', { withTimezone: true, mode: 'string' }),
  local: timestamp('local'),
  clock: time('clock'),
  amount: numeric('amount', { precision: 12, scale: 2 }),
  big: bigint('big', { mode: 'number' }),
  data: jsonb('data').$type<unknown>(),
  tags: text('tags').array(),
  ownerId: uuid('owner_id'),
});
const owners = pgTable('batch_test_owners', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  joined: timestamp('joined', { withTimezone: true }).notNull().defaultNow(),
});

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  await db().execute(sql`create table batch_test_owners (id uuid primary key default gen_random_uuid(),
    name text not null, joined timestamptz not null default now())`);
  await db().execute(sql`create table batch_test_things (id uuid primary key default gen_random_uuid(),
    name text not null, note text, n integer not null, small smallint, flag boolean, day date, day_date date,
    at timestamptz, at_string timestamptz, local timestamp, clock time, amount numeric(12, 2), big bigint,
    data jsonb, tags text[], owner_id uuid)`);
});
afterAll(() => database?.close());

const reads = () => ({
  all: db().select().from(things).orderBy(asc(things.n), asc(things.id)),
  picked: db()
    .select({ id: things.id, label: sql<string>`${things.name} || '!'`, at: things.at, total: things.amount })
    .from(things)
    .where(eq(things.flag, true))
    .orderBy(asc(things.id))
    .limit(5),
  joined: db()
    .select({ thing: things, owner: owners })
    .from(things)
    .leftJoin(owners, eq(owners.id, things.ownerId))
    .orderBy(asc(things.id)),
  counted: db()
    .select({
      n: count(),
      sum: sql<number>`coalesce(sum(${things.n}), 0)::int`,
      latest: sql<string | null>`max(${things.at})`,
      any: sql<boolean>`bool_or(${things.flag})`,
      names: sql<string[]>`coalesce(array_agg(${things.name} order by ${things.id}), '{}')`,
      json: sql<unknown>`json_build_object('k', count(*))`,
    })
    .from(things),
  sameNames: db()
    .select({ a: things.id, b: owners.id, c: things.name, d: owners.name })
    .from(things)
    .innerJoin(owners, eq(owners.id, things.ownerId))
    .orderBy(asc(things.id)),
  none: db().select().from(things).where(sql`false`),
});

async function compare() {
  const r = reads();
  const alone = {
    all: await r.all,
    picked: await r.picked,
    joined: await r.joined,
    counted: await r.counted,
    sameNames: await r.sameNames,
    none: await r.none,
  };
  const together = await batch(db(), reads());
  expect(together).toEqual(alone);
  // Same values of the same types (toEqual would let a Date equal another Date of the same instant only).
  expect(JSON.stringify(together)).toBe(JSON.stringify(alone));
}

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const when = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2090-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const word = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !s.includes('\0'));

describe('batch', () => {
  it('answers an empty table as each read alone does', async () => {
    await compare();
  });

  it('answers every column type, joins that nullify and sql fields as each read alone does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: word,
            note: nullable(word),
            n: fc.integer({ min: -1_000_000, max: 1_000_000 }),
            small: nullable(fc.integer({ min: -32768, max: 32767 })),
            flag: nullable(fc.boolean()),
            day: nullable(when.map((d) => d.toISOString().slice(0, 10))),
            dayDate: nullable(when.map((d) => new Date(d.toISOString().slice(0, 10)))),
            at: nullable(when),
            atString: nullable(when.map((d) => d.toISOString())),
            local: nullable(when),
            clock: nullable(
              fc.integer({ min: 0, max: 86_399 }).map((s) => new Date(s * 1000).toISOString().slice(11, 19)),
            ),
            amount: nullable(
              fc.integer({ min: -99_999_999, max: 99_999_999 }).map((c) => (c / 100).toFixed(2)),
            ),
            big: nullable(fc.integer()),
            data: nullable(fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)))),
            tags: nullable(fc.array(word, { maxLength: 3 })),
            owned: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
        async (rows) => {
          await db().delete(things);
          await db().delete(owners);
          const [owner] = await db().insert(owners).values({ name: "O'Owner" }).returning();
          if (rows.length > 0) {
            await db()
              .insert(things)
              .values(rows.map(({ owned, ...row }) => ({ ...row, ownerId: owned ? owner!.id : null })));
          }
          await compare();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('runs inside a transaction, seeing its writes', async () => {
    await db()
      .transaction(async (tx) => {
        await tx.insert(things).values({ name: 'in the transaction', n: 7 });
        const { mine } = await batch(tx, {
          mine: tx.select({ n: things.n }).from(things).where(eq(things.name, 'in the transaction')),
        });
        expect(mine).toEqual([{ n: 7 }]);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && e.message.includes('Rollback'))) throw e;
      });
  });
});

describe('batchBeside', () => {
  it('writes and reads in one statement: the reads see the table as it starts, json reads the writes', async () => {
    await db().delete(things);
    await db().insert(things).values({ name: 'before', n: 1 });
    const { reads, json } = await batchBeside(
      db(),
      [
        {
          name: 'added',
          write: db().insert(things).values({ name: 'added', n: 2 }).returning({ n: things.n }),
        },
        db().update(things).set({ note: 'seen' }).where(eq(things.name, 'before')),
      ],
      { all: db().select({ name: things.name, note: things.note }).from(things).orderBy(asc(things.n)) },
      { added: sql`(select json_agg(n) from added)` },
    );
    expect(reads.all).toEqual([{ name: 'before', note: null }]);
    expect(json.added).toEqual([2]);
    const after = await db()
      .select({ name: things.name, note: things.note })
      .from(things)
      .orderBy(asc(things.n));
    expect(after).toEqual([
      { name: 'before', note: 'seen' },
      { name: 'added', note: null },
    ]);
  });

  it('writes nothing when a read fails: one statement, all or nothing', async () => {
    await db().delete(things);
    await expect(
      batchBeside(db(), [db().insert(things).values({ name: 'lost', n: 3 })], {
        broken: db().select({ n: sql<number>`1 / 0` }).from(things),
        all: db().select({ n: things.n }).from(things),
      }),
    ).rejects.toThrow();
    expect(await db().select({ n: things.n }).from(things)).toEqual([]);
  });
});

describe('preparedBatch', () => {
  let builds = 0;
  const readsOf = (d: Database['db'], name: string, owner: string) => ({
    named: d.select().from(things).where(eq(things.name, name)).orderBy(asc(things.id)),
    joined: d
      .select({ thing: things, owner: owners })
      .from(things)
      .leftJoin(owners, eq(owners.id, things.ownerId))
      .where(sql`${things.name} = ${name} or ${owners.name} = ${owner}`)
      .orderBy(asc(things.id)),
    counted: d
      .select({ n: count(), latest: sql<string | null>`max(${things.at})` })
      .from(things)
      .where(eq(things.name, name)),
  });
  const prepared = preparedBatch(['name', 'owner'], (d, p) => {
    builds++;
    return readsOf(d, p.name, p.owner);
  });
  const names = ['Ana', 'Leo', "O'Owner", ''];

  it('answers, call after call with other values, what batch answers with the values written in; built once', async () => {
    await db().delete(things);
    await db().delete(owners);
    const [owner] = await db().insert(owners).values({ name: "O'Owner" }).returning();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ name: fc.constantFrom(...names), n: fc.integer(), at: fc.option(when, { nil: null }) }),
          { maxLength: 5 },
        ),
        fc.constantFrom(...names),
        fc.constantFrom(...names),
        async (rows, name, ownerName) => {
          await db().delete(things);
          if (rows.length > 0) {
            await db()
              .insert(things)
              .values(rows.map((r, i) => ({ ...r, ownerId: i % 2 === 0 ? owner!.id : null })));
          }
          const once = await prepared(db(), { name, owner: ownerName });
          const written = await batch(db(), readsOf(db(), name, ownerName));
          expect(JSON.stringify(once)).toBe(JSON.stringify(written));
        },
      ),
      { numRuns: 30 },
    );
    expect(builds).toBe(1);
  });

  it('runs inside a transaction, seeing its writes', async () => {
    await db()
      .transaction(async (tx) => {
        await tx.insert(things).values({ name: 'in the prepared transaction', n: 9 });
        const { named } = await prepared(tx, { name: 'in the prepared transaction', owner: '' });
        expect(named.map((t) => t.n)).toEqual([9]);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && e.message.includes('Rollback'))) throw e;
      });
  });
});
