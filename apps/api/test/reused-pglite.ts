import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { CHANGES_CHANNEL, ChangeFeed } from '../src/db/changes';
import { type Database, type Db, MIGRATIONS_FOLDER, openPglite } from '../src/db/client';

/**
 * PGlite test databases kept by a worker and handed to its next file as the dump left them (decision
 * 092). The API project runs its files one after another in each worker's one module graph (`isolate:
 * false`), and opening a PGlite from a dump costs about a second of CPU (its start, its files unpacked
 * into memory): a file's database, once the file has closed it, goes back here, and the next file that
 * asks for the same dump gets it back as the dump left it.
 *
 * "As the dump left it" is checked, not assumed. When a database is first opened from a dump, its whole
 * state is written down as text (its `state`): every relation outside the system's own schemas with its
 * size on disk and its planner's figures (pages, rows, all-visible pages), every column, constraint,
 * index, trigger, function, type, policy and schema, the settings changed from their defaults, what the
 * session listens to or holds (advisory locks, temporary tables, cursors), the planner's statistics,
 * every sequence's position, and every table's rows (a digest of each table holding any). Before a
 * database goes to a file again it is emptied back (below) and its state taken again: if any line
 * differs (a test left a function, a setting, a row that would not go), the database is closed and the
 * file gets a newly opened one, so a file never sees another's writes.
 *
 * Emptying back, in one transaction with triggers and foreign keys off (`session_replication_role =
 * replica`: the ledger's triggers refuse a delete, and the change notices would reach nobody): every
 * table that holds rows, or whose files are not the size the dump left them, is truncated (with those
 * that reference it: a truncated table's files and indexes are new and empty, as migrating made them);
 * the dump's rows are copied back into their tables; every sequence is set back where it was. The
 * planner's counters are then reset (a fresh database has none). A dump is itself emptied back this way
 * once before it is written (`normalizedDump`), so its tables' files are laid out as every emptying
 * lays them out, and a newly opened database and one emptied back are alike to the byte counts above.
 *
 * Each file gets its own `db` over the database and its own change feed, as a newly opened database
 * has; its `close()` hands the database back, after which its `db` refuses every query.
 */

type Snapshot = {
  /** Every table of the public schema, quoted. */
  tables: string[];
  /** The dump's rows of each table that holds any, as COPY's binary format. */
  rows: Map<string, Blob>;
  /** Every sequence of the public schema and where it stood. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** Each table's size on disk with its indexes and TOAST. */
  sizes: Map<string, string>;
  /** The planner's figures of every relation of the public schema and of TOAST, as SQL values. */
  figures: string;
  /** The state (see above), one line a fact. */
  state: string[];
};

type Kept = { database: Database; client: PGlite };

const snapshots = new Map<string, Promise<Snapshot>>();
const idle = new Map<string, Kept[]>();

/** How the reuse went in this worker (the pool's own test reads it). */
export const reuse = { opened: 0, reused: 0, refused: [] as string[] };

