import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, MIGRATIONS_FOLDER, openPglite, openPostgres } from '../src/db/client';
import type { PgliteSettings } from '../src/db/pglite-options';
import type { Clock } from '../src/lib/clock';
import { type Payments, paymentsFor } from '../src/modules/payments/providers';
import { keepingDatabases, keptPglite } from './kept-pglite';

/** Card limits no test reaches but those that test them (issue 31 item 3). */
export const ROOMY_CARD_LIMITS = {
  declines: { limit: 10_000, windowSeconds: 3600, bucketSeconds: 3600 },
  cards: { limit: 10_000, windowSeconds: 3600, bucketSeconds: 3600 },
  studio: { limit: 10_000, windowSeconds: 3600, bucketSeconds: 3600 },
};

/** A clock a test can move. */
export function testClock(start = new Date('2026-11-21T15:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  } satisfies Clock & Record<string, unknown>;
}

/**
 * What the API project's global setup (test/global-setup.ts) made for this run's files to start from: on
 * PGlite, dump files kept on disk; on PostgreSQL, template databases on the server, and the seed of the
 * two studios in one of them. Null when the tests run without that setup: each worker then finds or
 * makes the dumps itself, and on PostgreSQL each file migrates its own database.
 */
export type TestBases =
  | { kind: 'pglite'; migrated: string; studios: string }
  | { kind: 'postgres'; run: string; migrated: string; studios: string; seed: unknown };

declare module 'vitest' {
  export interface ProvidedContext {
    testBases: TestBases | null;
    /** The folder of the server's bundles the tests start as processes (server-build.ts). */
    serverBuild: string;
  }
}

export function testBases(): TestBases | null {
  try {
    return inject('testBases') ?? null;
  } catch {
    // outside a test worker (the global setup itself): nothing made yet
    return null;
  }
}

/**
 * A digest of files and folders (each file under a folder by its name and content, test files left out:
 * they make no template), in the order given.
 */
export function digestOf(paths: string[]): string {
  const digest = createHash('sha256');
  for (const root of paths) {
    if (!statSync(root).isDirectory()) {
      digest.update(readFileSync(root));
      continue;
    }
    for (const name of readdirSync(root, { recursive: true }).map(String).sort()) {
      const path = join(root, name);
      if (name.endsWith('.test.ts') || name.split(sep).includes('node_modules')) continue;
      if (statSync(path).isFile()) {
        digest.update(name).update(readFileSync(path));
      }
    }
  }
  return digest.digest('hex').slice(0, 16);
}

/** PGlite's own manifest (its exports do not name it): the folder above its built files. */
export function pgliteManifest(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return join(entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`)), 'package.json');
}

/** Writes a file whole, then renames it into place: a worker never reads half of one. */
export function writeWhole(file: string, content: Buffer | string): void {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/**
 * What a test's embedded database starts with: 32 MB of shared buffers where the server keeps
 * PostgreSQL's 128. A test's database holds a few megabytes (the largest, query-discipline's studio of 500
 * families, fits many times over); setting up 128 MB of buffers was about a fifth of the CPU of each of
 * the several hundred opens a run makes.
 */
export const TEST_PGLITE: PgliteSettings = { shared_buffers: '32MB' };

/** An embedded test database in memory: from `from`'s dump, or empty; here or on its own thread. */
export function testPglite(from?: Blob | File, where: 'here' | 'thread' = 'here'): Promise<Database> {
  return openPglite(null, from, where, TEST_PGLITE);
}

/**
 * The dump of a database made for the tests to start from, made small: what every test file's database
 * unpacks when it opens, so every megabyte and file left out is left out several hundred times a run.
 * The databases a test never uses go (template0 and template1: a test database is never a template, nor
 * copied), and the write-ahead log keeps one segment of 16 MB where migrating left two or more (a
 * checkpoint on a new segment, the old ones removed rather than kept for reuse). What the tests' database,
 * `postgres`, holds is unchanged. 33 MB and 1,083 files against 48 MB and 1,692: half the CPU of an open,
 * with the smaller buffers above (decision 123).
 */
export async function smallDump(database: Database): Promise<Buffer> {
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  const templates = (await run(
    `select datname as name from pg_database where datname in ('template0', 'template1')`,
  )) as unknown as { rows: { name: string }[] };
  for (const { name } of templates.rows) {
    await run(`alter database ${name} is_template false`);
    await run(`drop database ${name}`);
  }
  await run('set wal_recycle = off');
  await run('select pg_switch_wal()');
  await run('checkpoint');
  const dump = await database.dump!();
  return Buffer.from(await dump.arrayBuffer());
}

let templateFile: Promise<string> | null = null;

/**
 * One migrated PGlite, dumped once for all test files; every test's database starts from the dump.
 * Kept on disk between runs, named by the migrations and PGlite's version, so a new migration or a new
 * PGlite makes a new one: starting PGlite from nothing and migrating costs about five seconds.
 */
export function migratedTemplateFile(): Promise<string> {
  templateFile ??= (async () => {
    const bases = testBases();
    if (bases?.kind === 'pglite') return bases.migrated;
    // "small": made by smallDump (a name of its own, so a dump made before it is not taken for one).
    const file = join(
      tmpdir(),
      `pirouette-test-template-small-${digestOf([pgliteManifest(), MIGRATIONS_FOLDER])}.tar`,
    );
    if (existsSync(file)) return file;
    const db = await testPglite();
    await db.migrate();
    const dump = await smallDump(db);
    await db.close();
    writeWhole(file, dump);
    return file;
  })();
  return templateFile;
}

/**
 * A dump as PGlite reads it (it asks a Blob for its whole `arrayBuffer()`), its bytes read from disk once
 * per worker and handed over as one copy. A Blob made of the file's bytes costs a fifth more CPU per
 * database than this (decision 048): Node's Blob streams its 45 MB out in chunks and joins them.
 */
class HeldDump extends Blob {
  readonly #held: ArrayBuffer;
  /** The file it was read from: the databases a worker keeps between files are kept by it. */
  readonly file: string;
  constructor(held: ArrayBuffer, file: string) {
    super([], { type: 'application/x-tar' });
    this.#held = held;
    this.file = file;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy each time: no database ever shares its first bytes with another.
    return Promise.resolve(this.#held.slice(0));
  }
}

const heldDumps = new Map<string, ArrayBuffer>();

/** The dump in `file` (named by its content: a changed dump is a new file), read once per worker. */
export function dumpFile(file: string): Blob {
  let bytes = heldDumps.get(file);
  if (!bytes) {
    const read = readFileSync(file);
    bytes = read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength) as ArrayBuffer;
    heldDumps.set(file, bytes);
  }
  return new HeldDump(bytes, file);
}

export async function migratedTemplate(): Promise<Blob> {
  return dumpFile(await migratedTemplateFile());
}

/**
 * A new DATA_DIR whose embedded database (`pglite` in it, as the server opens it) is the tests' migrated
 * dump, for a file that starts the product's processes on a directory of its own without testing a
 * directory's first start (db/pglite-init.test.ts tests that, and the journeys' server starts on a new
 * one): made in under a second, where a first start makes it in 6–10 s (initdb and every migration).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const client = new PGlite(join(root, 'pglite'), { loadDataDir: await migratedTemplate() });
  await client.waitReady;
  await client.close();
  return root;
}

/** Runs one statement on the server of TEST_DATABASE_URL, on a connection of its own. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The URL the tests' own connections to a test database use: its commits do not wait for the server's
 * disk (`synchronous_commit=off`, for these connections only). What a test reads and writes is the same;
 * only a crash of the PostgreSQL server itself could lose a commit it was told of, and no test crashes
 * it. A commit waited about 6 ms for the disk on this machine, and the API suite makes thousands
 * (decision 048). Processes a test starts (the server, the jobs command) get the plain URL.
 */
export function testConnectionUrl(url: string): string {
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', '-c synchronous_commit=off');
  return withOptions.toString();
}

/**
 * A copy of a template database. PostgreSQL copies only a template nobody is connected to; the
 * connections that made it may take a moment to end (the server itself waits five seconds), so a copy
 * refused for that is tried again.
 */
async function copyOf(serverUrl: string, name: string, templateName: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await onServer(serverUrl, `create database ${name} template ${templateName}`);
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * A fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (created here, dropped at close). `from` names what it starts as: a PGlite dump,
 * or a template database on the server; without it, the migrated schema and no rows.
 * `PGLITE_ON_THREAD=1` runs each PGlite on a thread of its own, as the server's (decision 119).
 */
export async function freshDatabase(from: { dump?: Blob | File; template?: string } = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const where = process.env.PGLITE_ON_THREAD === '1' ? 'thread' : 'here';
  if (!serverUrl) {
    const dump = from.dump ?? (await migratedTemplate());
    // A dump read from its file: a database kept from an earlier file, brought back to it (decision 130).
    if (dump instanceof HeldDump && where === 'here' && keepingDatabases()) {
      return keptPglite(dump.file, dump, TEST_PGLITE);
    }
    return testPglite(dump, where);
  }
  const bases = testBases();
  const run = bases?.kind === 'postgres' ? bases.run : null;
  const name = `${testDatabasePrefix(run)}${randomBytes(6).toString('hex')}`;
  const templateName = from.template ?? (bases?.kind === 'postgres' ? bases.migrated : undefined);
  if (templateName) await copyOf(serverUrl, name, templateName);
  else await onServer(serverUrl, `create database ${name}`);
  const db = await openPostgres(testConnectionUrl(databaseUrl(serverUrl, name)), 4);
  if (!templateName) await db.migrate();
  return {
    ...db,
    async close() {
      await db.close();
      // Within a run, its databases are dropped together when it ends (dropRunDatabases).
      if (!run) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The name a test database on PostgreSQL starts with: the run's, when the global setup made one.
 *
 * A run's databases are not dropped one by one as their files close but all together when the run ends
 * (decision 131). On this machine's file system (ext4 without a journal) a new file skips every inode
 * freed in the last few seconds, or minutes while its block is unwritten, and checks each in turn: with a
 * database of about 1,500 files dropped every second or so, each copy of a template came to spend 0.5 s
 * (0.1–0.2 s on a quiet disk), 43 % of it in that search (`perf`: `recently_deleted`, `find_inode_bit`).
 */
export function testDatabasePrefix(run: string | null): string {
  return run ? `pirouette_test_${run}_` : 'pirouette_test_';
}

/** What emptyDatabase needs of a database's schema: found once per database. */
type EmptyingPlan = { probe: string; sequences: string[] };

async function emptyingPlan(database: Database): Promise<EmptyingPlan> {
  const read = async (query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: { name: string }[] }).rows.map(
      (row) => row.name,
    );
  const tables = await read(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  // Every sequence is owned by its table's identity (mail_outbox, the ledger's and the books' seq).
  const sequences = await read(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public'`,
  );
  const probe = tables.map((table) => `select '${table}' as name where exists (select from ${table})`);
  return { probe: probe.join(' union all '), sequences };
}

/**
 * Empties a database made by freshDatabase back to what it started as: the tables holding rows (found
 * by one statement) emptied and every sequence restarted, in one transaction. The migrated schema holds
 * no rows (only drizzle's own journal, in its own schema, which is left alone), so an emptied database
 * reads and writes as a fresh copy does, for a small part of the cost of opening one (decision 090).
 * Triggers are off for that transaction only: the ledger's and the books' refuse a delete, and the
 * change notices would tell the next test's app of writes it never saw; foreign keys go with them, so
 * the order of the deletes does not matter. A delete, not a truncation: 20–40 ms here against 0.1–0.7 s.
 */
async function emptyDatabase(database: Database, plan: EmptyingPlan): Promise<void> {
  const found = (await database.db.execute(sql.raw(plan.probe))) as unknown as { rows: { name: string }[] };
  const statements = [
    ...found.rows.map((row) => `delete from ${row.name};`),
    ...plan.sequences.map((sequence) => `alter sequence ${sequence} restart;`),
  ];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`do $$ begin ${statements.join(' ')} end $$`));
  });
}

