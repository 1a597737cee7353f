import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The CPU time processes have used, read from Linux's /proc (user + system, in ms): the server's (its
 * process and every process below it, the cluster's workers) and PostgreSQL's (every process named
 * `postgres` on the machine: its backends, writer and WAL writer). Read before and after a loop, the
 * difference over the loop's requests is each side's CPU per request (issue 39: Node's own CPU per
 * request, against the database's). PostgreSQL's is counted per process alive at the second read (a
 * backend that ended in between takes its time with it; one that began counts from zero): the other
 * databases' backends on the machine, which come and go, never make it negative. Elsewhere than Linux,
 * nothing is measured.
 */
export type CpuSnapshot = { serverMs: number; postgres: Map<number, number> };

const TICK_MS = (() => {
  try {
    return 1000 / Number(execSync('getconf CLK_TCK').toString().trim());
  } catch {
    return 10;
  }
})();

type Proc = { pid: number; ppid: number; name: string; ms: number };

function processes(): Proc[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const out: Proc[] = [];
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // pid (comm) state ppid … utime(14) stime(15): comm may hold spaces, so split after its ')'.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      out.push({
        pid: Number(e),
        ppid: Number(fields[1]),
        name,
        ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // ended between the listing and the read
    }
  }
  return out;
}

/** The CPU used so far by the process `rootPid` with its descendants, and by each PostgreSQL process. */
export function cpuSnapshot(rootPid: number): CpuSnapshot {
  const all = processes();
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let serverMs = 0;
  const root = all.find((p) => p.pid === rootPid);
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const p = stack.pop()!;
    serverMs += p.ms;
    stack.push(...(children.get(p.pid) ?? []));
  }
  const postgres = new Map(all.filter((p) => p.name === 'postgres').map((p) => [p.pid, p.ms]));
  return { serverMs, postgres };
}

/** The CPU used between two snapshots, in ms: the server's, and PostgreSQL's processes alive at the second. */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
): { serverMs: number; postgresMs: number } {
  let postgresMs = 0;
  for (const [pid, ms] of after.postgres) postgresMs += ms - (before.postgres.get(pid) ?? 0);
  return { serverMs: after.serverMs - before.serverMs, postgresMs };
}
