import { and, asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { sandboxFinixResources } from '../../db/schema/payments';

/**
 * Where the simulated Finix (engine.ts) keeps what it holds: in memory (tests, the fake Finix server), or
 * in our database (the sandbox provider), so "the processor" remembers across our server's restarts.
 */

export type RecordKind =
  | 'token'
  | 'identity'
  | 'instrument'
  | 'transfer'
  | 'reversal'
  | 'authorization'
  | 'dispute'
  | 'merchant'
  | 'verification'
  | 'event'
  // Settlements (engine-settlements.ts): the settlement, its funding transfer, a dispute's movement of money.
  | 'settlement'
  | 'funding'
  | 'adjustment'
  // The card account updater's batches (engine-updater.ts, decision 071).
  | 'instrument_update';

export type JsonObject = { [key: string]: unknown };

export type EngineRecord = {
  id: string;
  kind: RecordKind;
  /** Unique among the records of a kind: the same request sent twice finds what the first made. */
  idempotencyId: string | null;
  /** A reversal's and a dispute's transfer. */
  parentId: string | null;
  body: JsonObject;
  createdAt: Date;
  updatedAt: Date;
};

export interface EngineStore {
  get(id: string): Promise<EngineRecord | null>;
  byIdempotency(kind: RecordKind, idempotencyId: string): Promise<EngineRecord | null>;
  /** The records of a kind under a parent, oldest first. */
  children(kind: RecordKind, parentId: string): Promise<EngineRecord[]>;
  /** Every record of a kind, oldest first. */
  all(kind: RecordKind): Promise<EngineRecord[]>;
  /** Adds a record; false when its kind holds its idempotency id already (a request at the same time won). */
  insert(record: EngineRecord): Promise<boolean>;
  update(id: string, body: JsonObject, updatedAt: Date): Promise<void>;
  /** The events not delivered yet, marked delivered in the same step. */
  drainEvents(): Promise<EngineRecord[]>;
}

/**
 * What the engine keeps of a record beside Finix's own fields: under `sandbox` in the body, which is
 * never shown in an answer. An event's says whether `drainEvents` has handed it out, and its place in
 * the order of events (their times may be equal: a test's clock stands still).
 */
export type EventSandbox = { delivered: boolean; sequence: number };

export function memoryEngineStore(): EngineStore {
  const records = new Map<string, EngineRecord>();
  // Copies in and out, as a database would: nobody changes a stored record by holding on to it.
  const copy = (r: EngineRecord): EngineRecord => structuredClone(r);
  const oldestFirst = (list: EngineRecord[]) =>
    list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(copy);
  return {
    async get(id) {
      const r = records.get(id);
      return r ? copy(r) : null;
    },
    async byIdempotency(kind, idempotencyId) {
      const r = [...records.values()].find((x) => x.kind === kind && x.idempotencyId === idempotencyId);
      return r ? copy(r) : null;
    },
    async children(kind, parentId) {
      return oldestFirst([...records.values()].filter((x) => x.kind === kind && x.parentId === parentId));
    },
    async all(kind) {
      return oldestFirst([...records.values()].filter((x) => x.kind === kind));
    },
    async insert(record) {
      const taken =
        records.has(record.id) ||
        (record.idempotencyId !== null &&
          [...records.values()].some(
            (x) => x.kind === record.kind && x.idempotencyId === record.idempotencyId,
          ));
      if (taken) return false;
      records.set(record.id, copy(record));
      return true;
    },
    async update(id, body, updatedAt) {
      const r = records.get(id);
      if (r) records.set(id, { ...r, body: structuredClone(body), updatedAt });
    },
    async drainEvents() {
      const due = [...records.values()].filter(
        (x) => x.kind === 'event' && (x.body.sandbox as EventSandbox).delivered === false,
      );
      for (const r of due) r.body.sandbox = { ...(r.body.sandbox as EventSandbox), delivered: true };
      return due.map(copy);
    },
  };
}

/**
 * The store over `sandbox_finix_resources`. It takes the database itself, never a transaction: each
 * change is its own statement, committed at once, as a remote processor's would be, so a rollback of
 * ours never undoes what "the processor" did.
 */
export function dbEngineStore(db: Db): EngineStore {
  if (db instanceof PgTransaction) {
    throw new Error(
      'The sandbox processor writes outside our transactions: give it the database, not a transaction.',
    );
  }
  const t = sandboxFinixResources;
  const toRecord = (row: typeof t.$inferSelect): EngineRecord => ({
    id: row.id,
    kind: row.kind as RecordKind,
    idempotencyId: row.idempotencyId,
    parentId: row.parentId,
    body: row.body as JsonObject,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
  return {
    async get(id) {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row ? toRecord(row) : null;
    },
    async byIdempotency(kind, idempotencyId) {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.kind, kind), eq(t.idempotencyId, idempotencyId)));
      return row ? toRecord(row) : null;
    },
    async children(kind, parentId) {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.kind, kind), eq(t.parentId, parentId)))
        .orderBy(asc(t.createdAt), asc(t.id));
      return rows.map(toRecord);
    },
    async all(kind) {
      const rows = await db.select().from(t).where(eq(t.kind, kind)).orderBy(asc(t.createdAt), asc(t.id));
      return rows.map(toRecord);
    },
    async insert(record) {
      const inserted = await db
        .insert(t)
        .values({ ...record })
        .onConflictDoNothing()
        .returning({ id: t.id });
      return inserted.length === 1;
    },
    async update(id, body, updatedAt) {
      await db.update(t).set({ body, updatedAt }).where(eq(t.id, id));
    },
    async drainEvents() {
      // One statement: two servers draining at once never hand out the same event twice.
      const rows = await db
        .update(t)
        .set({ body: sql`jsonb_set(${t.body}, '{sandbox,delivered}', 'true'::jsonb)` })
        .where(and(eq(t.kind, 'event'), sql`${t.body} #>> '{sandbox,delivered}' = 'false'`))
        .returning();
      return rows.map(toRecord);
    },
  };
}
