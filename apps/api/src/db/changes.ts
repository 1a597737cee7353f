import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the database's triggers speak on (migration 0006, decision 015). */
export const CHANGES_CHANNEL = 'pirouette_changes';

/**
 * Writes that change nothing a cache holds: a new session (a cached session is never a new one), the
 * counters of attempts, and the mail queue. Every other write, to any table, makes every cache stale.
 */
const QUIET = new Set(['sessions:INSERT']);
const QUIET_TABLES = new Set(['rate_limits', 'mail_outbox']);

export function isQuiet(notice: string): boolean {
  return QUIET.has(notice) || QUIET_TABLES.has(notice.slice(0, notice.indexOf(':')));
}

/**
 * What the server knows of the database's changes: a version that moves on every write the database
 * reports, and whether it hears those reports at all. A cache keeps what it read with the version of
 * the moment it began to read, and serves it only while the version is still that one; while the
 * server hears nothing (`live` false), nothing may be kept.
 */
export class ChangeFeed {
  #version = 0;
  #live: boolean;

  constructor(live = true) {
    this.#live = live;
  }

  get version(): number {
    return this.#version;
  }

  get live(): boolean {
    return this.#live;
  }

  /** A notice from the database: `table:OPERATION`. */
  notice(payload: string): void {
    if (!isQuiet(payload)) this.#version++;
  }

  /** Everything kept so far is stale. */
  bump(): void {
    this.#version++;
  }

  /** Whether notices are heard; every change to it makes everything kept stale (some may be missed). */
  setLive(live: boolean): void {
    this.#version++;
    this.#live = live;
  }
}

/**
 * PGlite is in this process: a notice is handed over (as a microtask) while the answer of the statement
 * or COMMIT that caused it is read, before the code that awaited that statement goes on.
 */
export async function hearPglite(client: PGlite, feed: ChangeFeed): Promise<void> {
  await client.listen(CHANGES_CHANNEL, (payload) => feed.notice(payload));
}

/**
 * PostgreSQL, for each pooled connection as it opens (the pool's `onConnect`): it listens too, so the
 * connection that commits hears its own notice before its COMMIT answers, and this process reads its
 * own writes at once.
 */
export async function listenOnConnection(client: pg.ClientBase, feed: ChangeFeed): Promise<void> {
  client.on('notification', (message) => feed.notice(message.payload ?? ''));
  await client.query(`LISTEN ${CHANGES_CHANNEL}`);
}

/**
 * PostgreSQL: one connection of its own, outside the pool, listens all the time, so the writes of other
 * processes are heard while the pool is idle. While it is down, the feed is not live; it reconnects with
 * a growing pause.
 */
export async function hearPostgres(url: string, feed: ChangeFeed): Promise<{ close(): Promise<void> }> {
  let listener: pg.Client | null = null;
  let closed = false;
  let pause = 100;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    timer = null;
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      feed.setLive(false);
      if (!closed) timer = setTimeout(connect, pause);
      pause = Math.min(pause * 2, 10_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    listener = client;
    try {
      await client.connect();
      await listenOnConnection(client, feed);
      if (closed || listener !== client) return void client.end().catch(() => {});
      pause = 100;
      feed.setLive(true);
    } catch {
      lost();
      await client.end().catch(() => {});
    }
  };
  feed.setLive(false);
  await connect();

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = listener;
      listener = null;
      feed.setLive(false);
      await client?.end().catch(() => {});
    },
  };
}
