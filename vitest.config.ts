import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // Vitest leaves a core free by default; on a 2-core machine that runs every file one after the
    // other. The API files mostly wait on their own embedded database, so two workers on two cores
    // finish the suite in about three quarters of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
