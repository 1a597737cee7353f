import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JourneyDatabase } from './database';

/**
 * A Pirouette server of a journey's own, beside the one the Playwright config starts: for a journey
 * that stops the server to run the jobs command on its database (the embedded one is one process's: the
 * command refuses a data directory a server holds), then starts it again on the same data. Its database
 * is `freshDatabase`'s (database.ts): embedded, or on the PostgreSQL server of TEST_DATABASE_URL.
 */

const API = fileURLToPath(new URL('../../api', import.meta.url));

/** Processes started here and not yet known to be gone, so a failed or timed-out journey leaves none. */
const live = new Set<ChildProcess>();

/** Kills a process and whatever it started (its own process group), at once. */
function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
  live.delete(child);
}

// Should the worker itself end (a run interrupted), nothing started here outlives it.
process.once('exit', () => {
  for (const child of live) killGroup(child);
});

/** Kills everything started here still running: for a journey's teardown, after a failure. */
export function killAll() {
  for (const child of [...live]) killGroup(child);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Starts `command` in a process group of its own, its output kept; `live` until it is gone. */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.once('exit', () => live.delete(child));
  return { child, output: () => output };
}

export type ServerProcess = {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops it as an operator does (SIGTERM: requests drained, jobs handed back, database closed); its exit code. */
  stop(): Promise<number | null>;
};

/**
 * Starts the server (`apps/api/src/main.ts`, the built web bundle served from apps/web/dist as by the
 * config's server) on `port` over `database`, the demo seeded when it is empty,
 * and waits until `/api/health` answers. Node runs it itself (tsx as a loader, no npx or tsx wrapper in
 * between), so the SIGTERM of `stop` reaches the server once and it shuts down cleanly.
 */
export async function startServer(opts: { port: number; database: JourneyDatabase }): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  const { child, output } = startProcess(
    process.execPath,
    ['--import', 'tsx', join(API, 'src/main.ts')],
    {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      ...opts.database.env,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      APP_URL: url,
    },
    API,
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      killGroup(child);
      throw new Error(`The server on ${url} ended before it answered (${child.exitCode}):\n${output()}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`The server on ${url} did not answer within 90 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM');
      // The server's own deadline is its drain (10 s) and 5 s more; a little past it, it is killed.
      const code = await Promise.race([
        exited(child),
        new Promise<'late'>((r) => setTimeout(() => r('late'), 20_000)),
      ]);
      // Whatever it started (tsx's esbuild service) goes with it.
      killGroup(child);
      if (code === 'late') throw new Error(`The server on ${url} did not stop within 20 s:\n${output()}`);
      return code;
    },
  };
}

/**
 * The jobs command (`npm run jobs -- --until <day>`, apps/api/src/jobs/cli.ts) on `database` (no server
 * may hold an embedded one): its exit code and everything it printed. Node runs the command's
 * file itself, as npm would through tsx, without two npm processes starting first.
 */
export async function runJobs(opts: {
  database: JourneyDatabase;
  until: string;
  appUrl: string;
}): Promise<{ code: number | null; output: string }> {
  const { child, output } = startProcess(
    process.execPath,
    ['--import', 'tsx', join(API, 'src/jobs/cli.ts'), '--until', opts.until],
    { ...process.env, ...opts.database.env, APP_URL: opts.appUrl, LOG_LEVEL: 'warn' },
    API,
  );
  const code = await Promise.race([
    exited(child),
    new Promise<'late'>((r) => setTimeout(() => r('late'), 60_000)),
  ]);
  killGroup(child);
  if (code === 'late') throw new Error(`The jobs command did not finish within 60 s:\n${output()}`);
  return { code, output: output() };
}
