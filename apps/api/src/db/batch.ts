import { Column, is, type Query, type SQL, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { Db } from './client';
import { placeholders, queryOf, rowsOf, runQuery } from './rows';

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
/**
 * Drizzle's own row mapping, which its prepared queries use (exported by drizzle-orm/utils, typed as
 * internal): the same decoding, nesting and nullifying of left-joined tables as a read alone gets.
 */
const { mapResultRow, orderSelectedFields } = drizzleUtils as unknown as {
  mapResultRow(fields: Fields, row: unknown[], joins: Record<string, boolean> | undefined): unknown;
  orderSelectedFields(fields: Record<string, unknown>): Fields;
};

function partOf(read: Read): { json: SQL; fields: Fields; joins: Record<string, boolean> } {
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
  return { json, fields, joins: internals.joinsNotNullableMap };
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
 * A batch with parts that are JSON already (`json`: each a subquery the database answers as one JSON
 * value, such as schedule's classesJson), handed over as the driver parses them, typed by the caller.
 */
export async function batchWithJson<const T extends Record<string, Read>, const J extends string>(
  db: Db,
  reads: T,
  json: Record<J, SQL>,
): Promise<{ reads: Awaited<BatchOf<T>>; json: Record<J, unknown> }> {
  const built = statementOf(reads, json);
  const [row] = await rowsOf<Record<string, unknown>>(db, built.statement);
  const jsonKeys = Object.keys(json) as J[];
  return {
    reads: answerOf(built, row as Record<string, unknown[][]>) as Awaited<BatchOf<T>>,
    json: Object.fromEntries(jsonKeys.map((key, i) => [key, row![`j${i}`]])) as Record<J, unknown>,
  };
}

type Built = { keys: string[]; parts: { fields: Fields; joins: Record<string, boolean> }[]; statement: SQL };

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
    const { fields, joins } = built.parts[i]!;
    out[key] = row[`r${i}`]!.map((values) => mapResultRow(fields, values, joins));
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
 */
export function preparedBatch<const P extends string, const T extends Record<string, Read>>(
  names: readonly P[],
  build: (db: Db, p: { [K in P]: string }) => T,
): (db: Db, values: { [K in P]: string }) => BatchOf<T> {
  let built: (Built & { query: Query }) | undefined;
  return async (db, values) => {
    if (!built) {
      // A placeholder passes for a string in the reads' signatures: it stands where the value goes.
      const statement = statementOf(build(db, placeholders(names)));
      built = { ...statement, query: queryOf(db, statement.statement) };
    }
    const [row] = await runQuery<Record<string, unknown[][]>>(db, built.query, values);
    return answerOf(built, row!) as { [K in keyof T]: Awaited<T[K]> };
  };
}
