import { Agent, request } from 'node:http';
import { quantile } from '../load';
import { type Random, randomOf, type Step } from './pages';

/**
 * The load loop of the evening: `connections` workers, each with its own keep-alive connection, each
 * asking for its next request as soon as its last answer is read, for `seconds`. Every latency is kept
 * (to the microsecond), under the kind of its request. Not autocannon: each request here is a
 * different page of a different session, and a write may need the answer of the one before.
 */
export type Picker = (r: Random) => Step;

export type LoadOptions = { connections: number; seconds: number; seed: number };

/** What the answers of one kind were: latencies of the 2xx, and every other answer by status. */
type KindTally = {
  latencies: number[];
  refused: Map<number, { n: number; sample: string }>;
  write: boolean;
  hashes: boolean;
};

/**
 * Every 2xx answer's latency beside the wall-clock second its time was counted from (ms since the epoch,
 * divided by 1000 and floored), in the order answered: where the slowest answers fall in time.
 */
type Timeline = { second: number[]; ms: number[] };

export type Tally = { seconds: number; kinds: Map<string, KindTally>; errors: string[]; timeline: Timeline };

export const emptyTally = (): Tally => ({
  seconds: 0,
  kinds: new Map(),
  errors: [],
  timeline: { second: [], ms: [] },
});

/** `at`: the wall-clock time (ms since the epoch) the latency is counted from. */
type Answer = { status: number; text: string; ms: number; at: number };

/** Sends `step`; its time is counted from `from` (now, unless told: an open loop's scheduled time). */
function send(agent: Agent, base: URL, step: Step, from?: number): Promise<Answer> {
  const body = step.body === undefined ? undefined : JSON.stringify(step.body);
  return new Promise((resolve, reject) => {
    const started = from ?? performance.now();
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: step.method,
        path: step.path,
        headers: {
          ...(step.token ? { 'x-access-token': step.token } : {}),
          ...(step.client ? { 'x-forwarded-for': step.client } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
            at: performance.timeOrigin + started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function record(tally: Tally, step: Step, answer: Answer) {
  if (step.quiet && answer.status === 200) return;
  let kind = tally.kinds.get(step.kind);
  if (!kind) {
    kind = { latencies: [], refused: new Map(), write: Boolean(step.write), hashes: Boolean(step.hashes) };
    tally.kinds.set(step.kind, kind);
  }
  if (answer.status >= 200 && answer.status < 300) {
    kind.latencies.push(answer.ms);
    tally.timeline.second.push(Math.floor(answer.at / 1000));
    tally.timeline.ms.push(answer.ms);
    return;
  }
  const seen = kind.refused.get(answer.status) ?? {
    n: 0,
    sample: `${step.method} ${step.path}: ${answer.text.slice(0, 200)}`,
  };
  seen.n++;
  kind.refused.set(answer.status, seen);
}

/** Loads `base` with the requests `pick` makes, adding to `tally` (its time and its answers). */
export async function loadFor(base: string, pick: Picker, opts: LoadOptions, tally: Tally): Promise<void> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const worker = async (i: number) => {
    const r = randomOf(opts.seed * 1009 + i);
    while (performance.now() < until) {
      let step: Step | null = pick(r);
      const first = step;
      try {
        while (step) {
          const answer = await send(agent, url, step);
          record(tally, step, answer);
          const ok = answer.status >= 200 && answer.status < 300;
          step = ok && step.next ? step.next(JSON.parse(answer.text)[1]) : null;
        }
      } catch (error) {
        tally.errors.push(`${step?.method} ${step?.path}: ${error}`);
        if (tally.errors.length > 20) throw new Error(`The load failed:\n${tally.errors.join('\n')}`);
      } finally {
        first.done?.();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.connections }, (_, i) => worker(i)));
  } finally {
    agent.destroy();
  }
  tally.seconds += (performance.now() - started) / 1000;
}

export type OpenOptions = {
  /** Arrivals per second: a new request (and what follows it) starts on this schedule, whatever the answers. */
  rate: number;
  seconds: number;
  seed: number;
  /** A person's pause, in ms, before the step that follows an answer (a payment after its charge…): uniform in [half, one and a half times] this. */
  thinkMs: number;
  /** The most connections open at once (requests beyond wait for one, their time counted all the same). */
  maxSockets: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The open loop: requests arrive at a fixed rate, one every 1/rate s, whatever the answers' speed (a
 * closed loop asks again only once answered, so a slow server is asked less: coordinated omission).
 * Each latency is counted from the time its request was scheduled, not from when it could be sent; the
 * step that follows an answer (a payment after its charge, a sign-in after a sign-out) is scheduled a
 * think time after it. Adds to `tally`; its seconds are the schedule's (`seconds`), whatever the drain after.
 */
export async function loadOpen(base: string, pick: Picker, opts: OpenOptions, tally: Tally): Promise<void> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets });
  const r = randomOf(opts.seed * 1009);
  const think = () => opts.thinkMs * (0.5 + r.next());
  const started = performance.now();
  const visit = async (first: Step, at: number) => {
    let step: Step | null = first;
    let scheduled = at;
    try {
      while (step) {
        const wait = scheduled - performance.now();
        if (wait > 1) await sleep(wait);
        const answer = await send(agent, url, step, scheduled);
        record(tally, step, answer);
        const ok = answer.status >= 200 && answer.status < 300;
        step = ok && step.next ? step.next(JSON.parse(answer.text)[1]) : null;
        scheduled = performance.now() + think();
      }
    } catch (error) {
      tally.errors.push(`${step?.method} ${step?.path}: ${error}`);
    } finally {
      first.done?.();
    }
  };
  const visits: Promise<void>[] = [];
  const arrivals = Math.floor(opts.rate * opts.seconds);
  try {
    for (let i = 0; i < arrivals && tally.errors.length <= 20; i++) {
      const at = started + (i * 1000) / opts.rate;
      const wait = at - performance.now();
      if (wait > 1) await sleep(wait);
      visits.push(visit(pick(r), at));
    }
    await Promise.all(visits);
  } finally {
    agent.destroy();
  }
  if (tally.errors.length > 20) throw new Error(`The load failed:\n${tally.errors.join('\n')}`);
  // Per second of the arrivals' schedule: the steps that follow an answer run on after it, a think
  // time later, and would otherwise dilute the rate.
  tally.seconds += opts.seconds;
}

