import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL settings an embedded database starts with, beyond PGlite's own (`-c name=value` each).
 * The server's take none: PostgreSQL's defaults, 128 MB of shared buffers among them. The tests' take
 * fewer buffers (test/build-test-app.ts), where a database of a few megabytes is opened hundreds of times.
 */
export type PgliteSettings = Readonly<Record<string, string>>;

/** What PGlite is started with: on `dataDir`, or in memory from `from`'s dump (or empty), with `settings`. */
export function pgliteOptions(
  dataDir: string | null,
  from: Blob | undefined,
  settings: PgliteSettings,
): PGliteOptions {
  const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return {
    ...(dataDir ? { dataDir } : from ? { loadDataDir: from } : {}),
    ...(extra.length > 0 ? { startParams: [...PGlite.defaultStartParams, ...extra] } : {}),
  };
}
