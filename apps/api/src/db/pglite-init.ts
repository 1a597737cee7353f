import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * A fresh embedded database is made aside and moved into place whole (decision 041). PGlite makes a
 * new directory where it is asked to: initdb writes PG_VERSION first and the `postgres` database
 * (base/5) last, and PGlite takes a directory with a PG_VERSION for a made one. A first start stopped
 * in between (Ctrl-C, a harness's time limit: initdb took over a minute on a loaded machine) left a
 * directory that every later start failed to open, with `could not open file "base/5/…"`. Made in
 * `<dir>.new` and renamed once PGlite has started on it and closed, the directory is whole or absent.
 * Runs under the directory's lock (data-dir-lock.ts), which also covers `<dir>.new`.
 */
export async function makeDataDirWhole(dataDir: string): Promise<void> {
  if (existsSync(`${dataDir}/PG_VERSION`)) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not an embedded database (it has files but no PG_VERSION): move it away, or give the server another DATA_DIR.`,
    );
  }
  const aside = `${dataDir}.new`;
  // What an interrupted first start left: never a database anyone used.
  rmSync(aside, { recursive: true, force: true });
  const client = new PGlite(aside);
  await client.waitReady;
  await client.close();
  // rename(2) replaces an empty directory (one made by hand, or by an earlier version of this code).
  renameSync(aside, dataDir);
}
