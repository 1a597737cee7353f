import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { journeysLaunch } from './e2e/chromium';

// E2E_PORT lets two checkouts run their journeys side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_WORKERS workers, each with a server and a demo studio of its own (decision 048): a journey is
// mostly one chain of waits (browser, server, database), so one worker leaves one of two cores idle.
// One by default: some journeys still lean on what others did before them on the same server (the
// ledger journey fails run alone). A second server listens 100 ports up, clear of other checkouts'.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const urlOf = (slot: number) => `http://127.0.0.1:${PORT + 100 * slot}`;
// Playwright numbers a worker's slot (TEST_PARALLEL_INDEX, 0 to workers - 1, kept by the worker that
// replaces a failed one) before the worker reads this file: its journeys talk to that slot's server.
// The runner itself reads it without one (slot 0).
const baseURL = urlOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % WORKERS);
// Each run starts the API on an empty database with the demo studio seeded, one per server: on the
// PostgreSQL server of TEST_DATABASE_URL when there is one, else embedded in a fresh directory (decision
// 137, e2e/serve.ts).
const dataDir = join(tmpdir(), `pirouette-e2e-${Date.now()}`);

export default defineConfig({
  testDir: './e2e',
  // A file's journeys run in order in one worker; files are shared out between the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  // Under `npm test` the journeys share two cores with the Vitest run, and take about twice as long as
  // alone: on a slow day a 30-s journey passed 60 s (CI on a fresh clone, 2026-12-01). A step that
  // hangs still fails at its own expect's 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace is recorded on a failed journey's retry (CI retries once), not on every journey: recording
    // every action's snapshot took a third more of the machine's CPU on four journeys (114 s against 81)
    // for traces thrown away when they pass. For one on a first failure: `--trace retain-on-failure`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The journeys' browser asks for less motion, as a visitor may (the app honours it: theme.ts,
    // global.css): no spinner, skeleton pulse or transition drawn frame by frame in software while a
    // step waits. Four journey files in turns: 108–116 s of the machine's CPU against 100–104 (decision 124).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: journeysLaunch,
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: 'npx tsx e2e/serve.ts',
    url: `${urlOf(slot)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(PORT + 100 * slot),
      HOST: '127.0.0.1',
      DATA_DIR: `${dataDir}-${slot}`,
      E2E_SLOT: String(slot),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      APP_URL: urlOf(slot),
    },
  })),
});
