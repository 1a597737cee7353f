import type { PGlite } from '@electric-sql/pglite';
import { type Database, overPglite, pgliteClient } from '../src/db/client';
import type { PgliteSettings } from '../src/db/pglite-options';

/**
 * A worker's embedded databases kept from one test file to the next (decision 130). Opening PGlite from
 * a dump costs about a second of CPU (the WebAssembly runtime, 33 MB unpacked into its file system),
 * a third of a file's time on average; bringing an open one back to the dump's state costs a tenth of
 * that. Each file still gets a database nobody else is using, in the state its dump holds:
 *
 * - the rows of every table, the sequences, and what VACUUM and ANALYZE keep of each table in the
 *   catalog (`pg_class`' counts, `pg_statistic`), as the dump had them;
 * - the statistics' counters reset, the session's settings and advisory locks let go;
 * - a database whose schema a file changed (a fault test's trigger left behind, the purge test's
 *   tables, a function replaced) is closed and never lent again: the shape is compared before each loan.
 *
 * What a file is lent is the database's own, behind a fence: once the file closes it, the Database it
 * holds refuses every call, as a closed PGlite does, so nothing it left running reaches the next file.
 * `KEEP_TEST_PGLITE=0` opens a database per file as before.
 */

/** What a kept database is brought back to: the dump's state as first opened. */
type Snapshot = {
  /** Each table holding rows, and its rows as JSON. */
  tables: { name: string; rows: string }[];
  /** Every table of the schema (to find those a file wrote to). */
  probe: string;
  /** Each sequence and its last value (null: never called). */
  sequences: { name: string; value: string | null }[];
  /** pg_class' counts of every table and index of the schema, as JSON. */
  classCounts: string;
  shape: string;
};

type Kept = { client: PGlite; snapshot: Snapshot; lent: boolean };

/** At most this many kept per dump and worker (a file that never closes its database holds one). */
const KEPT_PER_DUMP = 2;

const keptByDump = new Map<string, Kept[]>();

export const keepingDatabases = () => process.env.KEEP_TEST_PGLITE !== '0';

/** Everything of the schema a file could change: relations, columns, defaults, triggers, functions, types. */
const SHAPE = `select md5(string_agg(x, ',' order by x)) as shape from (
  select 'c' || c.oid || c.relkind::text || c.relname as x from pg_class c where c.relnamespace = 'public'::regnamespace
  union all select 'a' || a.attrelid || ':' || a.attnum || a.attname || a.atttypid || a.attnotnull
      || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
  union all select 't' || t.oid || t.tgname || t.tgenabled::text from pg_trigger t
  union all select 'p' || p.oid || p.proname || md5(p.prosrc) from pg_proc p
    where p.pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all select 'k' || k.oid || k.conname from pg_constraint k where k.connamespace = 'public'::regnamespace
  union all select 'y' || y.oid || y.typname from pg_type y where y.typnamespace = 'public'::regnamespace
  union all select 'e' || e.oid || e.enumlabel from pg_enum e
  union all select 'n' || n.oid || n.nspname from pg_namespace n
) s`;

type Row = Record<string, unknown>;
const rows = async <T extends Row>(client: PGlite, query: string, params?: unknown[]) =>
  (await client.query<T>(query, params)).rows;

