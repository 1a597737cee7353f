import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Statements prepared once (decision 036). The server sends the same few hundred statement texts all
 * day — Drizzle writes a query's text the same way every time it is built — and PostgreSQL would parse
 * and plan each one afresh on every call. Below Drizzle, where the driver talks to the database, a text
 * seen a second time becomes a prepared statement named after its hash, and every later call executes
 * it: the database parses it once, and plans it once when a generic plan serves (PostgreSQL's own
 * choice, after five custom plans).
 *
 * - On PostgreSQL (node-postgres), the call gets a `name`: node-postgres parses a named statement once
 *   per connection and binds it afterwards.
 * - On PGlite, one session in this process, the text is PREPAREd once and run by EXECUTE with its
 *   arguments written as quoted literals (PGlite takes no parameters with EXECUTE). An argument that
 *   cannot be written safely (anything but null, a string, a number, a boolean or a date) leaves that
 *   call as it was; a text PostgreSQL refuses to prepare (a parameter whose type only the driver knew)
 *   is never tried again.
 *
 * Only data statements are prepared (select, insert, update, delete, with), at most PREPARED_TEXTS
 * texts per process. What a statement answers is unchanged: the same rows, parsed by the same parsers.
 */

/** At most this many texts are prepared; the rest run as before (filters a user combines freely). */
export const PREPARED_TEXTS = 2000;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** Which texts to prepare: the second sighting of a data statement, while there is room. */
class Sightings {
  private readonly seen = new Set<string>();
  readonly names = new Map<string, string>();
  private readonly refused = new Set<string>();

  /** The statement's name when `text` is to run prepared, else null. */
  nameOf(text: string): string | null {
    const named = this.names.get(text);
    if (named) return named;
    if (this.refused.has(text) || !DATA_STATEMENT.test(text)) return null;
    if (!this.seen.has(text)) {
      if (this.seen.size < PREPARED_TEXTS * 4) this.seen.add(text);
      return null;
    }
    if (this.names.size >= PREPARED_TEXTS) return null;
    const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  refuse(text: string) {
    this.names.delete(text);
    this.refused.add(text);
  }
}

/** `value` as an SQL literal of unknown type (PostgreSQL casts it to the parameter's), or undefined. */
export function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
  else return undefined;
  // A NUL ends the statement's text in the database: such a call runs as it was (and is refused there).
  if (text.includes('\0')) return undefined;
  // An escape string reads the same whatever standard_conforming_strings says: its backslashes and
  // quotes are doubled, and nothing else in it is special.
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

type PgliteQuery = PGlite['query'];
type Query = (text: string, params?: unknown[], options?: unknown) => ReturnType<PgliteQuery>;

/** Makes `client.query` run repeated statements prepared (see above). Call once, before any query. */
export function preparePglite(client: PGlite): void {
  const sightings = new Sightings();
  const prepared = new Set<string>();
  /** The PREPAREs under way, by name: a text two calls see at once is prepared once. */
  const preparing = new Map<string, Promise<boolean>>();
  const exec = client.exec.bind(client);
  const prepare = (name: string, text: string): Promise<boolean> => {
    const under = preparing.get(name);
    if (under) return under;
    const done = exec(`PREPARE ${name} AS ${text}`).then(
      () => {
        prepared.add(name);
        return true;
      },
      () => {
        sightings.refuse(text);
        return false;
      },
    );
    preparing.set(name, done);
    void done.finally(() => preparing.delete(name));
    return done;
  };
  /**
   * `query` with repeated statements run prepared. Outside a transaction a text is PREPAREd when it is
   * first to run prepared. Inside one (`inTransaction`), a PREPARE the database refused would abort the
   * transaction, and the session is the transaction's until it ends: a text not yet prepared runs as it
   * is, and is prepared once the transaction has let go of the session, for its later calls.
   */
  const run =
    (query: Query, inTransaction: boolean): Query =>
    async (text, params, options) => {
      const name = sightings.nameOf(text);
      const literals = name ? (params ?? []).map(literalOf) : [];
      if (!name || literals.some((l) => l === undefined)) return query(text, params, options);
      if (!prepared.has(name)) {
        if (inTransaction) {
          void prepare(name, text);
          return query(text, params, options);
        }
        if (!(await prepare(name, text))) return query(text, params, options);
      }
      const args = literals.length ? `(${literals.join(', ')})` : '';
      return query(`EXECUTE ${name}${args}`, [], options);
    };
  client.query = run(client.query.bind(client) as Query, false) as PgliteQuery;
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = run(tx.query.bind(tx) as Query, true) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** Names the repeated statements of every connection `pool` opens (see above). Call once, at its start. */
export function preparePool(pool: pg.Pool): void {
  const sightings = new Sightings();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((first: unknown, ...rest: unknown[]) => {
      if (first && typeof first === 'object' && !('submit' in first)) {
        const config = first as QueryConfig;
        if (typeof config.text === 'string' && config.name === undefined) {
          const name = sightings.nameOf(config.text);
          if (name) return query({ ...config, name }, ...rest);
        }
      } else if (typeof first === 'string') {
        const name = sightings.nameOf(first);
        // node-postgres: query(text, values, callback?) — the values move into the config.
        if (name && (rest.length === 0 || Array.isArray(rest[0]))) {
          const [values, ...more] = rest;
          return query({ text: first, name, values }, ...more);
        }
      }
      return query(first, ...rest);
    }) as pg.PoolClient['query'];
  });
}
