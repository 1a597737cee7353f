import { Column, getTableName, is, type Query, SQL, Subquery, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { Db } from './client';
import { type NamedWrite, oneStatement, type PendingWrite } from './one-statement';
import { type OpaqueType, placeholders, queryOf, rowsOf, runQuery } from './rows';

/**
 * Several independent reads in one round trip (decision 036). Each read is a Drizzle select, built as
 * usual and not awaited; `batch` sends them as one statement, each as a JSON list of its rows, and
 * answers each with exactly the rows it would have answered alone:
 *
 *   const { students, plans } = await batch(db, { students: familyStudents(db, …), plans: studioPlans(db, …) });
 *
 * Each read's rows come back as arrays in its own column order (its subquery's columns renamed c1…cn,
 * so two columns of one name cannot collide), and go through Drizzle's own row mapping. A value reaches
 * that mapping as the driver would have handed it over: JSON keeps strings, numbers, booleans, arrays
 * and json as the drivers parse them, and the types whose driver form is their text (timestamps, dates,
 * times, intervals, numerics, bigints: db/client.ts's drivers pass them on as the database writes
 * them) are sent as that text; for an sql field, whose type only the database knows, the statement
 * asks it (pg_typeof). A bigint sql field comes back a number, as PGlite hands it over (node-postgres
 * hands over a string: such a field is read through mapWith(Number) or cast to int, as everywhere).
 * `batch.test.ts` holds every column type the schema uses, joins that
 * nullify, sql fields and empty reads to the answers of the reads run alone, on both databases.
 *
 * A select that depends on another's answer cannot share its batch; a select with `.for('update')`
 * belongs in a transaction's own statement, unless nothing else the statement reads depends on what
 * the lock may wait for (a class change locks the classes it joins with the family's own reads, the
 * family's row locked before: decision 084).
 */

/** Column types that the drivers hand over as the database's text (the rest are as JSON has them). */
const TEXT_TYPES = new Set([
  'PgTimestamp',
  'PgTimestampString',
  'PgDate',
  'PgDateString',
  'PgTime',
  'PgInterval',
  'PgNumeric',
  'PgNumericNumber',
  'PgNumericBigInt',
  'PgBigInt53',
  'PgBigInt64',
  'PgBigSerial53',
  'PgBigSerial64',
]);

/** The same types, as the database names them, for sql fields (bigint aside: see below). */
const TEXT_REGTYPES = `'{timestamp with time zone,timestamp without time zone,date,time without time zone,interval,numeric}'::regtype[]`;

/** A Drizzle select, built and not awaited. */
type Read = PromiseLike<unknown> & { getSQL(): SQL };
type Internals = {
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
  getSQL(): SQL;
};
/** A selected field with its path in the answer's object, in the order the statement selects them. */
type Fields = { path: string[]; field: unknown }[];
/** Drizzle's own order of a select's fields (exported by drizzle-orm/utils, typed as internal). */
const { orderSelectedFields } = drizzleUtils as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): Fields;
};

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** One field as the mapping reads it: where it goes, how it is decoded, and its table when it may nullify. */
type Slot = { parents: string[]; leaf: string; decoder: Decoder; table: string | null };

/** How Drizzle decodes a field's value: the column itself, or the decoder of an sql field or subquery. */
function decoderOf(field: unknown): Decoder {
  type Sql = { decoder: Decoder };
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Sql).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Sql } })._.sql.decoder;
  return (field as { sql: Sql }).sql.decoder;
}

/**
 * A read's row mapping, worked out once for its fields: the same answers as Drizzle's own
 * `mapResultRow` (its decoding, nesting, and nullifying of left-joined tables, which decide on each
 * nested object's first column, as Drizzle does), without asking each field of each row what kind of
 * field it is (decision 094: a tenth of Drizzle's share of the server's CPU under the evening).
 * `batch.test.ts` holds the answers to those of the reads run alone.
 */