function clientOf(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

async function rows<T>(client: PGlite, query: string): Promise<T[]> {
  return (await client.query<T>(query)).rows;
}

const NOT_SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema')`;

/** The state's query: one row a fact, `line`, in a stable order. */
function stateQuery(tables: string[], withRows: string[], sequences: string[]): string {
  const parts = [
    // relations: kind, planner's figures, size on disk (the TOAST tables' names follow their tables')
    `select concat_ws(' ', 'relation', n.nspname, c.relname, c.relkind, c.relpages, c.reltuples, c.relallvisible,
        c.relhastriggers, c.relhasrules, c.relrowsecurity, c.relpersistence, c.relreplident) as line
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'column', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnum, a.attnotnull, a.atthasdef, a.attisdropped, a.attgenerated, a.attidentity,
        pg_get_expr(d.adbin, d.adrelid))
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where ${NOT_SYSTEM} and a.attnum > 0`,
    `select concat_ws(' ', 'constraint', n.nspname, co.conname, co.conrelid::regclass,
        pg_get_constraintdef(co.oid), co.convalidated, co.condeferrable, co.condeferred)
       from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid), i.indisvalid, i.indisready)
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
       where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'trigger', t.tgrelid::regclass, t.tgname, t.tgenabled, t.tgfoid::regprocedure, t.tgtype)
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'function', p.oid::regprocedure, md5(coalesce(p.prosrc, '')), p.provolatile)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'type', n.nspname, t.typname, t.typtype)
       from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'enum', e.enumtypid::regtype, e.enumlabel, e.enumsortorder) from pg_enum e`,
    `select concat_ws(' ', 'policy', p.polrelid::regclass, p.polname) from pg_policy p`,
    `select concat_ws(' ', 'rule', r.ev_class::regclass, r.rulename, md5(pg_get_ruledef(r.oid)))
       from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
       where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'schema', nspname) from pg_namespace`,
    `select concat_ws(' ', 'extension', extname, extversion) from pg_extension`,
    `select concat_ws(' ', 'event trigger', evtname) from pg_event_trigger`,
    `select concat_ws(' ', 'statistic', s.starelid::regclass, s.staattnum)
       from pg_statistic s join pg_class c on c.oid = s.starelid join pg_namespace n on n.oid = c.relnamespace
       where ${NOT_SYSTEM}`,
    `select concat_ws(' ', 'extended statistic', stxname) from pg_statistic_ext`,
    `select concat_ws(' ', 'setting', name, setting, source) from pg_settings
       where source not in ('default', 'override')`,
    `select concat_ws(' ', 'listening', c) from pg_listening_channels() c`,
    `select concat_ws(' ', 'lock', locktype, objid, mode) from pg_locks
       where locktype not in ('relation', 'virtualxid', 'transactionid')`,
    `select concat_ws(' ', 'cursor', name) from pg_cursors`,
    `select concat_ws(' ', 'prepared transaction', gid) from pg_prepared_xacts`,
    `select concat_ws(' ', 'statement', name) from pg_prepared_statements where name not like 'p\\_%'`,
    ...sequences.map(
      (s) => `select 'sequence ${s} ' || last_value || ' ' || is_called || ' ' || log_cnt from ${s}`,
    ),
    ...withRows.map(
      (
        t,
      ) => `select concat_ws(' ', 'rows', '${t}', count(*), md5(string_agg(r::text, E'\\n' order by r::text)))
                from ${t} r`,
    ),
  ];
  const empty = tables.filter((t) => !withRows.includes(t));
  // A table the dump left empty is named only when it holds rows.
  if (empty.length > 0)
    parts.push(
      empty.map((t) => `select 'rows ${t} not empty' where exists (select from ${t})`).join(' union all '),
    );
  return `select line from (${parts.map((p) => `(${p})`).join(' union all ')}) s order by line`;
}

async function stateOf(client: PGlite, snapshot: Omit<Snapshot, 'state' | 'figures'>): Promise<string[]> {
  const query = stateQuery(
    snapshot.tables,
    [...snapshot.rows.keys()],
    snapshot.sequences.map((s) => s.name),
  );
  return (await rows<{ line: string }>(client, query)).map((r) => r.line);
}

const quoted = (schema: string, name: string) =>
  `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

/** What a database newly opened from the dump holds: taken once per dump and worker. */
async function snapshotOf(client: PGlite): Promise<Snapshot> {
  const tables = (
    await rows<{ s: string; t: string }>(
      client,
      `select schemaname s, tablename t from pg_tables where schemaname = 'public'`,
    )
  ).map((r) => quoted(r.s, r.t));
  const sequences = await Promise.all(
    (
      await rows<{ s: string; q: string }>(
        client,
        `select schemaname s, sequencename q from pg_sequences where schemaname = 'public'`,
      )
    ).map(async (r) => {
      const name = quoted(r.s, r.q);
      const [at] = await rows<{ lastValue: string; isCalled: boolean }>(
        client,
        `select last_value::text as "lastValue", is_called as "isCalled" from ${name}`,
      );
      return { name, lastValue: at!.lastValue, isCalled: at!.isCalled };
    }),
  );
  const rowsOf = new Map<string, Blob>();
  const sizes = new Map<string, string>();
  for (const table of tables) {
    const [{ held, size }] = (await rows<{ held: boolean; size: string }>(
      client,
      `select exists (select from ${table}) as held, pg_total_relation_size('${table}')::text as size`,
    )) as [{ held: boolean; size: string }];
    sizes.set(table, size);
    if (!held) continue;
    const copied = await client.query(`copy ${table} to '/dev/blob' with (format binary)`);
    rowsOf.set(table, copied.blob!);
  }
  const figures = (
    await rows<{ v: string }>(
      client,
      `select format('(%s, %s, %s::real, %s)', c.oid, c.relpages, c.reltuples, c.relallvisible) as v
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'pg_toast')`,
    )
  )
    .map((r) => r.v)
    .join(', ');
  const partial = { tables, rows: rowsOf, sequences, sizes, figures };
  return { ...partial, state: await stateOf(client, partial) };
}

/**
 * Empties a database back to its snapshot (see the top of this file). Truncation, not deletion: a
 * truncated table's files are new and the size migrating left them, and its planner's figures are a
 * new table's; a deletion leaves the pages, and the planner reads a table's size from its pages.
 */
async function emptyBack(client: PGlite, snapshot: Snapshot): Promise<void> {
  const dirty = await rows<{ t: string }>(
    client,
    snapshot.tables
      .map((t) => `select '${t.replaceAll("'", "''")}' as t where exists (select from ${t})`)
      .join(' union all '),
  );
  const names = new Set([...dirty.map((r) => r.t), ...snapshot.rows.keys()]);
  await client.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    if (names.size > 0)
      await tx.query(`do $$ begin ${[...names].map((t) => `delete from ${t};`).join(' ')} end $$`);
    for (const [table, blob] of snapshot.rows) {
      await tx.query(`copy ${table} from '/dev/blob' with (format binary)`, [], { blob });
    }
    // A truncated index's figures are not always what creating it wrote (an empty primary key: 0 pages
    // and -1 rows after, 1 page and 0 rows before): the planner's figures go back as they were.
    await tx.query(
      `update pg_class c set relpages = b.p, reltuples = b.t, relallvisible = b.v
         from (values ${snapshot.figures}) b(o, p, t, v)
        where c.oid = b.o and (c.relpages, c.reltuples, c.relallvisible) is distinct from (b.p, b.t, b.v)`,
    );
    for (const s of snapshot.sequences) {
      await tx.query(`select setval('${s.name.replaceAll("'", "''")}', ${s.lastValue}, ${s.isCalled})`);
    }
  });
}

