import autocannon from 'autocannon';

/** One route as the load generator calls it. */
export type Target = {
  method: 'GET' | 'POST';
  /** Path and query string. */
  url: string;
  headers?: Record<string, string>;
  /** A body for each request (called per request, so sign-ins can take turns between users). */
  body?: () => string;
};

export type Measured = { rps: number; p50: number; p99: number; requests: number };

export type LoadOptions = { connections: number; seconds: number; warmupSeconds: number };

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: Float64Array | number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function once(
  base: string,
  target: Target,
  connections: number,
  seconds: number,
  latencies: number[] | null,
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        pipelining: 1,
        // autocannon stops at its first sample after `duration`: sample every 100 ms so that a run lasts
        // what it was asked (rates are computed here from the total and the run's own duration).
        sampleInt: 100,
        requests: [
          {
            method: target.method,
            path: target.url,
            headers: { 'content-type': 'application/json', ...target.headers },
            ...(target.body
              ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: target.body!() }) }
              : {}),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon's own percentiles are whole milliseconds; keep every latency to the microsecond.
    if (latencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }
  });
}

/** What one or more runs of a route gave: requests, the seconds they took, every latency. */
type Tally = { requests: number; seconds: number; latencies: number[] };

async function run(base: string, target: Target, connections: number, seconds: number, tally: Tally) {
  const result = await once(base, target, connections, seconds, tally.latencies);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) {
    throw new Error(
      `${target.method} ${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
}

function measured(tally: Tally): Measured {
  const sorted = Float64Array.from(tally.latencies).sort();
  return {
    rps: tally.requests / tally.seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    requests: tally.requests,
  };
}

/**
 * Loads one route alone (one session, one address, again and again) for `seconds` with `connections`
 * keep-alive connections, after a warm-up that is not counted: requests per second, and the 50th and
 * 99th percentile of latency in milliseconds. Any answer that is not a 2xx, any error or timeout, fails
 * the run rather than flattering it. (The evening and the reference pages vary sessions and addresses:
 * bench/evening/loop.ts.)
 */
export async function load(base: string, target: Target, opts: LoadOptions): Promise<Measured> {
  if (opts.warmupSeconds > 0) {
    await run(base, target, opts.connections, opts.warmupSeconds, { requests: 0, seconds: 0, latencies: [] });
  }
  const tally: Tally = { requests: 0, seconds: 0, latencies: [] };
  await run(base, target, opts.connections, opts.seconds, tally);
  return measured(tally);
}
