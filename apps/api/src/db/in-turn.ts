import type pg from 'pg';

/**
 * One statement at a time on a connection (decision 118). A transaction holds one connection, and a
 * connection answers one statement at a time; reads started side by side on a transaction (a
 * `Promise.all` over reads given a `tx`) were queued by node-postgres itself, which warns that it will
 * refuse them from pg 9. Here each connection's promise-style calls (Drizzle's) wait for the one before
 * them, so such code stays correct whatever node-postgres does; a call made with a callback or a
 * submittable (the pool's own, a cursor) goes straight through, as before.
 *
 * A call that had to wait is counted, with where it came from: a transaction's reads side by side gain
 * nothing (they run one after the other either way), so the API suite fails a test in which one waited
 * (test/setup-in-turn.ts) and the code says what it does, in turn or in one batch.
 */

export type Overlaps = { count: number; lastStack: string | null };
const overlaps: Overlaps = { count: 0, lastStack: null };

/** How many calls waited for another on their connection since the process started, and the last's stack. */
export function overlapsSeen(): Readonly<Overlaps> {
  return { ...overlaps };
}

type Query = (...args: unknown[]) => unknown;

/** Whether node-postgres answers this call with a promise (no callback, no submittable). */
function promiseStyle(args: unknown[]): boolean {
  const [first] = args;
  if (first && typeof first === 'object' && 'submit' in first) return false;
  return !args.some((a) => typeof a === 'function');
}

/**
 * Makes every connection `pool` opens run its promise-style calls one after another, counting those that
 * waited in `counted` (the process's count by default). Call once, at the pool's start.
 */
export function oneQueryAtATime(pool: pg.Pool, counted: Overlaps = overlaps): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    let pending = 0;
    let tail: Promise<unknown> = Promise.resolve();
    client.query = ((...args: unknown[]) => {
      if (!promiseStyle(args)) return query(...args);
      if (pending > 0) {
        counted.count += 1;
        // Where it was made, when the caller awaited it (a thenable handed to Promise.all starts later,
        // from the microtask queue: its stack then ends in Drizzle's frames).
        counted.lastStack = new Error('a statement waited for another on its connection').stack ?? null;
      }
      // Nothing before it: sent at once, as node-postgres would.
      const run =
        pending === 0
          ? (query(...args) as Promise<unknown>)
          : tail.then(() => query(...args) as Promise<unknown>);
      pending += 1;
      // Counted down before the caller's own continuation runs, so its next call is not counted as waiting.
      const done = () => {
        pending -= 1;
      };
      tail = run.then(done, done);
      return run;
    }) as pg.PoolClient['query'];
  });
}
