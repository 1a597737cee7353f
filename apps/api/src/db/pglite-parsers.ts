import { type PGlite, type Transaction, types } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver reads as PostgreSQL's text, not as PGlite would parse them
 * (drizzle-orm/pglite/session.js: its `queryConfig` and `rawQueryConfig`): timestamps with and without a
 * zone, dates, intervals, and arrays of numerics, timestamps, dates and intervals.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type Parser = (value: string, typeId?: number) => unknown;
type Parsers = Record<number | string, Parser>;
type Query = (text: string, params?: unknown[], options?: { parsers?: Parsers }) => unknown;

const asText: Parser = (value) => value;

/** A probe no parser that changes its text answers unchanged. */
const PROBE = '2026-01-01 00:00:00+00';

/**
 * Whether `parsers` are Drizzle's: exactly its text types, each answering its text unchanged. Drizzle
 * makes its parsers afresh for each statement it builds, so they are checked on each call (about a
 * microsecond).
 */
function isDrizzles(parsers: Parsers): boolean {
  return (
    Object.keys(parsers).length === DRIZZLE_TEXT_TYPES.length &&
    DRIZZLE_TEXT_TYPES.every((type) => typeof parsers[type] === 'function' && parsers[type]!(PROBE) === PROBE)
  );
}

/**
 * Makes a PGlite on the caller's thread keep Drizzle's parsers as its own. Drizzle passes them with every
 * call, and PGlite merges a call's parsers into its own on every call (`parseResults`): a copy of its
 * parser of each type, one per array type of the database among them (438 on the migrated schema), which
 * took 220 µs a call on this project's machine, more than a simple statement's whole run (about 180 µs).
 * The client now parses Drizzle's text types as text itself, and a call that passes exactly Drizzle's
 * parsers passes none: the same values, with no copy. Another call's parsers are passed on as they were.
 * A statement run without Drizzle on this client reads those types as text too, as Drizzle does.
 * (PGlite on its own thread parses on the server's thread without such a copy: db/pglite-remote.ts.)
 * Call once, before any query.
 */
export function keepDrizzleParsers(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const withoutDrizzles =
    (query: Query): Query =>
    (text, params, options) =>
      options?.parsers && isDrizzles(options.parsers)
        ? query(text, params, { ...options, parsers: undefined })
        : query(text, params, options);
  client.query = withoutDrizzles(client.query.bind(client) as Query) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = withoutDrizzles(tx.query.bind(tx) as Query) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}
