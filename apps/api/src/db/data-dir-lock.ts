import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';

/**
 * PGlite is one process's database: a second process opening the same directory would run a second
 * PostgreSQL over the same files, both would acknowledge writes, and one side's would be lost. So the
 * embedded database is opened only under a lock file beside its directory, holding the opener's pid.
 */

type Holder = {
  pid: number;
  /** When the holder started, in clock ticks since boot (/proc/<pid>/stat), to tell a reused pid apart. */
  started: string | null;
  command: string | null;
  /** Tells this lock apart from a later one of the same process, so a release never removes another's. */
  token: string;
  since: string;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; command: string | null },
  ) {
    const who = holder.command ? `process ${holder.pid} (${holder.command})` : `process ${holder.pid}`;
    super(
      `The embedded database in ${dataDir} is in use by ${who}. Two processes on one embedded database ` +
        'lose each other’s writes: stop that process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export type DataDirLock = { path: string; release(): void };

// Locks this process holds: a second open of the same directory in one process is refused like
// another process's, while a lock file naming our pid that is not in here is a leftover of an earlier
// process that had the same pid (a container restarted), and is taken over.
const held = new Map<string, Holder>();

const lockPathOf = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.lock`;

function procStarted(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are plain. starttime is
    // field 22 of the line, the 20th after the name.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

// Loader options (tsx adds two) say nothing to the person reading which process holds the lock.
const LOADER_FLAGS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

function procCommand(pid: number): string | null {
  try {
    const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    if (!program) return null;
    const shown = [program.slice(program.lastIndexOf('/') + 1)];
    for (let i = 0; i < args.length; i++) {
      if (LOADER_FLAGS.has(args[i]!)) i++;
      else if (!/^--(require|import|loader|experimental-loader)=/.test(args[i]!)) shown.push(args[i]!);
    }
    return shown.join(' ').slice(0, 200);
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, it is only another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file's holder, or null for a file that is not a whole lock (unreadable, cut short). */
function holderOf(text: string): Holder | null {
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(parsed.pid) && (parsed.pid as number) > 0 ? (parsed as Holder) : null;
  } catch {
    return null;
  }
}

function readHolder(path: string): Holder | null {
  try {
    return holderOf(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether the process named in a lock file still runs: a dead pid, or a pid since reused, holds nothing. */
function stillHolds(holder: Holder): boolean {
  if (holder.pid === process.pid) return [...held.values()].some((h) => h.token === holder.token);
  if (!isAlive(holder.pid)) return false;
  const started = procStarted(holder.pid);
  return !(started && holder.started && started !== holder.started);
}

function writeExclusive(path: string, content: string): boolean {
  // The lock file appears whole or not at all: written aside, then linked into place, which fails when
  // the name exists. A reader never sees a half-written lock and takes it for a stale one.
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(aside, 'wx');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

const TAKEOVER_STALE_MS = 10_000;

/**
 * Removes a stale lock file, if it is still the one judged stale. Two openers may judge it stale at
 * once; the removal happens under a short second lock, so one of them cannot remove the lock the
 * other has just taken.
 */
function removeStale(path: string, stale: Holder | null): void {
  const guard = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another opener is taking over right now, or died doing it (the guard is held for microseconds).
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(guard);
    } catch {}
    return;
  }
  try {
    // The file as it is now, opened: none (removed, or not linked yet) is nothing to remove. Judging an
    // absent file stale and unlinking the name after would remove the lock another opener links in
    // between: links are not guarded, only removals, so only a file present under the guard stays put.
    let file: number;
    try {
      file = openSync(path, 'r');
    } catch {
      return;
    }
    try {
      const now = holderOf(readFileSync(file, 'utf8'));
      const same = stale === null ? now === null : now?.token === stale.token && now.pid === stale.pid;
      if (same && statSync(path).ino === fstatSync(file).ino) unlinkSync(path);
    } catch {
      // Removed meanwhile by its own holder's release: nothing left to do.
    } finally {
      closeSync(file);
    }
  } finally {
    closeSync(fd);
    unlinkSync(guard);
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirInUseError naming the process that
 * holds it. A lock left by a process that has ended is taken over. Released by `release()`, and when
 * the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = lockPathOf(dataDir);
  const mine: Holder = {
    pid: process.pid,
    started: procStarted(process.pid),
    command: procCommand(process.pid),
    token: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
  };
  const content = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; ; attempt++) {
    if (writeExclusive(path, content)) break;
    const holder = readHolder(path);
    if (holder && stillHolds(holder)) {
      throw new DataDirInUseError(dataDir, {
        pid: holder.pid,
        command: procCommand(holder.pid) ?? holder.command,
      });
    }
    if (attempt >= 50) {
      // Only reached if openers keep racing for the same stale lock; say who seems to hold it.
      throw new DataDirInUseError(dataDir, holder ?? { pid: 0, command: null });
    }
    removeStale(path, holder);
    if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  held.set(path, mine);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(path);
    process.off('exit', release);
    // Remove only our own lock: if it was taken over meanwhile (a wrongly judged stale lock), it is
    // the new holder's.
    if (readHolder(path)?.token === mine.token) {
      try {
        unlinkSync(path);
      } catch {}
    }
  };
  // A process that exits without closing its database (an error at start, process.exit) leaves no
  // lock behind; one that is killed does, and the next opener takes it over as stale.
  process.on('exit', release);
  return { path, release };
}

/** For the command-line entry points: a directory in use is one sentence and exit status 1, not a stack trace. */
export function exitIfDataDirInUse(error: unknown): never {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
