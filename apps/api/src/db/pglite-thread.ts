import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';
import type { Call, FromThread, ThreadData, ThreadError } from './pglite-remote';
import { preparePglite } from './prepared';

/**
 * The embedded database's own thread (decision 119): PGlite, its statements prepared as on the main
 * thread before (db/prepared.ts), answering the calls `pglite-remote.ts` posts. PostgreSQL's work runs
 * here, the server's JavaScript on the main thread, each on a core of its own.
 */

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread of the server (db/pglite-remote.ts).');
const { dataDir, from, settings } = workerData as ThreadData;
const client = new PGlite(pgliteOptions(dataDir, from ? new Blob([from]) : undefined, settings ?? {}));
preparePglite(client);

/** What WebAssembly throws when PostgreSQL's code aborts or traps (Node has it; the project's types do not). */
const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: typeof Error } })
  .WebAssembly;

const post = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

/** What the main thread can rebuild: the message and every plain field PostgreSQL's error carries. */
function describe(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, database: 'severity' in error, fields };
}

/** Each type that has an array type, as PGlite reads them when it starts: [the element's, the array's]. */
async function arrayTypes(): Promise<[number, number][]> {
  const { rows } = await client.query<{ oid: number; typarray: number }>(`
    SELECT b.oid, b.typarray
    FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A'
    GROUP BY b.oid, b.typarray
    ORDER BY b.oid`);
  return rows.map((row) => [row.oid, row.typarray]);
}

/** The transactions open, by the main thread's number: the handle, and how to end it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
/** Each transaction's outcome (its COMMIT or ROLLBACK done), by the main thread's number. */
const ending = new Map<number, Promise<void>>();
/** Thrown inside PGlite's transaction to roll it back; not an error of the call that ended it. */
const ROLLED_BACK = Symbol('rolled back');

/** Opens transaction `txId`; call `callId` is answered once BEGIN has run (or failed). */
function begin(txId: number, callId: number): void {
  let begun = false;
  const settled = client
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          begun = true;
          open.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLED_BACK)) });
          post({ kind: 'answer', id: callId, value: null });
        }),
    )
    .then(
      () => undefined,
      (error) => {
        if (error !== ROLLED_BACK) throw error;
      },
    );
  ending.set(txId, settled);
  settled.catch((error) => {
    if (begun) return; // the end's call reports it
    ending.delete(txId);
    post({ kind: 'failed', id: callId, error: describe(error) });
  });
}

async function answer(call: Call): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (call.op) {
    case 'query': {
      const on = call.tx === undefined ? client : open.get(call.tx)?.tx;
      if (!on) throw new Error('The transaction has ended.');
      const options = call.rowMode ? { rowMode: call.rowMode } : undefined;
      const result: Results = await on.query(call.text, call.params, options);
      return { value: result };
    }
    case 'exec': {
      const on = call.tx === undefined ? client : open.get(call.tx)?.tx;
      if (!on) throw new Error('The transaction has ended.');
      return { value: await on.exec(call.text) };
    }
    case 'begin':
      begin(call.tx, call.id);
      return { value: null };
    case 'rollback': {
      const handle = open.get(call.tx);
      if (!handle) throw new Error('The transaction has ended.');
      await handle.tx.rollback();
      return { value: null };
    }
    case 'end': {
      const handle = open.get(call.tx);
      const settled = ending.get(call.tx);
      if (!handle || !settled) throw new Error('The transaction has ended.');
      open.delete(call.tx);
      ending.delete(call.tx);
      handle.end(call.commit);
      await settled;
      return { value: null };
    }
    case 'listen':
      await client.listen(call.channel, (payload) =>
        post({ kind: 'notice', channel: call.channel, payload }),
      );
      return { value: null };
    case 'dump': {
      const bytes = await (await client.dumpDataDir('none')).arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case 'close':
      await client.close();
      return { value: null };
  }
}

port.on('message', (call: Call) => {
  answer(call).then(
    ({ value, transfer }) => {
      // `begin` is answered once its transaction holds the session (above).
      if (call.op !== 'begin') post({ kind: 'answer', id: call.id, value }, transfer);
      if (call.op === 'close') port.close();
    },
    (error) => {
      post({ kind: 'failed', id: call.id, error: describe(error) });
      // PostgreSQL's WebAssembly aborted or trapped: its memory is in no state to answer another
      // statement. The thread ends with the error, and the main thread's `lost` says so (decision 119).
      if (error instanceof RuntimeError)
        queueMicrotask(() => {
          throw error;
        });
    },
  );
});

client.waitReady
  .then(async () => {
    const arrays = await arrayTypes();
    // Every type PGlite parses is handed over as its text, and parsed on the main thread
    // (db/pglite-remote.ts). PGlite's own parsers, array types included, are read by then.
    const asText = (value: string) => value;
    client.parsers = Object.fromEntries(Object.keys(client.parsers).map((type) => [type, asText]));
    post({ kind: 'ready', arrays });
  })
  .catch((error) => post({ kind: 'failed', id: 0, error: describe(error) }));