async function snapshotOf(client: PGlite): Promise<Snapshot | null> {
  // Planner statistics cannot be written back; a dump holding any is opened afresh for each file.
  const [stats] = await rows<{ n: number }>(
    client,
    `select count(*)::int as n from pg_statistic s join pg_class c on c.oid = s.starelid
       where c.relnamespace = 'public'::regnamespace`,
  );
  if (stats!.n > 0) return null;
  const tables = (
    await rows<{ name: string }>(
      client,
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
  ).map((r) => r.name);
  const probe = tables
    .map((t) => `select '${t}' as name where exists (select from ${t})`)
    .join(' union all ');
  const holding = await rows<{ name: string }>(client, probe);
  const withRows: Snapshot['tables'] = [];
  for (const { name } of holding) {
    const [r] = await rows<{ rows: string }>(
      client,
      `select coalesce(json_agg(t), '[]')::text as rows from ${name} t`,
    );
    withRows.push({ name, rows: r!.rows });
  }
  const sequences = await rows<{ name: string; value: string | null }>(
    client,
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
       from pg_sequences where schemaname = 'public'`,
  );
  const [counts] = await rows<{ counts: string }>(
    client,
    `select coalesce(json_agg(json_build_object('oid', oid, 'reltuples', reltuples, 'relpages', relpages,
       'relallvisible', relallvisible)), '[]')::text as counts
     from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'i', 'S', 'p')`,
  );
  const [shape] = await rows<{ shape: string }>(client, SHAPE);
  return { tables: withRows, probe, sequences, classCounts: counts!.counts, shape: shape!.shape };
}

/**
 * Brings a kept database back to its snapshot, or answers false when it cannot be (its schema changed):
 * the tables a file wrote emptied and vacuumed (so their pages and counts are the dump's again), the
 * snapshot's rows and sequences written back with triggers off (the kept sums are among the rows),
 * pg_class' counts restored, the planner statistics a file's ANALYZE made dropped, the counters reset.
 */
async function reset(client: PGlite, snapshot: Snapshot): Promise<boolean> {
  await client.exec('reset all; discard temp; select pg_advisory_unlock_all();');
  const [shape] = await rows<{ shape: string }>(client, SHAPE);
  if (shape!.shape !== snapshot.shape) return false;
  const written = (await rows<{ name: string }>(client, snapshot.probe)).map((r) => r.name);
  if (written.length > 0) {
    await client.exec(
      `begin; set local session_replication_role = replica;
       ${written.map((t) => `delete from ${t};`).join(' ')} commit;`,
    );
    await client.exec(`vacuum ${written.join(', ')}`);
  }
  await client.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    for (const t of snapshot.tables) {
      await tx.query(
        `insert into ${t.name} overriding system value select * from json_populate_recordset(null::${t.name}, $1::json)`,
        [t.rows],
      );
    }
    for (const s of snapshot.sequences) {
      await tx.query(
        s.value === null
          ? `alter sequence ${s.name} restart`
          : `select setval('${s.name}', ${s.value}, true)`,
      );
    }
    await tx.query(
      `update pg_class c set reltuples = s.reltuples, relpages = s.relpages, relallvisible = s.relallvisible
         from json_to_recordset($1::json) as s(oid oid, reltuples real, relpages int, relallvisible int)
         where c.oid = s.oid`,
      [snapshot.classCounts],
    );
    await tx.query(
      `delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`,
    );
  });
  // Counters are sent as a statement ends, at most once a second: the restore's are made to go at the
  // next statement's end, and only then are the counters reset.
  await client.exec('select pg_stat_force_next_flush();');
  await client.exec('select 1;');
  await client.exec('select pg_stat_reset();');
  return true;
}

/**
 * The loan a file holds: the kept database behind a fence. Every call refuses once the loan is closed
 * (PGlite's own words); what a file sets on it (a test counting statements replaces `exec` and
 * `query`) stays on the loan, never on the database the next file is lent; and what it listens to
 * through it is noted in `listening`, for the loan's close to stop.
 */
function fence(client: PGlite, isOpen: () => boolean, listening: (() => Promise<void>)[]): PGlite {
  const own = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, key) {
      if (own.has(key)) return own.get(key);
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!isOpen()) return Promise.reject(new Error('PGlite is closed'));
        const result = value.apply(target, args);
        if (key === 'listen') {
          return (result as Promise<() => Promise<void>>).then((stop) => {
            listening.push(stop);
            return stop;
          });
        }
        if (key === 'onNotification') listening.push(async () => (result as () => void)());
        return result;
      };
    },
    set(_target, key, value) {
      own.set(key, value);
      return true;
    },
    defineProperty(_target, key, descriptor) {
      own.set(key, descriptor.get ? descriptor.get() : descriptor.value);
      return true;
    },
    deleteProperty(_target, key) {
      own.delete(key);
      return true;
    },
    has(target, key) {
      return own.has(key) || Reflect.has(target, key);
    },
  });
}

/** A Database over `kept`'s client for one file, closing only the loan. */
async function lend(kept: Kept): Promise<Database> {
  kept.lent = true;
  let open = true;
  const listening: (() => Promise<void>)[] = [];
  const fenced = fence(kept.client, () => open, listening);
  const over = await overPglite(fenced);
  return {
    ...over,
    kind: 'pglite',
    dump: () => fenced.dumpDataDir('none'),
    close: async () => {
      if (!open) return;
      open = false;
      try {
        // The change feed's own listening among them; each stopped once (PGlite ignores a second stop).
        for (const stop of listening.splice(0)) await stop();
      } finally {
        kept.lent = false;
      }
    },
  };
}

const idleOf = (kept: Kept[]) => kept.find((k) => !k.lent);

/**
 * A database in the state of `dump` (its file, `key`), lent from the worker's kept ones, or opened,
 * snapshotted and kept; opened plainly (not kept) when `KEPT_PER_DUMP` are lent already or the dump
 * cannot be brought back to (see snapshotOf).
 */
export async function keptPglite(key: string, dump: Blob, settings: PgliteSettings): Promise<Database> {
  const kept = keptByDump.get(key) ?? [];
  keptByDump.set(key, kept);
  for (let k = idleOf(kept); k; k = idleOf(kept)) {
    // Taken before the reset's first wait: two databases asked for at once are never the same one.
    k.lent = true;
    if (await reset(k.client, k.snapshot).catch(() => false)) return lend(k);
    // One that cannot be brought back (its schema changed, or the reset failed) is closed.
    kept.splice(kept.indexOf(k), 1);
    await k.client.close().catch(() => undefined);
  }
  const client = await pgliteClient(null, dump, settings);
  const snapshot = kept.length < KEPT_PER_DUMP ? await snapshotOf(client) : null;
  if (!snapshot) {
    const over = await overPglite(client);
    return { ...over, kind: 'pglite', dump: () => client.dumpDataDir('none'), close: () => client.close() };
  }
  const made: Kept = { client, snapshot, lent: true };
  kept.push(made);
  return lend(made);
}