function rowMapper(
  fields: Fields,
  joins: Record<string, boolean> | undefined,
): (values: unknown[]) => Record<string, unknown> {
  const slots: Slot[] = fields.map(({ path, field }) => {
    const column = is(field, Column);
    const decoder = decoderOf(field);
    return {
      parents: path.slice(0, -1),
      leaf: path[path.length - 1]!,
      decoder,
      table: joins && column && path.length === 2 ? getTableName((field as Column).table) : null,
    };
  });
  if (slots.every((slot) => slot.parents.length === 0 && slot.leaf !== '__proto__')) return flatMapper(slots);
  return (values) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      let node = result;
      for (const key of slot.parents) {
        if (!(key in node)) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      const raw = values[i];
      const value = raw === null ? null : slot.decoder.mapFromDriverValue(raw);
      node[slot.leaf] = value;
      if (slot.table !== null) {
        nullify ??= {};
        const objectName = slot.parents[0]!;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? slot.table : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== slot.table) {
          nullify[objectName] = false;
        }
      }
    }
    if (nullify) {
      for (const objectName in nullify) {
        const table = nullify[objectName];
        if (typeof table === 'string' && !joins![table]) result[objectName] = null;
      }
    }
    return result;
  };
}

/**
 * The mapping of a read without nested objects (most of them), written once as a function of its own:
 * an object literal of the read's keys, each decoded where it stands. Every row then gets the same
 * shape at once, where assigning keys one by one through a shared loop made every access to them
 * megamorphic (the mapping was 3.5 % of the server's CPU under the evening, decision 100). The keys are written
 * as JSON strings, the decoders passed in: nothing of a row's values reaches the code.
 */
function flatMapper(slots: Slot[]): (values: unknown[]) => Record<string, unknown> {
  const fields = slots.map(
    (slot, i) =>
      `${JSON.stringify(slot.leaf)}: v[${i}] === null ? null : d[${i}].mapFromDriverValue(v[${i}])`,
  );
  const make = new Function('d', `'use strict'; return (v) => ({ ${fields.join(', ')} });`);
  return make(slots.map((slot) => slot.decoder));
}

function partOf(read: Read): { json: SQL; map: (values: unknown[]) => unknown } {
  const internals = read as unknown as Internals;
  const fields = orderSelectedFields(internals.config.fields);
  const names = fields.map((_, i) => `c${i + 1}`);
  const values = fields.map(({ field }, i) => {
    const value = `x.${names[i]}`;
    if (is(field, Column)) return sql.raw(TEXT_TYPES.has(field.columnType) ? `${value}::text` : value);
    // An sql field's type is the database's to say: its text when it is one of those types.
    return sql.raw(`case when pg_typeof(${value}) = any(${TEXT_REGTYPES}) then to_json(${value}::text)
      else to_json(${value}) end`);
  });
  const json = sql`(select coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})), '[]')
    from (${internals.getSQL()}) as x(${sql.raw(names.join(', '))}))`;
  return { json, map: rowMapper(fields, internals.joinsNotNullableMap) };
}

/** What a batch of `T` answers: each read's rows. */
export type BatchOf<T extends Record<string, Read>> = Promise<{ [K in keyof T]: Awaited<T[K]> }>;

export async function batch<const T extends Record<string, Read>>(db: Db, reads: T): BatchOf<T> {
  const built = statementOf(reads);
  if (built.keys.length === 0) return {} as { [K in keyof T]: Awaited<T[K]> };
  const [row] = await rowsOf<Record<string, unknown[][]>>(db, built.statement);
  return answerOf(built, row!) as { [K in keyof T]: Awaited<T[K]> };
}

/**
 * Writes and reads in one statement, one round trip on one connection: each write a CTE (one-statement.ts:
 * a data-modifying one, or a select a later CTE or `json` reads by its name), the reads the statement's
 * final select, answered as `batch` answers them, beside `json`'s parts as `batchWithJson` answers them.
 * The reads see the database as the statement starts, not the writes' rows, so they must not depend on
 * them: a sign-in's session written beside its studio's current term, its places under the limits taken
 * beside the person's read (what the places came to read from the writes' RETURNING rows, in `json`).
 */
