import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client';
import { literalOf } from '../src/db/prepared';
import { queryOf } from '../src/db/rows';

/**
 * Counts the round trips to the database while a piece of work runs (one request, through app.inject):
 * every statement the driver sends, those of a transaction too, with its BEGIN and COMMIT or ROLLBACK.
 *
 * The count is taken where the driver talks to the server, below Drizzle: on PGlite its `query`,
 * `exec` and `transaction` (whose handle the transaction's statements go through); on node-postgres
 * each pooled client's `query`, which both `pool.query` and a transaction's checked-out client reach.
 * Nothing else may use the database while a count runs: a count is everything the database receives
 * in that time, so counts do not overlap.
 */

export type QueryCount = {
  count: number;
  /** The SQL of each round trip, in the order sent (placeholders, not values). */
  statements: string[];
  /** The values sent with each, by its place in `statements` (none: an empty list). */
  values: unknown[][];
};

type Recorder = { statements: string[] | null; values: unknown[][] };
const recorders = new WeakMap<object, Recorder>();

/** Runs `work` and answers its result with the round trips it made. */
export async function countQueries<T>(
  t: { database: Database },
  work: () => Promise<T>,
): Promise<QueryCount & { result: T }> {
  const recorder = recorderOf(t.database);
  if (recorder.statements) throw new Error('countQueries: another count is running on this database');
  const statements: string[] = [];
  recorder.statements = statements;
  recorder.values = [];
  try {
    const result = await work();
    return { count: statements.length, statements: [...statements], values: [...recorder.values], result };
  } finally {
    recorder.statements = null;
  }
}

/** A statement with its layout and placeholder numbers gone, and an IN list of any length as one. */
export function statementShape(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(/\(\$(, \$)+\)/g, '($…)')
    .trim();
}

/** The statements sent more than once, by shape, with how often: where an N+1 shows. */
export function repeatedStatements(statements: string[]): { shape: string; times: number }[] {
  const times = new Map<string, number>();
  for (const sql of statements) {
    const shape = statementShape(sql);
    times.set(shape, (times.get(shape) ?? 0) + 1);
  }
  return [...times].filter(([, n]) => n > 1).map(([shape, n]) => ({ shape, times: n }));
}

/** The database's recorder, its driver wrapped the first time (the wrappers stay, recording only during a count). */
function recorderOf(database: Database): Recorder {
  const client = (database.db as unknown as { $client: object }).$client;
  let recorder = recorders.get(client);
  if (!recorder) {
    const made: Recorder = { statements: null, values: [] };
    const record = (sql: string, values?: unknown) => {
      if (!made.statements) return;
      made.statements.push(sql);
      made.values.push(Array.isArray(values) ? values : []);
    };
    if (database.kind === 'pglite') wrapPglite(client as PGlite, record);
    else wrapPool(client as pg.Pool, record);
    recorders.set(client, made);
    recorder = made;
  }
  return recorder;
}

type Note = (sql: string, values?: unknown) => void;

function wrapPglite(client: PGlite, record: Note) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  // `sql` goes through `query`, so it is counted there.
  client.query = ((text: string, ...rest: unknown[]) => {
    record(text, rest[0]);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => {
    record(text);
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['exec'];
  // A transaction's BEGIN, COMMIT and ROLLBACK are sent by PGlite itself, and its statements go through
  // the handle it gives the callback (not through `query`): count both here.
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      record('BEGIN');
      const counted: Transaction = Object.assign(Object.create(tx) as Transaction, {
        query: ((text: string, ...rest: unknown[]) => {
          record(text, rest[0]);
          return (tx.query as (...args: unknown[]) => unknown)(text, ...rest);
        }) as Transaction['query'],
        sql: ((strings: TemplateStringsArray, ...params: unknown[]) => {
          record(strings.join('?'));
          return tx.sql(strings, ...params);
        }) as Transaction['sql'],
        exec: ((text: string, ...rest: unknown[]) => {
          record(text);
          return (tx.exec as (...args: unknown[]) => unknown)(text, ...rest);
        }) as Transaction['exec'],
        rollback: () => {
          record('ROLLBACK');
          return tx.rollback();
        },
      });
      try {
        const result = await callback(counted);
        if (!tx.closed) record('COMMIT');
        return result;
      } catch (err) {
        if (!tx.closed) record('ROLLBACK');
        throw err;
      }
    })) as PGlite['transaction'];
}

function wrapPool(pool: pg.Pool, record: Note) {
  const wrapped = new WeakSet<pg.PoolClient>();
  // Every checkout, pool.query's own included, acquires a client: wrap each client once, at its first.
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((first: unknown, ...rest: unknown[]) => {
      const config = first as { text?: unknown; values?: unknown };
      record(
        typeof first === 'string' ? first : String(config.text ?? first),
        rest[0] ?? (typeof first === 'string' ? undefined : config.values),
      );
      return query(first, ...rest);
    }) as pg.PoolClient['query'];
  });
}

/**
 * The plan of `statement` with seq scans off, as the database's EXPLAIN text (one line a node): a
 * test's tables are tiny, so without seq scans the plan shows which indexes the statement goes by
 * (decisions 088 and 098). On both databases, in a transaction of its own.
 */
export async function planWithoutSeqScans(db: Db, statement: SQLWrapper): Promise<string> {
  const plan = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return (await tx.execute(sql`explain ${statement}`)) as unknown as { rows: Record<string, string>[] };
  });
  return plan.rows.map((r) => Object.values(r)[0]).join('\n');
}

/**
 * The generic plan of `statement` (seq scans off): the one PostgreSQL keeps for a prepared statement once
 * it judges it no worse than planning each call, made without the call's values, as if every studio were
 * of average size (decision 108). Its placeholders' values are written into EXECUTE; on both databases,
 * in a transaction of its own.
 */
export async function genericPlan(db: Db, statement: SQLWrapper): Promise<string> {
  const query = queryOf(db, statement.getSQL());
  const name = `generic_${randomUUID().replaceAll('-', '')}`;
  const values = query.params.map((v) => {
    const literal = literalOf(v);
    if (literal === undefined) throw new Error(`A value EXECUTE cannot carry: ${String(v)}`);
    return literal;
  });
  const plan = await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local enable_seqscan = off'));
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
    const rows = await tx.execute(sql.raw(`explain execute ${name}(${values.join(', ')})`));
    await tx.execute(sql.raw(`deallocate ${name}`));
    return rows as unknown as { rows: Record<string, string>[] };
  });
  return plan.rows.map((r) => Object.values(r)[0]).join('\n');
}

/**
 * The plan of a statement a count recorded, with the values it was sent with, seq scans off: what the
 * database would go by for it (issue 39 point 3: a studio's read that can only scan a whole table reads
 * every studio's rows). In a transaction of its own, rolled back.
 */
export async function recordedPlan(database: Database, text: string, values: unknown[]): Promise<string> {
  const explain = `explain ${text}`;
  const lines = (rows: Record<string, string>[]) => rows.map((r) => Object.values(r)[0]).join('\n');
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return client.transaction(async (tx) => {
      await tx.exec(
        'set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off',
      );
      const plan = lines((await tx.query<Record<string, string>>(explain, values)).rows);
      await tx.rollback();
      return plan;
    });
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      'set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off',
    );
    return lines((await client.query<Record<string, string>>(explain, values)).rows);
  } finally {
    await client.query('rollback');
    client.release();
  }
}
