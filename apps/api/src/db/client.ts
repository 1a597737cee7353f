import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ChangeFeed, hearPglite, hearPostgres, listenOnConnection } from './changes';
import { lockDataDir } from './data-dir-lock';
import { oneQueryAtATime } from './in-turn';
import { makeDataDirWhole } from './pglite-init';
import { type PgliteSettings, pgliteOptions } from './pglite-options';
import { keepDrizzleParsers } from './pglite-parsers';
import { PgliteThread } from './pglite-remote';
import { preparePglite, preparePool } from './prepared';

/** The database as every query sees it; a transaction is one too, so queries run inside either. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  /** What the server hears of the writes that can change a session, for its session cache (decision 024). */
  changes: ChangeFeed;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball. */
  dump?: () => Promise<Blob | File>;
  /**
   * PGlite on its thread only (decision 119): settles when that thread ends other than by `close`.
   * Every later statement fails; `stopWhenDatabaseLost` ends the process.
   */
  lost?: Promise<Error>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PGlite in `dataDir`, or in memory when `dataDir` is null. `from` starts it from a dump of another
 * PGlite (tests start every database from one migrated template, which is much faster than migrating).
 * `where` it runs: on a thread of its own (decision 119: the server's, on disk), or on the caller's
 * (a test's database in memory, where a thread's start would cost more than it saves). `settings`:
 * PostgreSQL's, beyond PGlite's own (db/pglite-options.ts).
 */
export async function openPglite(
  dataDir: string | null,
  from?: Blob | File,
  where: 'thread' | 'here' = dataDir ? 'thread' : 'here',
  settings: PgliteSettings = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  // One process per directory (data-dir-lock.ts); a database in memory is this process's alone.
  const lock = dataDir ? lockDataDir(dataDir) : null;
  let client: PGlite | PgliteThread | null = null;
  try {
    if (dataDir) await makeDataDirWhole(dataDir);
    client =
      where === 'thread'
        ? await onThread(dataDir, from, settings)
        : await pgliteClient(dataDir, from, settings);
    const opened = client;
    const over = await overPglite(opened);
    return {
      ...over,
      kind: 'pglite',
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
      dump: () => opened.dumpDataDir('none'),
      ...(opened instanceof PgliteThread ? { lost: opened.lost } : {}),
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/**
 * Drizzle and the change feed over an open PGlite, here or on its thread (or a test's loan of a database
 * kept between files, test/kept-pglite.ts).
 */
export async function overPglite(client: PGlite | PgliteThread) {
  // Drizzle's PGlite driver makes of its client only the calls PgliteThread answers as PGlite does.
  const db = drizzlePglite(client as PGlite, { casing: 'snake_case' });
  const changes = new ChangeFeed();
  await hearPglite(client, changes);
  return {
    db: db as unknown as Db,
    changes,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}

/**
 * PGlite on the caller's thread, its repeated statements prepared (db/prepared.ts), Drizzle's parsers
 * kept as its own (db/pglite-parsers.ts).
 */
export async function pgliteClient(
  dataDir: string | null,
  from: Blob | File | undefined,
  settings: PgliteSettings,
): Promise<PGlite> {
  const client = new PGlite(pgliteOptions(dataDir, from, settings));
  await client.waitReady;
  keepDrizzleParsers(client);
  preparePglite(client);
  return client;
}

async function onThread(
  dataDir: string | null,
  from: Blob | File | undefined,
  settings: PgliteSettings,
): Promise<PgliteThread> {
  const client = new PgliteThread({
    dataDir,
    from: from && !dataDir ? await from.arrayBuffer() : null,
    settings,
  });
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

/**
 * A process whose embedded database's thread ended stops: it could only answer errors, where a supervisor
 * (systemd, a container's restart policy, `npm start` run again) starts it afresh on its data, which
 * PostgreSQL's recovery brings back to its last commit, as after a kill (payments-kill.test.ts). PostgreSQL's
 * pool opens a new connection for the next query instead, so it has nothing to lose.
 */
export function stopWhenDatabaseLost(
  database: Pick<Database, 'lost'>,
  report: (error: Error) => void,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  void database.lost?.then((error) => {
    report(error);
    exit(1);
  });
}

/** The migrations' advisory lock: processes starting at once on one database apply them one at a time. */
const MIGRATIONS_LOCK = 0x6d16;

/**
 * Several server processes (and `npm run jobs`) start on one database at once (docs/scaling.md, "Running several
 * processes"): each takes the lock on a connection of its own while it migrates, so the second waits
 * and then finds every migration applied, where both would otherwise apply the same ones (and fail).
 */
async function migrateOnePgAtATime(url: string, migrate: () => Promise<void>): Promise<void> {
  // A connection of its own, not the pool's: a pool of one would wait on itself.
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await migrate();
  } finally {
    // Closing the connection releases its lock, whatever happened.
    await holder.end();
  }
}

/** PostgreSQL through a pool of at most `max` connections (the server's: `DATABASE_POOL_SIZE`, decision 122). */
export async function openPostgres(url: string, max: number): Promise<Database> {
  const changes = new ChangeFeed();
  // Each pooled connection listens before its first use (db/changes.ts).
  const pool = new pg.Pool({ connectionString: url, max, onConnect: (c) => listenOnConnection(c, changes) });
  // An idle connection the server closes (a restart, a failover, an administrator) emits an error on
  // the pool; without a listener that would end the process. The pool drops that client and the next
  // query opens a new one.
  preparePool(pool);
  oneQueryAtATime(pool);
  pool.on('error', (err) => {
    console.warn(`PostgreSQL closed an idle connection: ${err.message}`);
  });
  const hearing = await hearPostgres(url, changes);
  // Fail at start, not at the first request, when the server is unreachable.
  const conn = await pool.connect().catch(async (error) => {
    await hearing.close();
    throw error;
  });
  conn.release();
  const db = drizzlePg(pool, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    changes,
    migrate: () => migrateOnePgAtATime(url, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: async () => {
      await hearing.close();
      await pool.end();
    },
  };
}

export function openDatabase(opts: {
  databaseUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.databasePoolSize)
    : openPglite(`${opts.dataDir}/pglite`);
}
