import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Independent reads, each started by its function: side by side on the pool, each on a connection of its
 * own; one after another, in the order given, on a transaction, whose one connection answers one
 * statement at a time (decision 118). For a read given `db` by callers inside and outside transactions;
 * where every caller is in a transaction, plain awaits in turn (or one `batch`) say it better.
 */
export async function sideBySide<const R extends Reads>(
  db: Db,
  reads: R,
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Answers = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}
