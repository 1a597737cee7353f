import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Locks the family's row: false when the studio has no such family. NO KEY UPDATE, as every writer of a
 * family takes it (decision 126): writers wait for each other, but a row inserted naming the family (a
 * make-up credit, a log line, a mail) takes only KEY SHARE and does not wait. Under FOR UPDATE a closure
 * or a roll holding a class and inserting for its families waited for a family that held its row and
 * waited for that class (a registration): a deadlock. Deleting a family takes FOR UPDATE (`findFamily`).
 */
export async function lockFamilyRow(tx: Db, companyId: string, familyId: string): Promise<boolean> {
  const [row] = await familyLock(tx, { companyId, familyId });
  return row !== undefined;
}

/** lockFamilyRow's statement, built once (decision 124): every ledger write of a family takes it. */
const familyLock = preparedRows<{ id: string }, 'companyId' | 'familyId'>(
  ['companyId', 'familyId'],
  (p) => sql`select ${familyAccounts.id} from ${familyAccounts}
    where ${familyAccounts.companyId} = ${p.companyId} and ${familyAccounts.id} = ${p.familyId}
    for no key update`,
);

/**
 * Locks several families' rows in id order, in one statement, as every writer of several families'
 * books does (so two of them never wait on each other in a circle): for a writer that must hold them
 * before other rows, as a registration holds its family before the classes it joins. Answers the ids of
 * those that are the studio's (another studio's or an unknown id is not locked and not answered).
 */
export async function lockFamilyRows(
  tx: Db,
  companyId: string,
  familyIds: readonly string[],
): Promise<string[]> {
  if (familyIds.length === 0) return [];
  const locked = await tx
    .select({ id: familyAccounts.id })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), inArray(familyAccounts.id, [...new Set(familyIds)])))
    .orderBy(asc(familyAccounts.id))
    .for('no key update');
  return locked.map((f) => f.id);
}