export async function batchBeside<const T extends Record<string, Read>, const J extends string = never>(
  db: Db,
  writes: readonly (PendingWrite | NamedWrite)[],
  reads: T,
  json = {} as Record<J, SQL>,
): Promise<{ reads: Awaited<BatchOf<T>>; json: Record<J, unknown> }> {
  const built = statementOf(reads, json);
  const statement = writes.length > 0 ? oneStatement(writes, built.statement) : built.statement;
  const [row] = await rowsOf<Record<string, unknown>>(db, statement);
  const jsonKeys = Object.keys(json) as J[];
  return {
    reads: answerOf(built, row as Record<string, unknown[][]>) as Awaited<BatchOf<T>>,
    json: Object.fromEntries(jsonKeys.map((key, i) => [key, row![`j${i}`]])) as Record<J, unknown>,
  };
}

/**
 * A batch with parts that are JSON already (`json`: each a subquery the database answers as one JSON
 * value, such as schedule's classesJson), handed over as the driver parses them, typed by the caller.
 */
export async function batchWithJson<const T extends Record<string, Read>, const J extends string>(
  db: Db,
  reads: T,
  json: Record<J, SQL>,
): Promise<{ reads: Awaited<BatchOf<T>>; json: Record<J, unknown> }> {
  return batchBeside(db, [], reads, json);
}

type Built = { keys: string[]; parts: { map: (values: unknown[]) => unknown }[]; statement: SQL };

function statementOf(reads: Record<string, Read>, json: Record<string, SQL> = {}): Built {
  const keys = Object.keys(reads);
  const parts = keys.map((key) => partOf(reads[key]!));
  const columns = [
    ...parts.map((part, i) => sql`${part.json} as ${sql.identifier(`r${i}`)}`),
    ...Object.values(json).map((part, i) => sql`${part} as ${sql.identifier(`j${i}`)}`),
  ];
  return { keys, parts, statement: sql`select ${sql.join(columns, sql`, `)}` };
}

function answerOf(built: Built, row: Record<string, unknown[][]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  built.keys.forEach((key, i) => {
    out[key] = row[`r${i}`]!.map(built.parts[i]!.map);
  });
  return out;
}

/**
 * A batch whose statement is built once (issue 20 point 2): `build` makes its reads from placeholders
 * instead of values (`p.companyId` stands for the value given with each call), the first call builds
 * the statement's text, and every later call only fills in its values, as Drizzle's own prepared
 * queries do. What Drizzle spends building a statement's text (a fifth of the server's CPU under the
 * evening, decision 036) is spent once per batch, not once per request:
 *
 *   const builderRead = preparedBatch(['companyId', 'familyId'], (db, p) => ({
 *     students: familyStudents(db, p.companyId, p.familyId), …
 *   }));
 *   const { students } = await builderRead(db, { companyId, familyId });
 *
 * The reads must be placeholder-safe: their statements made only of the values' places (eq, a
 * subquery), never of the values themselves (a list's length, a condition added when a value is
 * set). Answers are exactly batch()'s (the same statement, the same mapping): `batch.test.ts`.
 * `opaque` (each name's type) hides the values from the planner (rows.ts `placeholders`): for a batch
 * PostgreSQL would otherwise plan afresh on every call.
 */
export function preparedBatch<const P extends string, const T extends Record<string, Read>>(
  names: readonly P[],
  build: (db: Db, p: { [K in P]: string }) => T,
  options: { opaque?: { readonly [K in P]: OpaqueType } } = {},
): (db: Db, values: { [K in P]: string }) => BatchOf<T> {
  let built: (Built & { query: Query }) | undefined;
  return async (db, values) => {
    if (!built) {
      // A placeholder passes for a string in the reads' signatures: it stands where the value goes.
      const statement = statementOf(build(db, placeholders(names, options.opaque)));
      built = { ...statement, query: queryOf(db, statement.statement) };
    }
    const [row] = await runQuery<Record<string, unknown[][]>>(db, built.query, values);
    return answerOf(built, row!) as { [K in keyof T]: Awaited<T[K]> };
  };
}
