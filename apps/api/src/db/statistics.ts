import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/**
 * The planner's statistics kept fresh by the product itself (issue 39 point 4, decision 081), on both
 * databases. PGlite runs no autovacuum, and a PostgreSQL may run without it (or behind a bulk write:
 * autovacuum looks every minute, and the billing day's next family is planned meanwhile): a table
 * planned as it stood before a bulk write is read the wrong way (a family's plans went from 20 ms to
 * 600 ms a family until one `analyze`). ANALYZE reads a sample of a table and changes no row.
 *
 * A table is stale, as autovacuum judges it by default, once the rows changed since its last analyze pass
 * 50 + 10 % of the rows it had then.
 */
const BASE = 50;
const SCALE = 0.1;

/** One key for the server's own advisory lock: one process at a time looks and analyzes. */
const STATISTICS_LOCK = 0x5e1ec7;

/**
 * The product's tables whose counters (`s`, pg_stat_user_tables) and size (`c.reltuples`) meet
 * `condition`, by name.
 */
async function tablesWhere(db: Db, condition: SQL): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select s.relname as name
        from pg_stat_user_tables s
        join pg_class c on c.oid = s.relid
        where s.schemaname = 'public' and (${condition})
        order by s.relname`,
  );
  return rows.map((r) => r.name);
}

/** The product's tables that changed past the threshold since last analyzed, by their change counters. */
const staleTables = (db: Db) =>
  tablesWhere(db, sql`s.n_mod_since_analyze > ${BASE} + ${SCALE} * greatest(c.reltuples, 0)`);

/**
 * Tables a bulk write just wrote `written` rows to that have grown past the threshold. Judged by the
 * writer's own count, not the change counters: a backend reports its counters to the statistics a
 * second or more after its commit, and the write's next reader must not wait for that.
 */
async function grownTables(db: Db, written: Record<string, number>): Promise<string[]> {
  const names = Object.keys(written).filter((t) => (written[t] ?? 0) > BASE);
  if (names.length === 0) return [];
  const rows = await rowsOf<{ name: string; tuples: number }>(
    db,
    sql`select c.relname as name, greatest(c.reltuples, 0)::float8 as tuples
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and c.relname in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
  );
  return rows
    .filter((r) => (written[r.name] ?? 0) > BASE + SCALE * Number(r.tuples))
    .map((r) => r.name)
    .sort();
}

/** Table names (from the catalog, or a writer's own names) quoted as identifiers. */
const identifiers = (tables: string[]) => tables.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ');

/**
 * ANALYZE of the tables named, one table a transaction, each under the lock: a process finding it held
 * skips the rest. One table at a time, where one statement once analyzed them all: on PGlite a statement
 * holds the one session, and a look analyzing 26 tables under the evening held it for 157 ms, every
 * request arriving meanwhile waiting for all of it (decision 119); one table holds it a few
 * milliseconds, and the requests waiting go between two. A loop over the tables, not over rows.
 */
async function analyzeUnderLock(db: Db, tables: string[]): Promise<string[]> {
  const analyzed: string[] = [];
  for (const table of tables) {
    const done = await db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${STATISTICS_LOCK}) as ok`,
      );
      if (!lock?.ok) return false;
      await tx.execute(sql.raw(`analyze ${identifiers([table])}`));
      return true;
    });
    if (!done) break;
    analyzed.push(table);
  }
  return analyzed;
}

/*
 * Autovacuum's default vacuum thresholds: a table is vacuumed once its dead rows pass 50 + 20 % of its
 * rows, or the rows inserted since its last vacuum pass 1,000 + 20 % (PostgreSQL 13's insert threshold,
 * which is what marks a table's pages all-visible after a bulk write).
 */
const DEAD_BASE = 50;
const DEAD_SCALE = 0.2;
const INSERTED_BASE = 1000;
const INSERTED_SCALE = 0.2;

/** The product's tables past autovacuum's vacuum thresholds, by their counters. */
const wornTables = (db: Db) =>
  tablesWhere(
    db,
    sql`s.n_dead_tup > ${DEAD_BASE} + ${DEAD_SCALE} * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > ${INSERTED_BASE} + ${INSERTED_SCALE} * greatest(c.reltuples, 0)`,
  );

/**
 * VACUUM of the tables named, one statement a table (as ANALYZE above, so that the one session of
 * PGlite is held a table at a time), outside any transaction (VACUUM cannot run in one, so no
 * transaction-scoped lock either): `skip_locked` leaves a table another process is vacuuming to it.
 * VACUUM takes no lock that a read or a write waits for. Their statistics are left to the ANALYZE after.
 */
async function vacuumTables(db: Db, tables: string[]): Promise<void> {
  for (const table of tables) await db.execute(sql.raw(`vacuum (skip_locked) ${identifiers([table])}`));
}

/**
 * The server's look every minute (decision 081, and 095 for the vacuum): the tables past autovacuum's
 * vacuum thresholds vacuumed, then they and every table whose statistics are stale analyzed, a table at
 * a time. PGlite has no autovacuum and a PostgreSQL may run without it: unvacuumed, a table keeps its
 * dead rows, and its pages are never marked all-visible, so no read of it is answered from an index
 * alone (a class's places were counted from each registration's row). Answers the tables analyzed.
 */
export async function refreshStaleStatistics(db: Db): Promise<string[]> {
  const worn = await wornTables(db);
  await vacuumTables(db, worn);
  const stale = await staleTables(db);
  return analyzeUnderLock(db, [...new Set([...worn, ...stale])].sort());
}

/**
 * After a bulk write (a billing day, an import), the tables it grew past the threshold analyzed at once,
 * before the next reader plans against them. `written`: rows written per table name.
 */
export async function freshenAfterBulkWrite(db: Db, written: Record<string, number>): Promise<string[]> {
  return analyzeUnderLock(db, await grownTables(db, written));
}