export type KindRow = {
  kind: string;
  write: boolean;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** How many of the evening's slowest 1 % (at or over its p99) were of this kind. */
  slowest: number;
  /** Answers that are not 2xx, by status, with one answer's start. */
  refused: { status: number; n: number; sample: string }[];
};
export type Summary = {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** The p99 of every request but those that hash a password (a sign-in, a sign-up). */
  p99WithoutHashing: number;
  /**
   * The wall-clock second that held most of the slowest 1 % (answers at or over the p99, by the second
   * their time was counted from), and how many it held: a stall of the whole server shows as one second
   * holding many, to be laid beside the database's log (its checkpoints, its autovacuum) and the jobs'.
   */
  worstSecond: { at: string; slowest: number; answers: number; maxMs: number } | null;
  non2xx: number;
  errors: string[];
  kinds: KindRow[];
};

const sorted = (values: number[]) => Float64Array.from(values).sort();

/** The second that held most of the answers at or over `p99` (the first of equals), as `Summary` says. */
function worstSecondOf(timeline: Timeline, p99: number): Summary['worstSecond'] {
  const slow = new Map<number, number>();
  const answers = new Map<number, { n: number; maxMs: number }>();
  for (let i = 0; i < timeline.ms.length; i++) {
    const second = timeline.second[i]!;
    const ms = timeline.ms[i]!;
    const seen = answers.get(second) ?? { n: 0, maxMs: 0 };
    answers.set(second, { n: seen.n + 1, maxMs: Math.max(seen.maxMs, ms) });
    if (ms >= p99) slow.set(second, (slow.get(second) ?? 0) + 1);
  }
  let worst: [number, number] | null = null;
  for (const [second, n] of slow)
    if (!worst || n > worst[1] || (n === worst[1] && second < worst[0])) worst = [second, n];
  if (!worst) return null;
  const inIt = answers.get(worst[0])!;
  return {
    at: new Date(worst[0] * 1000).toISOString(),
    slowest: worst[1],
    answers: inIt.n,
    maxMs: inIt.maxMs,
  };
}

/** Requests per second, p50 and p99 per kind and overall, and the answers that were not 2xx. */
export function summarize(tally: Tally): Summary {
  const all = sorted([...tally.kinds.values()].flatMap((k) => k.latencies));
  const p99 = quantile(all, 0.99);
  const kinds: KindRow[] = [...tally.kinds]
    .map(([kind, k]) => {
      const s = sorted(k.latencies);
      const refused = [...k.refused].map(([status, { n, sample }]) => ({ status, n, sample }));
      const requests = k.latencies.length + refused.reduce((a, x) => a + x.n, 0);
      return {
        kind,
        write: k.write,
        requests,
        rps: requests / tally.seconds,
        p50: quantile(s, 0.5),
        p99: quantile(s, 0.99),
        slowest: k.latencies.filter((ms) => ms >= p99).length,
        refused,
      };
    })
    .sort((a, b) => Number(a.write) - Number(b.write) || b.requests - a.requests);
  const unhashed = sorted([...tally.kinds.values()].flatMap((k) => (k.hashes ? [] : k.latencies)));
  const requests = kinds.reduce((a, k) => a + k.requests, 0);
  return {
    seconds: tally.seconds,
    requests,
    rps: requests / tally.seconds,
    p50: quantile(all, 0.5),
    p99,
    p99WithoutHashing: quantile(unhashed, 0.99),
    worstSecond: worstSecondOf(tally.timeline, p99),
    non2xx: kinds.reduce((a, k) => a + k.refused.reduce((b, x) => b + x.n, 0), 0),
    errors: tally.errors,
    kinds,
  };
}
