import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { MIGRATIONS_FOLDER, openPostgres } from '../src/db/client';
import {
  appOn,
  databaseUrl,
  digestOf,
  dumpFile,
  freshDatabase,
  migratedTemplate,
  onServer,
  pgliteManifest,
  smallDump,
  type TestApp,
  type TestAppExtra,
  type TestBases,
  testBases,
  testConnectionUrl,
  testDatabasePrefix,
  testPglite,
  writeWhole,
} from './build-test-app';
import { type Studios, type StudiosSeed, seedTwoStudios, studiosOf } from './studios';

/**
 * A database that already holds the two studios of test/studios.ts, made once and copied for every test
 * file (issue 14): registering two studios and signing three people in costs seconds of password
 * hashing per file, and on PostgreSQL migrating costs as much again. Each file still starts from a copy
 * of its own, so no file sees another's writes.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Where PGlite's dump of the studios is kept between runs, with its seed beside it: named by everything
 * that makes it (the migrations, PGlite, the server's and the domain's code, the test helpers that
 * register the studios), so a change to any of them makes a new one.
 */
function studiosFile(): string {
  const key = digestOf([
    pgliteManifest(),
    MIGRATIONS_FOLDER,
    join(ROOT, 'apps/api/src'),
    join(ROOT, 'packages/domain/src'),
    ...['build-test-app.ts', 'studios-base.ts', 'studios.ts', 'flows.ts', 'factories.ts', 'merchants.ts'].map(
      (f) => join(ROOT, 'apps/api/test', f),
    ),
  ]);
  return join(tmpdir(), `pirouette-test-studios-${key}.tar`);
}

let pgliteStudios: Promise<string> | null = null;

/**
 * Removes the dumps of the studios no run has used for an hour: every change to the code makes a new one
 * of about 40 MB. An hour rather than at once, since another run may still be reading one (a run marks
 * its dump when it starts, and lasts minutes).
 */
function pruneStudiosFiles(): void {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('pirouette-test-studios-') || !name.endsWith('.tar')) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < hourAgo) {
        rmSync(path, { force: true });
        rmSync(`${path}.json`, { force: true });
      }
    } catch {
      // another run removed it first
    }
  }
}

/**
 * The PGlite dump of the two studios, as a file with its seed beside it: the global setup's, or found on
 * disk, or made once and written there for later files and runs.
 */
export function pgliteStudiosFile(): Promise<string> {
  pgliteStudios ??= (async () => {
    const bases = testBases();
    if (bases?.kind === 'pglite') return bases.studios;
    const file = studiosFile();
    if (existsSync(file)) {
      // Marked as used, so that pruning (below) leaves it alone.
      const now = new Date();
      utimesSync(file, now, now);
      return file;
    }
    pruneStudiosFiles();
    const database = await testPglite(await migratedTemplate());
    const t = await appOn(database);
    const seed = await seedTwoStudios(t);
    await t.app.close();
    const dump = await smallDump(database);
    await database.close();
    // The seed first: the dump's presence says both are there.
    writeWhole(`${file}.json`, JSON.stringify(seed));
    writeWhole(file, dump);
    return file;
  })();
  return pgliteStudios;
}

/**
 * This run's two template databases on the PostgreSQL server (the global setup makes them before the
 * first file and drops them after the last): the migrated schema, and a copy of it holding the studios.
 */
export async function makePostgresTemplates(serverUrl: string): Promise<TestBases & { kind: 'postgres' }> {
  const run = randomBytes(4).toString('hex');
  const made = {
    kind: 'postgres' as const,
    run,
    migrated: `pirouette_base_${run}_migrated`,
    studios: `pirouette_base_${run}_studios`,
  };
  try {
    await onServer(serverUrl, `create database ${made.migrated}`);
    const migrated = await openPostgres(testConnectionUrl(databaseUrl(serverUrl, made.migrated)), 1);
    await migrated.migrate();
    await migrated.close();
    await onServer(serverUrl, `create database ${made.studios} template ${made.migrated}`);
    // Every connection to it ends before the first copy: a template is copied only while unused.
    const t = await appOn(await openPostgres(testConnectionUrl(databaseUrl(serverUrl, made.studios)), 4));
    try {
      return { ...made, seed: await seedTwoStudios(t) };
    } finally {
      await t.close();
    }
  } catch (error) {
    // A setup that fails has no teardown: what it made is dropped here.
    await dropRunDatabases(serverUrl, made);
    throw error;
  }
}

