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
  },
});
