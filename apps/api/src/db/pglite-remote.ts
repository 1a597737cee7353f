import { Worker } from 'node:worker_threads';
import { messages, type Results, types } from '@electric-sql/pglite';
import type { PgliteSettings } from './pglite-options';

/**
 * PGlite on a thread of its own (decision 119). PGlite is PostgreSQL compiled to WebAssembly and runs
 * on the thread that calls it: in the server's process, every statement's planning and execution ran
 * on the one thread that also parses requests, builds statements and writes answers, and under the
 * evening that thread was the bottleneck (its CPU 98 % busy, half of it in PostgreSQL) while the
 * machine's second core waited. Here PGlite runs in a worker thread (`pglite-thread.ts`) and this
 * class stands in for it with the calls the server makes of PGlite: `query`, `exec`, `transaction`,
 * `listen`, `dumpDataDir`, `close`. What each answers is what PGlite answers; a statement's error comes
 * back as PGlite's `DatabaseError` with the same fields (its `code` above all, db/unique-violation.ts).
 *
 * - One session, as before: a transaction holds it from BEGIN to its end, and a statement from outside
 *   waits for it (PGlite's own lock, in the thread).
 * - A notice (db/changes.ts) is posted before the answer of the statement that caused it, and messages
 *   arrive in order: it is heard before the code that awaited that statement goes on, as in-process.
 * - Values cross as PostgreSQL's text and are parsed here, with PGlite's own parsers and the call's:
 *   strings are cheap to pass between threads where objects are not, and the thread, the busier of
 *   the two under load, does no parsing (not even the JSON of a batch: db/batch.ts).
 */

export type ThreadData = { dataDir: string | null; from: ArrayBuffer | null; settings?: PgliteSettings };

