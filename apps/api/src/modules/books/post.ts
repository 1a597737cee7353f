import type { Db } from '../../db/client';
import { type BooksKind, booksEntries, booksTransactions } from '../../db/schema/books';
import {
  balanced,
  type OnClosedMonth,
  openMonthDating,
  type Poster,
  type Posting,
  posterName,
} from '../ledger';

/**
 * Posting to the studio journal (decision 050): a balanced transaction of book accounts (accounts.ts)
 * that is not a family's, written once under its key, dated in an open month. Called inside the
 * transaction that writes what it books (a deposit, a payout).
 */
export type BooksPostArgs = {
  companyId: string;
  kind: BooksKind;
  effectiveDate: string;
  /** What makes it the same posting twice (unique per studio): `payout:<settlement>`, `deposit:<n>`. */
  key: string;
  reversesId?: string | null;
  /** The processor's transfer it records (a ticket sale or refund, decision 074). */
  transferId?: string | null;
  reason: string;
  by: Poster;
  entries: Posting[];
  onClosedMonth?: OnClosedMonth;
};

/** Writes the transaction and its entries; null when one with the same key exists (posted once). */
export async function postBooks(tx: Db, args: BooksPostArgs): Promise<string | null> {
  const entries = balanced(args.entries);
  const dated = await openMonthDating(tx, args.companyId, args, args.onClosedMonth ?? 'move');
  const [row] = await tx
    .insert(booksTransactions)
    .values({
      companyId: args.companyId,
      kind: args.kind,
      effectiveDate: dated.effectiveDate,
      idempotencyKey: args.key,
      reversesId: args.reversesId ?? null,
      transferId: args.transferId ?? null,
      reason: dated.reason,
      createdBy: 'userId' in args.by ? args.by.userId : null,
      createdByName: posterName(args.by),
    })
    .onConflictDoNothing()
    .returning({ id: booksTransactions.id });
  if (!row) return null;
  if (entries.length > 0) {
    await tx.insert(booksEntries).values(
      entries.map((e) => ({
        txId: row.id,
        companyId: args.companyId,
        account: e.account,
        amount: e.amount,
      })),
    );
  }
  return row.id;
}
