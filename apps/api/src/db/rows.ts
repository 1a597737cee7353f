import { type Column, eq, type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a statement written by hand (a page read in one round trip), on PGlite and PostgreSQL
 * alike: both drivers answer `{ rows }`, with json parsed and timestamps as the database writes them.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * A row's id: the id itself, or a statement selecting it (a subquery, so that a batch need not wait for
 * it), which selects one row at most (by a unique key, or `limit 1`).
 */
export type IdRef = string | SQLWrapper;
/**
 * The column equals the id. A subquery is compared as one value (`= (select …)`), found first and then
 * looked up by the column's index, whatever the planner believes of the tables' sizes; as `in (…)` it was
 * a join the planner could start from the wrong side (a scan of every revision of the studio).
 */
export const idIs = (column: Column, ref: IdRef) =>
  typeof ref === 'string' ? eq(column, ref) : sql`${column} = (${ref})`;

/**
 * The column is one of the ids given as a JSON list (one parameter: one statement's text whatever their
 * number), as an array, so that the column's index finds each (an `in (select …)` over the JSON's rows
 * was planned as a scan of the studio's rows).
 */
export const inJsonList = (column: Column, list: string) =>
  sql`${column} = any(array(select value::uuid from jsonb_array_elements_text(${list}::jsonb)))`;

/**
 * The LIMIT of a Drizzle subquery that finds rows by keys the server listed, so that the database plans
 * it apart from the statement around it (as `offset 0` does in statements written by hand; Drizzle's
 * builder leaves out an offset of 0): far above any list of keys a request sends.
 */
export const PLANNED_APART = 1_000_000;

/** The database's type of a placeholder the planner is not to look into (see `placeholders`). */
export type OpaqueType = 'uuid' | 'text';

/**
 * Placeholders named `names`, each passing for a string where its value will go. With `opaque`, each is
 * written `(select $n::type)`: a value the planner cannot see even when it plans for the call's own
 * values, so every plan of the statement is the one made without them, and PostgreSQL keeps that one
 * (decision 099). For a statement whose reads go by keys, whoever's they are: without it, PostgreSQL
 * may judge a plan for each call's values cheaper than the kept one and plan every call afresh, which
 * for a family's book cost four times its execution.
 */
export function placeholders<const P extends string>(
  names: readonly P[],
  opaque?: { readonly [K in P]: OpaqueType },
): { [K in P]: string } {
  const of = (n: P) =>
    opaque ? sql`(select ${sql.placeholder(n)}::${sql.raw(opaque[n])})` : sql.placeholder(n);
  return Object.fromEntries(names.map((n) => [n, of(n)])) as unknown as { [K in P]: string };
}

/** A statement's text and parameters (placeholders among them), built by Drizzle's dialect. */
export function queryOf(db: Db, statement: SQL): Query {
  return (db as unknown as { dialect: { sqlToQuery(statement: SQL): Query } }).dialect.sqlToQuery(statement);
}

/** What Drizzle's session offers below its query builders: a statement whose text is built already. */
type Session = {
  prepareQuery(query: Query, fields: undefined, name: undefined, isResponseInArrayMode: false): Prepared;
};
type Prepared = { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }> };

/**
 * Each session's statements made ready to run (Drizzle's prepared query, which only fills in its
 * values), by the statement built once: a request does not make Drizzle's objects anew. The database's
 * session lives as long as the server; a transaction's, as long as the transaction.
 */
const readyBySession = new WeakMap<Session, Map<Query, Prepared>>();

function readyOf(session: Session, query: Query): Prepared {
  let ready = readyBySession.get(session);
  if (!ready) {
    ready = new Map();
    readyBySession.set(session, ready);
  }
  let prepared = ready.get(query);
  if (!prepared) {
    prepared = session.prepareQuery(query, undefined, undefined, false);
    ready.set(query, prepared);
  }
  return prepared;
}

/**
 * Runs a statement built once (by preparedRows or preparedBatch: a handful of texts, each `query` object
 * kept for the life of the process) with its placeholders' values, through Drizzle's session (its
 * drivers' parsing).
 */
export async function runQuery<T>(db: Db, query: Query, values: Record<string, unknown>): Promise<T[]> {
  const session = (db as unknown as { session: Session }).session;
  const result = await readyOf(session, query).execute(values);
  return result.rows as T[];
}

/**
 * A statement written by hand and built once (issue 20 point 2, decision 036): `build` writes it with
 * placeholders for its values (`p.companyId`), the first call builds its text, and every call only
 * fills in its values, so that Drizzle does not build the same text on every request. As with
 * preparedBatch, the statement must be made of its values' places only; a statement of several shapes
 * (an optional filter) is one prepared statement per shape (`shaped`).
 */
export function preparedRows<T, const P extends string>(
  names: readonly P[],
  build: (p: { [K in P]: string }) => SQL,
): (db: Db, values: { [K in P]: unknown }) => Promise<T[]> {
  let query: Query | undefined;
  return (db, values) => {
    query ??= queryOf(db, build(placeholders(names)));
    return runQuery<T>(db, query, values);
  };
}

/** One prepared statement per shape of a statement, made on first use (a handful of shapes, bounded). */
export function shaped<K extends string, F>(make: (shape: K) => F): (shape: K) => F {
  const made = new Map<K, F>();
  return (shape) => {
    let f = made.get(shape);
    if (!f) {
      f = make(shape);
      made.set(shape, f);
    }
    return f;
  };
}
