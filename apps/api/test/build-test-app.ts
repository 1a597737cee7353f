import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, MIGRATIONS_FOLDER, openPglite, openPostgres } from '../src/db/client';
import type { Clock } from '../src/lib/clock';

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
 * A fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (created here, dropped at close).
 */
let template: Promise<Blob | File> | null = null;

/**
 * Where the migrated template is kept between test files: named by the migrations and PGlite's version,
 * so a new migration or a new PGlite makes a new one. Starting PGlite from nothing and migrating costs
 * about five seconds; each test file's worker would otherwise pay it again.
 */
function templateFile(): string {
  const digest = createHash('sha256');
  // The package's own manifest (its exports do not name it): the folder above its built files.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  digest.update(readFileSync(join(entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`)), 'package.json')));
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, name);
    if (statSync(path).isFile()) digest.update(name).update(readFileSync(path));
  }
  return join(tmpdir(), `pirouette-test-template-${digest.digest('hex').slice(0, 16)}.tar`);
}

/** One migrated PGlite, dumped once for all test files; every test's database starts from the dump. */
function migratedTemplate(): Promise<Blob | File> {
  template ??= (async () => {
    const file = templateFile();
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openPglite(null);
    await db.migrate();
    const dump = await db.dump!();
    await db.close();
    // Written whole, then renamed into place: a worker never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPglite(null, await migratedTemplate());
  const name = `pirouette_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 4);
  await db.migrate();
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
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

export async function buildTestApp(
  overrides: Partial<Config> = {},
  extra: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const clock = testClock();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', PORT: '3000' }), ...overrides };
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    changes: database.changes,
    config,
    clock,
    appUrl: 'http://localhost:3000',
    cookieSecret: 'test-cookie-secret-of-at-least-32-characters',
    ...extra,
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