/**
 * For a file whose every test wants an empty database of its own (sign-in, registration: counts of
 * rows, limits kept in tables): one database for the whole file, emptied before each test but the
 * first, instead of one opened per test. Call it at the top of the file; `next()` in a beforeEach
 * answers the database for that test. Closing it (as TestApp.close does) leaves it open for the next
 * test; the file's afterAll closes it.
 */
export function emptiedForEachTest(): { next(): Promise<Database> } {
  let database: Database | null = null;
  let plan: EmptyingPlan | null = null;
  let used = false;
  beforeAll(async () => {
    database = await freshDatabase();
    plan = await emptyingPlan(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    async next() {
      if (!database || !plan) throw new Error('emptiedForEachTest(): its database is opened in beforeAll');
      if (used) await emptyDatabase(database, plan);
      used = true;
      return { ...database, close: async () => {} };
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof testClock>;
  config: Config;
  /** app.inject with JSON parsed: status, body, headers, cookies. */
  call(opts: InjectOptions): Promise<{
    status: number;
    // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope of many shapes
    body: any;
    headers: Record<string, unknown>;
    cookies: { name: string; value: string; expires?: Date }[];
  }>;
  close(): Promise<void>;
};

export type TestAppExtra = {
  logStream?: NodeJS.WritableStream;
  /** The card processor: the sandbox over the test's database unless a test brings its own (a faulty one). */
  payments?: (database: Database, clock: Clock) => Payments;
};

/** A test app on a fresh database with the migrated schema and no rows. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  extra: TestAppExtra = {},
): Promise<TestApp> {
  return appOn(await freshDatabase(), overrides, extra);
}

/**
 * The app of a test on a database it owns (closed with it). Its clock starts at the same instant every
 * time, so sessions saved in a template (test/studios-base.ts) are live in every copy.
 */
export async function appOn(
  database: Database,
  overrides: Partial<Config> = {},
  extra: TestAppExtra = {},
): Promise<TestApp> {
  const clock = testClock();
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', PORT: '3000', CHECK_ANSWERS: '1' }),
    // The clock stands still, so every card of a file would count against one window: the card limits'
    // own tests (card-limits.test.ts) bring the product's.
    cardLimits: ROOMY_CARD_LIMITS,
    ...overrides,
  };
  const { payments, ...rest } = extra;
  const app = await buildApp({
    ...(payments ? payments(database, clock) : paymentsFor({ db: database.db, clock, env: {} })),
    db: database.db,
    dbKind: database.kind,
    changes: database.changes,
    config,
    clock,
    appUrl: 'http://localhost:3000',
    cookieSecret: 'test-cookie-secret-of-at-least-32-characters',
    ...rest,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async call(opts) {
      const res = await app.inject(opts);
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        // not JSON: leave the text
      }
      return { status: res.statusCode, body, headers: res.headers, cookies: res.cookies as never };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
