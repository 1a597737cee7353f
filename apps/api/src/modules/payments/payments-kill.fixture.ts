import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { databaseUrl, onServer, testBases } from '../../../test/build-test-app';
import type { FakeFinix } from '../../../test/finix/fake-finix';
import { type ServerEntry, serverScript } from '../../../test/server-build';
import type { StudiosSeed } from '../../../test/studios';
import { pgliteStudiosFile } from '../../../test/studios-base';
import { type Database, type Db, openPglite, openPostgres } from '../../db/client';

/**
 * What the kill test (payments-kill.test.ts) runs the real server with: a database of its own on disk
 * or on the PostgreSQL server, the server started as a process (`src/main.ts`, its code bundled once per
 * run: test/server-build.ts) in a process group of its own so that a kill takes all of it, killed with
 * SIGKILL, and the jobs command (`src/jobs/cli.ts`, what `npm run jobs` runs) on the same database.
 */

const API = fileURLToPath(new URL('../../..', import.meta.url));

/** The database the processes share: PGlite in a directory (one process at a time), or PostgreSQL. */
export type KillDatabase = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR or DATABASE_URL, as the server and the jobs command read them. */
  env: Record<string, string>;
  /** The studio the test's families belong to, and its owner's sign-in. */
  companyId: string;
  owner: { email: string; password: string };
  /** Opens it in this process: on PGlite only while no server or command holds it. */
  open(): Promise<Database>;
  remove(): Promise<void>;
};

/**
 * A fresh database holding the two test studios (the copy every API test file starts from, see
 * test/studios-base.ts), and `prepare` run on it before any process opens it.
 */
export async function killDatabase(
  prepare: (db: Db, seed: StudiosSeed) => Promise<void>,
): Promise<KillDatabase> {
  const owner = { email: 'owner@studio-a.example', password: 'Studio123' };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const file = await pgliteStudiosFile();
    const seed = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as StudiosSeed;
    const parent = mkdtempSync(join(tmpdir(), 'pirouette-kill-'));
    // The server opens DATA_DIR/pglite (db/client.ts, openDatabase).
    const client = new PGlite(join(parent, 'pglite'), { loadDataDir: new Blob([readFileSync(file)]) });
    await client.waitReady;
    try {
      await prepare(drizzle(client, { casing: 'snake_case' }) as unknown as Db, seed);
    } finally {
      await client.close();
    }
    return {
      kind: 'pglite',
      env: { DATA_DIR: parent },
      companyId: seed.companyA,
      owner,
      open: () => openPglite(join(parent, 'pglite')),
      remove: async () => rmSync(parent, { recursive: true, force: true }),
    };
  }
  const bases = testBases();
  if (bases?.kind !== 'postgres')
    throw new Error('The kill test on PostgreSQL needs the global setup’s templates.');
  const seed = bases.seed as StudiosSeed;
  const name = `pirouette_test_kill_${randomBytes(6).toString('hex')}`;
  // A template is copied only while nobody is connected to it: the connections that made it may take a
  // moment to end.
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, `create database ${name} template ${bases.studios}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  const url = databaseUrl(serverUrl, name);
  const database = await openPostgres(url, 2);
  try {
    await prepare(database.db, seed);
  } finally {
    await database.close();
  }
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url },
    companyId: seed.companyA,
    owner,
    open: () => openPostgres(url, 2),
    remove: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The server's environment for Finix: the real client over HTTP, pointed at the fake. */
export const finixEnv = (fake: FakeFinix): Record<string, string> => ({
  FINIX_API_URL: fake.url,
  FINIX_USERNAME: fake.username,
  FINIX_PASSWORD: fake.password,
  FINIX_MERCHANT_ID: fake.merchantId,
  FINIX_APPLICATION_ID: fake.applicationId,
  FINIX_ENVIRONMENT: 'sandbox',
});

/** A port free now on 127.0.0.1, for the server (the same one after each restart). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Processes started here and still running, so that a failed test leaves none behind. */
const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

process.once('exit', () => {
  for (const child of live) killGroup(child);
});

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * One of the product's commands as a process (its code bundled, test/server-build.ts) in apps/api, in a
 * process group of its own, its output kept.
 */
function startNode(script: ServerEntry, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [serverScript(script), ...args], {
    cwd: API,
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    // The last 20 kB is enough to say why it failed.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

export type ServerProcess = {
  url: string;
  pid: number;
  /** SIGKILL to its whole process group; resolves once it has exited (and its lock is dead). */
  kill(): Promise<void>;
  output(): string;
};

/** Starts the server and waits until `/api/health` answers. */
export async function startServer(opts: {
  port: number;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  const { child, output } = startNode('src/main.ts', [], {
    ...opts.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    APP_URL: url,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server ended before it answered (${child.exitCode}):\n${output()}`);
    }
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`The server did not answer within 60 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    async kill() {
      killGroup(child);
      await exited(child);
    },
    output,
  };
}

/** The jobs command, `--until <day>`, on the database; throws with its output unless it ends well. */
export async function runJobs(opts: { until: string; env: Record<string, string> }): Promise<string> {
  const { child, output } = startNode('src/jobs/cli.ts', ['--until', opts.until], opts.env);
  const timer = setTimeout(() => killGroup(child), 60_000);
  await exited(child);
  clearTimeout(timer);
  // Whatever it started (tsx's esbuild service) goes with it.
  killGroup(child);
  if (child.exitCode !== 0) throw new Error(`npm run jobs -- --until ${opts.until} failed:\n${output()}`);
  return output();
}

/** Kills what is still running (a test that failed half-way). */
export async function killAll(): Promise<void> {
  const children = [...live];
  for (const child of children) killGroup(child);
  await Promise.all(children.map(exited));
}

/** The API as a browser calls it: the envelope's status and body, the session's token in its header. */
export async function call(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the envelope of many shapes
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(opts.token ? { 'x-access-token': opts.token } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text) };
}
