import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each test file builds its own app on a fresh database; files run in parallel workers.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The databases every file starts from, made once per run (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // A worker runs its files one after another in one module graph: the server's code is imported
    // once per worker, not once per file (a third of the suite's time on PostgreSQL). Each file still
    // builds its own app on its own database; no test may lean on a module's state.
    isolate: false,
  },
});
