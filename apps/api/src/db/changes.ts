import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the database's triggers speak on (migrations 0006 and 0007, decisions 015 and 024). */
export const CHANGES_CHANNEL = 'pirouette_changes';

/**
 * The tables a session is read from (modules/auth findLiveSession): only their writes can end or alter
 * a kept session, and only they carry the trigger (migration 0007). A new session changes no kept one.
 */
export const SESSION_TABLES: ReadonlySet<string> = new Set(['sessions', 'memberships', 'users', 'companies']);
const QUIET = new Set(['sessions:INSERT']);

/** A notice, `table:OPERATION:transaction`, taken apart (a notice of migration 0006 has no transaction). */
export function parseNotice(payload: string): {
  table: string;
  operation: string;
  transaction: string | null;
} {
  const [table = '', operation = '', transaction] = payload.split(':');
  return { table, operation, transaction: transaction || null };
}

/** Whether a notice leaves every kept session as it is: a write to another table, or a new session. */
export function isQuiet(payload: string): boolean {
  const { table, operation } = parseNotice(payload);
  return !SESSION_TABLES.has(table) || QUIET.has(`${table}:${operation}`);
}

/** How many transactions are remembered, to hear each once (far more than arrive between two hearings). */
const REMEMBERED = 1_000;

/**
 * What the server knows of the database's changes to sessions: a version that moves on every such write
 * the database reports, and whether it hears those reports at all. The session cache keeps what it read
 * with the version of the moment it began to read, and serves it only while the version is still that
 * one; while the server hears nothing (`live` false), nothing may be kept.
 *
 * On PostgreSQL every pooled connection listens, so one commit is heard several times, a few
 * milliseconds apart: the first hearing moves the version, the others are recognised by their
 * transaction and ignored (else a session read in between would be dropped for nothing).
 */
export class ChangeFeed {
  #version = 0;
  #live: boolean;
  readonly #heard = new Set<string>();

  constructor(live = true) {
    this.#live = live;
  }

  get version(): number {
    return this.#version;
  }

  get live(): boolean {
    return this.#live;
  }

  /** A notice from the database: `table:OPERATION:transaction`. */
  notice(payload: string): void {
    if (isQuiet(payload)) return;
    const { transaction } = parseNotice(payload);
    if (transaction) {
      // Several tables written in one transaction are several notices of it: one hearing is enough.
      if (this.#heard.has(transaction)) return;
      this.#heard.add(transaction);
      if (this.#heard.size > REMEMBERED) this.#heard.delete(this.#heard.values().next().value!);
    }
    this.#version++;
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