type RowMode = 'array' | 'object';
export type Call = { id: number } & (
  | { op: 'query'; tx?: number; text: string; params?: unknown[]; rowMode?: RowMode }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin'; tx: number }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);
type CallBody = Call extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

export type ThreadError = {
  name: string;
  message: string;
  /** PostgreSQL's own error (PGlite's `DatabaseError`), not one of PGlite's JavaScript. */
  database?: boolean;
  fields: Record<string, string | number>;
};

export type FromThread =
  /** Ready, with each type that has an array type: [the element's type, the array's]. */
  | { kind: 'ready'; arrays: [number, number][] }
  | { kind: 'answer'; id: number; value: unknown }
  | { kind: 'failed'; id: number; error: ThreadError }
  | { kind: 'notice'; channel: string; payload: string };

type Parser = (value: string, type?: number) => unknown;
type Parsers = Record<number, Parser>;
type QueryOptions = { rowMode?: RowMode; parsers?: Parsers };

export type RemoteTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

/** The thread's entry: it registers tsx's loader there, then runs `pglite-thread.ts`. */
const THREAD_FILE = new URL('./pglite-thread.mjs', import.meta.url);

/** PGlite's parsers, with an array type's made as PGlite makes them (its `_initArrayTypes`). */
function parsersWith(arrays: [number, number][]): Parsers {
  const parsers: Parsers = { ...(types.parsers as Parsers) };
  for (const [element, array] of arrays) {
    parsers[array] = (value) => types.arrayParser(value, parsers[element] as Parser, array);
  }
  return parsers;
}

/**
 * `result`'s values parsed in place, as PGlite's `parseResults` parses them (db/pglite-thread.ts passed
 * the text): by the call's own parser for a column's type, else by PGlite's.
 */
function parseValues(result: Results, parsers: Parsers, own?: Parsers): Results {
  const { fields, rows } = result;
  if (!rows.length || !fields.length) return result;
  const parsing = fields.map((field) => own?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
  if (Array.isArray(rows[0])) {
    for (const row of rows as unknown[][]) {
      for (let i = 0; i < parsing.length; i++) {
        const parse = parsing[i];
        const value = row[i];
        if (parse && value !== null) row[i] = parse(value as string, fields[i]!.dataTypeID);
      }
    }
    return result;
  }
  // An object keeps the last of two columns of one name, as PGlite's does.
  const last = new Map<string, number>();
  for (const [i, field] of fields.entries()) last.set(field.name, i);
  for (const row of rows as Record<string, unknown>[]) {
    for (const [name, i] of last) {
      const parse = parsing[i];
      const value = row[name];
      if (parse && value !== null && value !== undefined)
        row[name] = parse(value as string, fields[i]!.dataTypeID);
    }
  }
  return result;
}

function rebuild(error: ThreadError): Error {
  const rebuilt: Error = error.database
    ? new messages.DatabaseError(error.message, 0, 'error')
    : new Error(error.message);
  Object.assign(rebuilt, error.fields);
  if (!error.database) rebuilt.name = error.name;
  return rebuilt;
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  /**
   * Settles when the thread ends other than by `close` (an uncaught error there, PostgreSQL's abort):
   * every later call fails, so the process should stop for its supervisor to start it again
   * (`stopWhenDatabaseLost`, db/client.ts).
   */
  readonly lost: Promise<Error>;
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  /** PGlite's parsers, array types included, once the thread is ready. */
  #parsers: Parsers = {};
  #nextCall = 1;
  #nextTransaction = 1;
  #stopped: Error | null = null;
  #closing = false;

  /** `file` is the thread's entry: the tests give one that dies (pglite-remote.test.ts). */
  constructor(data: ThreadData, file: URL = THREAD_FILE) {
    this.#worker = new Worker(file, { workerData: data, transferList: data.from ? [data.from] : [] });
    let ready: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.#worker.on('message', (message: FromThread) => {
      if (message.kind === 'ready') {
        this.#parsers = parsersWith(message.arrays);
        ready();
      } else if (message.kind === 'notice')
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      else if (message.kind === 'failed' && message.id === 0) failed(rebuild(message.error));
      else this.#settle(message);
    });
    let lost: (error: Error) => void = () => undefined;
    this.lost = new Promise<Error>((resolve) => {
      lost = resolve;
    });
    const stop = (error: Error) => {
      if (!this.#closing && !this.#stopped) lost(error);
      this.#stopped ??= error;
      failed(error);
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) =>
      stop(new Error(`The embedded database's thread ended (exit code ${code}).`)),
    );
  }

  #settle(message: Extract<FromThread, { id: number }>): void {
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return;
    this.#waiting.delete(message.id);
    if (message.kind === 'answer') waiting.resolve(message.value);
    else waiting.reject(rebuild(message.error));
  }

  #call<T>(body: CallBody): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextCall++;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...body, id });
      } catch (error) {
        // A value that cannot cross to the thread (a function among the parameters): refused here.
        this.#waiting.delete(id);
        reject(error);
      }
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#exec(text);
  }

  // A transaction's statements go through these, not through `query` and `exec`: as with PGlite's own
  // handle, what wraps the client's `query` (db/prepared.ts, the tests' count) sees them only once.
  async #query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> {
    const result = await this.#call<Results>({ op: 'query', tx, text, params, rowMode: options?.rowMode });
    return parseValues(result, this.#parsers, options?.parsers) as Results<T>;
  }

  async #exec(text: string, tx?: number): Promise<Results[]> {
    const results = await this.#call<Results[]>({ op: 'exec', tx, text });
    return results.map((result) => parseValues(result, this.#parsers));
  }

  /** As PGlite's: BEGIN, the callback, COMMIT (or ROLLBACK when it throws, or when it rolled back itself). */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTransaction++;
    await this.#call({ op: 'begin', tx });
    let closed = false;
    const handle: RemoteTransaction = {
      query: (text, params, options) => this.#query(text, params, options, tx),
      exec: (text) => this.#exec(text, tx),
      rollback: async () => {
        await this.#call({ op: 'rollback', tx });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      // The callback's error is the one to report; a failed ROLLBACK behind it is PGlite's to log.
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: 'listen', channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
    };
  }

  async dumpDataDir(_compression?: 'none'): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump' })]);
  }

  /** PGlite closed in its thread (its files left whole), then the thread ended, whatever the close said. */
  async close(): Promise<void> {
    this.#closing = true;
    try {
      if (!this.#stopped) await this.#call({ op: 'close' });
    } finally {
      this.#stopped ??= new Error("The embedded database's thread ended: the database was closed.");
      await this.#worker.terminate();
    }
  }
}
