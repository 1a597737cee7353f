import { LARGE_PASSWORD, LARGE_SIGN_INS } from '../../apps/api/src/db/seed-large';
import { type CpuSnapshot, cpuBetween } from '../cpu';
import type { EveningCast } from './cast';
import { emptyTally, loadFor, loadOpen, type Summary, summarize } from './loop';
import { EVENING_MIX, eveningPicker, type Mix } from './pages';

/** One loop of the evening, as the results record it. */
export type EveningResult = {
  rps: number;
  p50: number;
  p99: number;
  /** The p99 without the requests that hash a password (sign-in, sign-up): argon2's cost is by design. */
  p99WithoutHashing: number;
  /** Where the slowest 1 % bunched: the second that held most of them (loop.ts, `Summary`). */
  worstSecond: Summary['worstSecond'];
  requests: number;
  seconds: number;
  non2xx: number;
  /**
   * CPU per answered request over the loop, in ms: the server's processes (with PGlite, the database
   * inside them) and PostgreSQL's (every `postgres` process on the machine); null where not measured.
   */
  cpu: { serverMs: number; postgresMs: number } | null;
  kinds: {
    kind: string;
    write: boolean;
    requests: number;
    rps: number;
    p50: number;
    p99: number;
    /** Of the evening's slowest 1 % (its requests at or over its p99), how many were of this kind. */
    slowest: number;
    refused: { status: number; n: number; sample: string }[];
  }[];
};

/** The evening on a number of server processes: the closed loop, then the open one at `openRate`. */
export type EveningRun = { processes: number; closed: EveningResult; open: EveningResult; openRate: number };

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function resultOf(s: Summary, cpu: EveningResult['cpu']): EveningResult {
  return {
    cpu,
    rps: Math.round(s.rps),
    p50: round(s.p50, 2),
    p99: round(s.p99, 2),
    p99WithoutHashing: round(s.p99WithoutHashing, 2),
    worstSecond: s.worstSecond && { ...s.worstSecond, maxMs: round(s.worstSecond.maxMs, 1) },
    requests: s.requests,
    seconds: round(s.seconds, 1),
    non2xx: s.non2xx,
    kinds: s.kinds.map((k) => ({
      kind: k.kind,
      write: k.write,
      requests: k.requests,
      rps: round(k.rps, 1),
      p50: round(k.p50, 2),
      p99: round(k.p99, 2),
      slowest: k.slowest,
      refused: k.refused,
    })),
  };
}

export type EveningOptions = {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The open loop's arrivals per second; null: half the closed loop's requests per second. */
  openRate: number | null;
  thinkMs: number;
  /** What the evening asks (EVENING_MIX unless told). */
  mix?: Mix;
  /** The CPU the server's processes and PostgreSQL's have used so far (bench/cpu.ts). */
  cpuOf?: () => CpuSnapshot;
};

/** CPU per request between two snapshots, rounded to the hundredth of a millisecond. */
function cpuPerRequest(before: CpuSnapshot | undefined, after: CpuSnapshot | undefined, requests: number) {
  if (!before || !after || requests === 0) return null;
  const used = cpuBetween(before, after);
  return { serverMs: round(used.serverMs / requests, 2), postgresMs: round(used.postgresMs / requests, 2) };
}

/**
 * The evening on the server(s) at `base`: a warm-up, the closed loop (`connections` workers, each asking
 * again once answered) and the open loop (arrivals on a fixed schedule, latency from the scheduled time).
 */
