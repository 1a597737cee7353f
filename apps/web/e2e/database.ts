import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Where a journey's server keeps its data (decision 137). With `TEST_DATABASE_URL` (CI, where `.ci/run`
 * finds PostgreSQL answering), a database of its own on that server: the journeys' servers then do their
 * SQL natively instead of in PGlite's WebAssembly, and their CPU about halves. Without it, the embedded
 * database in a fresh directory, as `npm start` runs. Both are the product's own ways to run; the API suite
 * runs on both whatever the journeys use.
 *
 * The databases are named `pirouette_test_e2e_<port>_<what>`, by the port of the checkout's journeys
 * (`E2E_PORT`, which lets two checkouts run theirs side by side): made afresh when a run starts, and a
 * journey's own dropped when it ends. The server's is left when the run ends (dropped under it, the server
 * would log the errors of its last jobs into the run's output), until the next run makes it again or the
 * API suite's global setup drops it, six hours old.
 */

const serverUrl = process.env.TEST_DATABASE_URL || null;

/** The name of one of the checkout's databases on the PostgreSQL server. */
function journeyDatabaseName(what: string): string {
  return `pirouette_test_e2e_${Number(process.env.E2E_PORT ?? 3100)}_${what}`;
}

/** `name` on the PostgreSQL server of `TEST_DATABASE_URL`. */
function urlOf(name: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's own database. */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl ?? '' });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type JourneyDatabase = {
  /** What the server and the jobs command are started with: `DATABASE_URL`, or `DATA_DIR`. */
  env: Record<string, string>;
  /** Drops the database, or removes the directory. */
  remove(): Promise<void>;
};

/**
 * An empty database for a server of a journey's own: on the PostgreSQL server when there is one, else a
 * fresh directory for the embedded database (the lock file PGlite's opener writes beside it lands in it too).
 */
export async function freshDatabase(what: string): Promise<JourneyDatabase> {
  if (serverUrl) {
    const name = journeyDatabaseName(what);
    await onServer(`drop database if exists ${name} with (force)`);
    await onServer(`create database ${name}`);
    return {
      env: { DATABASE_URL: urlOf(name) },
      remove: async () => {
        await onServer(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const parent = mkdtempSync(join(tmpdir(), 'pirouette-e2e-own-'));
  return {
    env: { DATA_DIR: join(parent, 'data') },
    remove: async () => rmSync(parent, { recursive: true, force: true }),
  };
}
