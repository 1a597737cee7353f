import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgliteThread } from './pglite-remote';

/** The channel the database's triggers speak on (migrations 0006 and 0007, decisions 015 and 024). */
export const CHANGES_CHANNEL = 'pirouette_changes';

/**
 * The tables a session is read from (modules/auth findLiveSession): only their writes can end or alter
 * a kept session, and only they carry the triggers (migrations 0007 and 0030). A new session changes no kept one.
 */
export const SESSION_TABLES: ReadonlySet<string> = new Set(['sessions', 'memberships', 'users', 'companies']);
const QUIET = new Set(['sessions:INSERT']);

/**
 * What a notice names (decision 080): the rows of one of SESSION_TABLES that a statement wrote, by id
 * (a session, a membership, a person, a studio), or null when it names none (a TRUNCATE, a statement of
 * more than 50 rows, a notice of an older migration): then any kept session may be concerned.
 */
export type ChangedRows = { table: string; ids: readonly string[] | null };

/**
 * A notice, `table:OPERATION:transaction:id,id,…` (migration 0031), taken apart; a notice of migration
 * 0007 has no ids, one of migration 0006 no transaction either.
 */
export function parseNotice(payload: string): {
  table: string;
  operation: string;
  transaction: string | null;
  ids: string[] | null;
} {
  const [table = '', operation = '', transaction, ids] = payload.split(':');
  return { table, operation, transaction: transaction || null, ids: ids ? ids.split(',') : null };
}

/** Whether a notice leaves every kept session as it is: a write to another table, or a new session. */
export function isQuiet(payload: string): boolean {
  const { table, operation } = parseNotice(payload);
  return !SESSION_TABLES.has(table) || QUIET.has(`${table}:${operation}`);
}

/** How many notices are remembered, to hear each once (far more than arrive between two hearings). */
const REMEMBERED = 1_000;

/**
 * What the server knows of the database's changes to sessions. A change that names its rows goes to
 * the listeners (the session cache drops the sessions it concerns: decision 080); one that does not
 * moves `version`, and everything kept before it is stale. `heard` moves on every change, named or
 * not: the session cache keeps what it read only if nothing was heard while it read, so a change that
 * committed meanwhile cannot be missed. While the server hears nothing (`live` false), nothing may be
 * kept.
 *
 * On PostgreSQL every pooled connection listens, so one commit is heard several times, a few
 * milliseconds apart: the first hearing counts, the others are recognised (by the transaction, or by
 * the whole notice when it names rows) and ignored (else a session read in between would be dropped
 * for nothing).
 */
export class ChangeFeed {
  #version = 0;
  #heard = 0;
  #live: boolean;
  readonly #remembered = new Set<string>();
  readonly #listeners = new Set<(changed: ChangedRows) => void>();

  constructor(live = true) {
    this.#live = live;
  }

  /** Moves when everything kept is stale. */
  get version(): number {
    return this.#version;
  }

  /** Moves on every change heard that may alter a kept session, whether it names its rows or not. */
  get heard(): number {
    return this.#heard;
  }

  get live(): boolean {
    return this.#live;
  }

  /** Calls `listener` with every change that names its rows; answers how to stop. */
  onChange(listener: (changed: ChangedRows) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A notice from the database: `table:OPERATION:transaction[:ids]`. */
  notice(payload: string): void {
    if (isQuiet(payload)) return;
    const { table, transaction, ids } = parseNotice(payload);
    if (transaction) {
      // A change that names no rows: several tables written in one transaction are several notices of
      // it, and one hearing is enough. One that names them: each table's notice is its own.
      const key = ids ? payload : transaction;
      if (this.#remembered.has(key)) return;
      this.#remembered.add(key);
      if (this.#remembered.size > REMEMBERED)
        this.#remembered.delete(this.#remembered.values().next().value!);
    }
    this.#heard++;
    if (!ids) {
      this.#version++;
      return;
    }
    for (const listener of this.#listeners) listener({ table, ids });
  }

  /** Everything kept so far is stale. */
  bump(): void {
    this.#heard++;
    this.#version++;
  }

  /** Whether notices are heard; every change to it makes everything kept stale (some may be missed). */
  setLive(live: boolean): void {
    this.bump();
    this.#live = live;
  }
}

/**
 * PGlite is in this process: a notice is handed over (as a microtask) while the answer of the statement
 * or COMMIT that caused it is read, before the code that awaited that statement goes on. On its own
 * thread (decision 119), the notice is posted before that answer, and heard first (db/pglite-remote.ts).
 */
export async function hearPglite(
  client: Pick<PGlite, 'listen'> | Pick<PgliteThread, 'listen'>,
  feed: ChangeFeed,
): Promise<void> {
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