export async function evening(
  base: string,
  cast: EveningCast,
  processes: number,
  opts: EveningOptions,
  say: (line: string) => void,
): Promise<EveningRun> {
  const pick = eveningPicker(cast, opts.mix ?? EVENING_MIX);
  const warm = emptyTally();
  await loadFor(base, pick, { connections: opts.connections, seconds: opts.warmupSeconds, seed: 2 }, warm);
  const closedTally = emptyTally();
  const closedCpu = opts.cpuOf?.();
  await loadFor(base, pick, { connections: opts.connections, seconds: opts.seconds, seed: 1 }, closedTally);
  const closed = summarize(closedTally);
  const closedCpuAfter = opts.cpuOf?.();
  const errors = [...summarize(warm).errors, ...closed.errors];
  if (errors.length > 0) throw new Error(`The evening failed: ${errors.join('\n')}`);
  const openRate = opts.openRate ?? Math.max(1, Math.round(closed.rps / 2));
  say(
    `  ${processes} process${processes > 1 ? 'es' : ''}: closed loop ${Math.round(closed.rps)} req/s, p99 ${closed.p99.toFixed(1)} ms; the open loop at ${openRate} arrivals/s, think time ${opts.thinkMs} ms…`,
  );
  const openTally = emptyTally();
  const openCpu = opts.cpuOf?.();
  await loadOpen(
    base,
    pick,
    { rate: openRate, seconds: opts.seconds, seed: 3, thinkMs: opts.thinkMs, maxSockets: 256 },
    openTally,
  );
  const open = summarize(openTally);
  const openCpuAfter = opts.cpuOf?.();
  if (open.errors.length > 0) throw new Error(`The open evening failed: ${open.errors.join('\n')}`);
  return {
    processes,
    closed: resultOf(closed, cpuPerRequest(closedCpu, closedCpuAfter, closed.requests)),
    open: resultOf(open, cpuPerRequest(openCpu, openCpuAfter, open.requests)),
    openRate,
  };
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(2));

/** The evening's table, per kind and overall, and every answer that was not 2xx. */
export function printEvening(say: (line: string) => void, label: string, result: EveningResult): void {
  say('');
  // The last column: each kind's share of the evening's slowest 1 %, what sets its p99.
  const slowest = result.kinds.reduce((a, k) => a + k.slowest, 0);
  const share = (n: number) => (slowest === 0 ? '–' : `${Math.round((100 * n) / slowest)} %`);
  say(`| the evening, ${label} | req/s | p50 ms | p99 ms | requests | not 2xx | of the slowest 1 % |`);
  say(`|---|--:|--:|--:|--:|--:|--:|`);
  for (const k of result.kinds) {
    const refused = k.refused.reduce((a, x) => a + x.n, 0);
    say(
      `| ${k.write ? 'write: ' : ''}${k.kind} | ${k.rps.toFixed(1)} | ${ms(k.p50)} | ${ms(k.p99)} | ${k.requests} | ${refused} | ${share(k.slowest)} |`,
    );
  }
  say(
    `| **all** | **${result.rps}** | **${ms(result.p50)}** | **${ms(result.p99)}** | ${result.requests} | ${result.non2xx} | ${slowest} |`,
  );
  say(`| all but a password's hashing (sign-in, sign-up) | | | ${ms(result.p99WithoutHashing)} | | | |`);
  if (result.worstSecond) {
    const w = result.worstSecond;
    say(
      `  the slowest 1 % bunched most at ${w.at}: ${w.slowest} of ${slowest} in that second, of its ${w.answers} answers (the slowest ${w.maxMs.toFixed(1)} ms)`,
    );
  }
  if (result.cpu) {
    say(
      `  CPU per request: the server's processes ${result.cpu.serverMs.toFixed(2)} ms, PostgreSQL's ${result.cpu.postgresMs.toFixed(2)} ms`,
    );
  }
  for (const k of result.kinds) {
    for (const x of k.refused) say(`  not 2xx: ${k.kind}, ${x.n} × ${x.status}, e.g. ${x.sample}`);
  }
}

/**
 * With several server processes behind one port: a session kept by every one of them (asked on as many
 * connections as there are processes, twice over, which the round-robin spreads) is refused by all of
 * them once signed out through one, within the moment a notice takes (decision 080).
 */
export async function checkSignOutHeardByAll(base: string, processes: number): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: LARGE_SIGN_INS.parent.email, password: LARGE_PASSWORD }),
  });
  const token = ((await login.json()) as [boolean, { token: string }])[1].token;
  // A new connection each (no keep-alive agent shared): the round-robin hands them to each process.
  const me = async () => {
    const res = await fetch(`${base}/api/auth/me`, {
      headers: { 'x-access-token': token, connection: 'close' },
    });
    return ((await res.json()) as [boolean, unknown])[1];
  };
  for (let i = 0; i < 2 * processes; i++) if (!(await me())) throw new Error('A new session was refused.');
  await fetch(`${base}/api/auth/logout`, { headers: { 'x-access-token': token, connection: 'close' } });
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (let i = 0; i < 2 * processes; i++) {
    if (await me()) throw new Error('A session signed out through one process was still served by another.');
  }
}
