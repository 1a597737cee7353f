import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A page test types and clicks its way through a whole form in jsdom; on a 2-core machine that
    // shares its cores with the API's test files and the journeys (which Vitest yields to, decision
    // 096), a slow day made ten of them pass 15–30 s. A time limit here only catches a test that hangs:
    // speed is measured by the benchmark. One limit for every file, none lower of its own.
    testTimeout: 90_000,
    // Files share their worker's modules and jsdom instead of each building its own (the suite runs in a
    // quarter of the time). Each test renders with fresh providers and its own fake API, and the setup
    // file empties the DOM and Mantine's notifications after each test, so no file sees another's.
    isolate: false,
  },
});
