import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const CLIENT_MODULE = fileURLToPath(new URL('./client.ts', import.meta.url));

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pirouette-lock-'));
  dataDir = join(root, 'pglite');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A node process running `code` (an ES module, TypeScript through tsx). */
function node(code: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function output(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A pid that surely runs no process: one of a child that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe('the data directory lock', () => {
  it('refuses a second open of the same embedded database, naming the process that holds it', async () => {
    const first = await openPglite(dataDir);
    try {
      const lock = JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'));
      expect(lock.pid).toBe(process.pid);
      const second = openPglite(dataDir);
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(`is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
    // Closed, the directory is free again, and the refused open took nothing.
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    lockDataDir(dataDir).release();
    // A first start creates the database cluster, which is slow on a busy machine.
  }, 120_000);

  it('takes over a lock left by a process that has ended', () => {
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: deadPid(), started: null, command: 'node old', token: 'x', since: '' }),
    );
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('takes over a lock naming this pid that this process does not hold (a restarted container)', () => {
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: process.pid, started: '1', command: 'node old', token: 'earlier', since: '' }),
    );
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process started later', () => {
    // Our parent runs, but it is not the process that wrote this lock: its start time differs.
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: process.ppid, started: '1', command: 'node old', token: 'old', since: '' }),
    );
    const lock = lockDataDir(dataDir);
    lock.release();
  });

  it('refuses another process while one holds it, and lets it in once the holder is killed', async () => {
    const holder = node(
      `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
       lockDataDir(${JSON.stringify(dataDir)});
       console.log('locked');
       setInterval(() => {}, 1000);`,
    );
    const holderDone = output(holder);
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout?.on('data', (d) => String(d).includes('locked') && resolve());
        holder.on('exit', () => reject(new Error('the holder ended early')));
      });

      // This process is refused, told the holder's pid and command.
      const refusal = (() => {
        try {
          lockDataDir(dataDir);
        } catch (error) {
          return error as DataDirInUseError;
        }
        throw new Error('the lock was taken twice');
      })();
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect(refusal.holder.pid).toBe(holder.pid);
      expect(refusal.message).toContain(`process ${holder.pid} (`);
      expect(refusal.message).toContain('lockDataDir');

      // So is a third process opening the embedded database itself, at once and with the sentence.
      const started = Date.now();
      const third = await output(
        node(
          `import { openPglite } from ${JSON.stringify(CLIENT_MODULE)};
           import { exitIfDataDirInUse } from ${JSON.stringify(LOCK_MODULE)};
           await openPglite(${JSON.stringify(dataDir)}).catch(exitIfDataDirInUse);
           console.log('opened');`,
        ),
      );
      expect(third.code).toBe(1);
      expect(third.stdout).not.toContain('opened');
      expect(third.stderr).toContain(`is in use by process ${holder.pid}`);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      // Killed, the holder leaves its lock file behind: a crash does the same.
      holder.kill('SIGKILL');
      await holderDone;
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  }, 120_000);

  it('lets one of many processes starting at once over a stale lock take it', async () => {
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: deadPid(), started: null, command: 'node old', token: 'x', since: '' }),
    );
    const go = join(root, 'go');
    // Each racer waits for the start signal once it is loaded, so they try at the same moment; the
    // winner keeps the lock until it is killed.
    const racers = Array.from({ length: 6 }, () => {
      const child = node(
        `import { existsSync } from 'node:fs';
         import { lockDataDir, DataDirInUseError } from ${JSON.stringify(LOCK_MODULE)};
         console.log('ready');
         while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 2));
         try { lockDataDir(${JSON.stringify(dataDir)}); console.log('took'); setInterval(() => {}, 1000); }
         catch (e) { if (!(e instanceof DataDirInUseError)) throw e; console.log('refused'); }`,
      );
      const ready = new Promise<void>((resolve) =>
        child.stdout?.on('data', (d) => String(d).includes('ready') && resolve()),
      );
      const decided = new Promise<void>((resolve) =>
        child.stdout?.on('data', (d) => /took|refused/.test(String(d)) && resolve()),
      );
      return { child, ready, decided, done: output(child) };
    });
    try {
      await Promise.all(racers.map((r) => r.ready));
      writeFileSync(go, '');
      await Promise.all(racers.map((r) => r.decided));
    } finally {
      for (const r of racers) r.child.kill('SIGKILL');
    }
    const results = await Promise.all(racers.map((r) => r.done));
    expect(results.map((r) => r.stderr).join('')).toBe('');
    expect(results.filter((r) => r.stdout.includes('took'))).toHaveLength(1);
    expect(results.filter((r) => r.stdout.includes('refused'))).toHaveLength(5);
  }, 120_000);
});