/** Databases dropped two at a time (a drop is the file system's work: two cores, two at once). */
async function dropAll(serverUrl: string, names: string[]): Promise<void> {
  const left = [...names];
  const dropNext = async () => {
    for (let name = left.pop(); name; name = left.pop())
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
  await Promise.all([dropNext(), dropNext()]);
}

/** The names of the server's databases that `query` (one column, `name`) finds. */
async function databaseNames(serverUrl: string, query: string, params: unknown[]): Promise<string[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query<{ name: string }>(query, params)).rows.map((row) => row.name);
  } finally {
    await admin.end();
  }
}

/**
 * What a run made on the server goes when it ends: its test databases (left by their files, decision 131),
 * then its templates.
 */
export async function dropRunDatabases(
  serverUrl: string,
  bases: { run: string; migrated: string; studios: string },
): Promise<void> {
  const copies = await databaseNames(
    serverUrl,
    'select datname as name from pg_database where starts_with(datname, $1)',
    [testDatabasePrefix(bases.run)],
  );
  await dropAll(serverUrl, copies);
  await dropAll(serverUrl, [bases.studios, bases.migrated]);
}

/**
 * What runs stopped before their teardown left (a run interrupted keeps its copies until it ends,
 * decision 131): test databases and templates made more than six hours ago, when no run is still using
 * them. Their age is their directory's PG_VERSION file's, which only a superuser (or a role allowed to
 * read the server's files) may ask for; another role leaves them, as does a database outside the default
 * tablespace (no such file: an age unknown).
 */
export async function dropAbandonedDatabases(serverUrl: string): Promise<void> {
  let abandoned: string[];
  try {
    abandoned = await databaseNames(
      serverUrl,
      `select datname as name from pg_database d
        where (starts_with(datname, 'pirouette_test_') or starts_with(datname, 'pirouette_base_'))
          and (pg_stat_file('base/' || d.oid || '/PG_VERSION', true)).modification < now() - interval '6 hours'`,
      [],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '42501') return;
    throw error;
  }
  await dropAll(serverUrl, abandoned);
}

/**
 * A test app on a fresh copy of the two studios' database, and the studios' callers on it. Without the
 * global setup's templates (PostgreSQL run outside it), the studios are made through the API as before.
 */
export async function buildStudiosApp(
  overrides: Partial<Config> = {},
  extra: TestAppExtra = {},
): Promise<{ t: TestApp; s: Studios }> {
  if (!process.env.TEST_DATABASE_URL) {
    const file = await pgliteStudiosFile();
    const seed = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as StudiosSeed;
    const t = await appOn(await freshDatabase({ dump: dumpFile(file) }), overrides, extra);
    return { t, s: studiosOf(t, seed) };
  }
  const bases = testBases();
  const made = bases?.kind === 'postgres' ? bases : null;
  const t = await appOn(await freshDatabase({ template: made?.studios }), overrides, extra);
  const seed = (made?.seed as StudiosSeed | undefined) ?? (await seedTwoStudios(t));
  return { t, s: studiosOf(t, seed) };
}

/**
 * A stand-in for a value a beforeAll makes: every property read goes to the value once it is there.
 * Lets a test file write `const { t, s } = useTwoStudios()` at its top, as it wrote `let t; let s;`.
 */
function later<T extends object>(what: string): { value: T; set(value: T): void } {
  let held: T | undefined;
  const target = (): T => {
    if (held === undefined) throw new Error(`${what} is made in beforeAll: read it in a test or hook`);
    return held;
  };
  const value = new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // The stand-in's own target is empty: a property it reports must be configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return {
    value,
    set(next) {
      held = next;
    },
  };
}

/**
 * The setup most API test files share: before the file's tests, an app on its own copy of the two
 * studios' database (studios A and B, their owners and a parent of A signed in); after them, both closed.
 * A file's own beforeAll, declared after this call, runs after it.
 */
export function useTwoStudios(overrides: Partial<Config> = {}, extra: TestAppExtra = {}) {
  const t = later<TestApp>('t');
  const s = later<Studios>('s');
  let app: TestApp | undefined;
  beforeAll(async () => {
    const built = await buildStudiosApp(overrides, extra);
    app = built.t;
    t.set(built.t);
    s.set(built.s);
  });
  afterAll(async () => {
    await app?.close();
  });
  return { t: t.value, s: s.value };
}
