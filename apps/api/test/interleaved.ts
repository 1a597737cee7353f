import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { lockBook } from '../src/modules/ledger';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Write = (tx: Db) => Promise<void>;

/** Whether the tests run on a PostgreSQL server, where two transactions can be held open at once. */
export const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** A promise and the function that resolves it: a step one transaction takes and another waits for. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Waits until some statement of this database waits for a lock (polled for at most 5 s), or throws. */
export async function someoneWaits(db: Db, failure = 'nothing waited for a lock'): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.n > 0) return;
    await sleep(10);
  }
  throw new Error(failure);
}

/**
 * `first` writes in a transaction held open; then `second` writes in another, on another connection;
 * once `second` is done or has waited 300 ms (for a lock), `first` commits. Answers whether `second`
 * had to wait. On PostgreSQL only (PGlite has one connection).
 */
export async function interleaved(db: Db, first: Write, second: Write): Promise<'waited' | 'went on'> {
  const { opened: held, open: release } = gate();
  const { opened: written, open: wrote } = gate();
  const withTimeouts = async (tx: Db) => {
    await tx.execute(sql`set local lock_timeout = '5s'`);
    await tx.execute(sql`set local statement_timeout = '10s'`);
  };
  const one = db.transaction(async (tx) => {
    await withTimeouts(tx);
    await first(tx);
    wrote();
    await held;
  });
  const firstFailed = one.catch(() => 'failed' as const);
  if ((await Promise.race([written.then(() => 'wrote' as const), firstFailed])) === 'failed') await one;
  const two = db.transaction(async (tx) => {
    await withTimeouts(tx);
    await second(tx);
  });
  const order = await Promise.race([
    two.then(
      () => 'went on' as const,
      () => 'went on' as const,
    ),
    sleep(300).then(() => 'waited' as const),
  ]);
  release();
  await Promise.all([one, two]);
  return order;
}

/**
 * As a registration takes its rows: the family's, as every writer of a family takes it (`lockBook`);
 * then, once `go` resolves, the class, as joining it takes it (FOR UPDATE); then a write to the family,
 * and the commit. `holding` resolves once the family is held. PostgreSQL only.
 */
export function registrationHolding(
  db: Db,
  row: { companyId: string; familyId: string; classId: string },
  go: Promise<void>,
): { holding: Promise<void>; done: Promise<void> } {
  const { opened: holding, open: held } = gate();
  const done = db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '5s'`);
    if (!(await lockBook(tx, row.companyId, row.familyId))) throw new Error('no such family');
    held();
    await go;
    await tx.execute(sql`select id from classes where id = ${row.classId} for update`);
    await tx.execute(sql`update family_accounts set updated_at = now() where id = ${row.familyId}`);
  });
  return { holding, done };
}