/** The planner's counters as a newly opened database has them: none. */
async function resetCounters(client: PGlite): Promise<void> {
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select pg_stat_reset()');
}

/** The lines of `now` not in `then`, and of `then` not in `now`, for the message of a refusal. */
function difference(then: string[], now: string[]): string {
  const before = new Set(then);
  const after = new Set(now);
  const gone = then.filter((l) => !after.has(l)).map((l) => `- ${l}`);
  const come = now.filter((l) => !before.has(l)).map((l) => `+ ${l}`);
  return [...gone, ...come].slice(0, 6).join('; ');
}

/** A database kept for `file`, emptied back and checked, or null when none is kept or it did not come back. */
async function keptFor(file: string): Promise<Kept | null> {
  const kept = idle.get(file)?.pop();
  if (!kept) return null;
  const snapshot = await snapshots.get(file)!;
  try {
    await emptyBack(kept.client, snapshot);
    const state = await stateOf(kept.client, snapshot);
    if (state.join('\n') === snapshot.state.join('\n')) {
      await resetCounters(kept.client);
      reuse.reused++;
      return kept;
    }
    reuse.refused.push(difference(snapshot.state, state));
  } catch (error) {
    reuse.refused.push(String(error));
  }
  await kept.database.close();
  return null;
}

/** A database newly opened from the dump in `file`. */
async function opened(file: string, dump: () => Blob): Promise<Kept> {
  const database = await openPglite(null, dump());
  const client = clientOf(database);
  if (!snapshots.has(file)) snapshots.set(file, snapshotOf(client));
  await snapshots.get(file);
  await resetCounters(client);
  reuse.opened++;
  return { database, client };
}

/** A `db` of its own over `client`, which refuses every query once `closed()` says so. */
function guardedDb(client: PGlite, closed: () => boolean): Db {
  // What a test sets on its client (a wrapped query that counts statements) stays with its own handle.
  const own = new Map<PropertyKey, unknown>();
  const guarded = new Proxy(client, {
    set(_, key, value) {
      own.set(key, value);
      return true;
    },
    get(target, key) {
      const value = own.has(key) ? own.get(key) : Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      return (...args: unknown[]) => {
        if (closed()) throw new Error('This test database was closed (handed back to its worker)');
        return (value as (...a: unknown[]) => unknown).apply(own.has(key) ? guarded : target, args);
      };
    },
  });
  return drizzle(guarded, { casing: 'snake_case' }) as unknown as Db;
}

/**
 * A database as the dump in `file` left it (`dump` reads it): one this worker kept, emptied back and
 * checked, or a newly opened one. Its `close()` hands it back for the next file.
 */
export async function reusedPglite(file: string, dump: () => Blob): Promise<Database> {
  const kept = (await keptFor(file)) ?? (await opened(file, dump));
  const { client } = kept;
  let closed = false;
  const changes = new ChangeFeed();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => changes.notice(payload));
  const db = guardedDb(client, () => closed);
  return {
    db,
    kind: 'pglite',
    changes,
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    dump: () => client.dumpDataDir('none'),
    async close() {
      if (closed) return;
      closed = true;
      await unlisten();
      const list = idle.get(file) ?? [];
      list.push(kept);
      idle.set(file, list);
    },
  };
}

/**
 * A dump emptied back once (see the top of this file) before it is written: the database a file gets
 * newly opened and the one it gets emptied back then lie alike on disk.
 */
export async function normalizedDump(database: Database): Promise<Blob | File> {
  const client = clientOf(database);
  const snapshot = await snapshotOf(client);
  await emptyBack(client, snapshot);
  return client.dumpDataDir('none');
}
