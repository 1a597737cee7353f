import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files that test the embedded database itself (its data directory's first start, its lock, the databases
 * a worker keeps between files, PGlite on a thread of its own): they open PGlite whatever
 * TEST_DATABASE_URL says, so the run on PostgreSQL (`npm run test:api:postgres`, after the PGlite run of
 * `npm run test:unit`) would only run them a second time, unchanged: 40 s of that run at load 6
 * (decision 090), and 10.7 s for PGlite on its thread (decision 131). Drizzle's parsers kept by PGlite
 * are PGlite's alone (decision 136).
 */
const PGLITE_ONLY = [
  'src/db/pglite-init.test.ts',
  'src/db/data-dir-lock.test.ts',
  'test/kept-pglite.test.ts',
  'src/db/pglite-remote.test.ts',
  'src/db/pglite-parsers.test.ts',
];

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL
      ? [...configDefaults.exclude, ...PGLITE_ONLY]
      : configDefaults.exclude,
    // Each test file builds its own app on a fresh database; files run in parallel workers. A limit here
    // only catches a test that hangs: the project's CI ran the PGlite pass five times slower than a quiet
    // machine (2,519 s against 483, stop 54), which takes a 7-s property test (ledger-model's) past 30 s.
    // Speed is the benchmark's to say.
    testTimeout: 120_000,
    // A file's setup may seed a studio of 500 families: query-discipline's takes 9 s alone here, and went
    // past 60 s on a slow day's fresh-clone run beside the journeys (stop 53). A hook that hangs still
    // fails, three minutes later.
    hookTimeout: 180_000,
    // The databases every file starts from, made once per run (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // No statement waits for another on one connection: a transaction's reads in turn (decision 118).
    setupFiles: ['test/setup-in-turn.ts'],
    // A worker runs its files one after another in one module graph: the server's code is imported
    // once per worker, not once per file (a third of the suite's time on PostgreSQL). Each file still
    // builds its own app on its own database; no test may lean on a module's state.
    isolate: false,
  },
});
