import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedRows } from '../../../db/rows';
import { familyAccounts } from '../../../db/schema/families';
import { type Book, readBook } from '../book';
import type { Poster } from '../post';
import type { LedgerWrites } from './writes';

/**
 * What moves a family's money (decision 027), each inside the caller's transaction after `lockBook`:
 * charges, payments, credit applied, items removed, refunds, payments reversed. Each posts balanced
 * entries under an idempotency key, so the same request or job run twice posts once. One file per
 * operation (decision 045): post-charge, record-payment, apply-credit, remove-charge, refund,
 * reverse-payment; here the lock and the context they share, in standing.ts what a due item asks, in
 * book-writes.ts the bill and allocation rows they write.
 */
export type LedgerCtx = {
  tx: Db;
  companyId: string;
  familyId: string;
  /** The studio's today: the day things are posted on. */
  today: string;
  by: Poster;
  /**
   * When set, the operation's rows are kept here and sent as one statement at its end (decision 078);
   * the keys posted already and the closed day were read with the book, under the lock.
   */
  writes?: LedgerWrites;
};

/**
 * Locks the family's row (every ledger write of a family holds it, so no two interleave) and reads its
 * books. Null when the studio has no such family.
 */
export async function lockBook(tx: Db, companyId: string, familyId: string): Promise<Book | null> {
  if (!(await lockFamilyRow(tx, companyId, familyId))) return null;
  return readBook(tx, companyId, familyId);
}

/** Locks the family's row (FOR UPDATE): false when the studio has no such family. */
export async function lockFamilyRow(tx: Db, companyId: string, familyId: string): Promise<boolean> {
  const [row] = await familyLock(tx, { companyId, familyId });
  return row !== undefined;
}

/** lockFamilyRow's statement, built once (decision 124): every ledger write of a family takes it. */
const familyLock = preparedRows<{ id: string }, 'companyId' | 'familyId'>(
  ['companyId', 'familyId'],
  (p) => sql`select ${familyAccounts.id} from ${familyAccounts}
    where ${familyAccounts.companyId} = ${p.companyId} and ${familyAccounts.id} = ${p.familyId} for update`,
);
