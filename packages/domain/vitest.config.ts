import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    // The rules are pure functions of their arguments: a worker imports them once and runs its files one
    // after another, where a module graph of its own for each file cost more than the tests themselves.
    isolate: false,
    // A property test runs its rule many times: seconds on a 2-core machine shared with the API's files
    // and the journeys (three had raised Vitest's 5 s to 30 s of their own). A limit here only catches a
    // test that hangs: speed is the benchmark's to say. One limit for every file, none lower of its own.
    testTimeout: 60_000,
  },
});
