import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Started = { child: ChildProcess; port: number; output: () => string; stop(): Promise<void> };

/**
 * The Node.js flags `npm start` gives the server (package.json's start script, read there so the two
 * cannot part): young-generation halves of 64 MB where V8's default is 16 MB. A request's rows and
 * answer die young; with the default, a server under the evening collected them so often that what was
 * still in flight at each collection was copied and promoted, and its CPU per request was about a
 * tenth higher (decision 100). Every server the bench starts gets them, the reference's
 * and the ceiling's too, so that none is measured with a handicap the others lack.
 */
export const SERVER_NODE_FLAGS: readonly string[] = (() => {
  const start: string = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts.start;
  return start.split(/\s+/).filter((word) => /^--[a-z-]+=\S+$/.test(word));
})();

/**
 * Runs a TypeScript file in its own Node.js process (through tsx's loader, one process, no wrapper)
 * with the server's flags, and resolves once a line of its standard output gives the port it listens on.
 */
export function startTs(
  file: string,
  args: string[],
  opts: {
    env?: Record<string, string>;
    cwd?: string;
    port: (line: string) => number | null;
    timeoutMs?: number;
  },
): Promise<Started> {
  // BENCH_CPU_PROFILE=<dir>: each process writes a V8 CPU profile there when it ends (open it in
  // Chrome's DevTools, Performance panel), to see where a server's time goes under the load.
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, ...SERVER_NODE_FLAGS, '--import', 'tsx', file, ...args],
    {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stderr!.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${file} did not start in time:\n${log}`));
    }, opts.timeoutMs ?? 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} ended (${code}) before it listened:\n${log}`));
    });
    let pending = '';
    let found = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (found) return;
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const port = opts.port(line);
        if (port) {
          found = true;
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve({ child, port, output: () => log, stop });
          return;
        }
      }
    });
  });
}

/** Runs a TypeScript file in its own Node.js process to its end and answers its standard output. */
export function runTs(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} ended with ${code}`)),
    );
  });
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
