import { randomUUID } from 'node:crypto';
import type { ChargeCategory } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type LedgerKind, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import type { LedgerWrites } from './operations/writes';
import { datedIn, type OnClosedMonth, openMonthDating } from './periods';

/**
 * Posting (decision 027): a ledger transaction and its entries, balanced, written once. Everything that
 * moves money calls `post` inside a transaction that holds the family's lock.
 */

/** The accounts. A debit is positive; each transaction's entries sum to zero. */
export const ACCOUNTS = {
  receivable: 'receivable',
  credit: 'credit',
  refunds: 'refunds',
  revenue: (category: ChargeCategory) => `revenue:${category}` as const,
  /**
   * The other side of what a family brought from the old system (decision 056): the studio's equity,
   * not this year's revenue.
   */
  openingBalances: 'opening_balances',
  /** The other side of a charge of the category: its revenue, or for an opening balance the opening balances. */
  chargeSide: (category: ChargeCategory) =>
    category === 'opening_balance' ? 'opening_balances' : (`revenue:${category}` as const),
  /**
   * A bank debit's money in transit (decision 067): booked here when the processor takes the debit, moved
   * to the processor's clearing (`card`) when it clears, taken back from where it sits when returned.
   */
  bankDebits: 'bank_debits',
  /** Where money of a method arrives (and a refund to it leaves); a bank debit's, in transit. */
  method: (method: 'cash' | 'check' | 'terminal' | 'card' | 'bank') =>
    method === 'bank' ? ('bank_debits' as const) : method,
} as const;

export type Posting = { account: string; amount: number };

/**
 * Who posts: a person (by id, their name read at posting and kept), or the product ("Billing"). A
 * caller that holds the person's name already (a card attempt keeps it) gives it as `name`, for the
 * book's copy of what is posted: the row's name is still read by the statement that writes it.
 */
export type Poster = { userId: string; name?: string } | { system: string };

/** The poster's name as the book's copy in memory shows it ('' for a person whose name is not at hand). */
export const bookPosterName = (by: Poster): string => ('system' in by ? by.system : (by.name ?? ''));

/** Who posted, as the row keeps it: the person's name (read in the statement that writes), or the job's. */
export const posterName = (by: Poster) =>
  'system' in by
    ? by.system
    : sql<string>`coalesce((select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${by.userId}), 'Staff')`;

export type PostArgs = {
  companyId: string;
  familyId: string;
  invoiceId: string | null;
  kind: LedgerKind;
  effectiveDate: string;
  /** What makes it the same posting twice (unique per studio). */
  key: string;
  reversesId?: string | null;
  reason: string;
  by: Poster;
  entries: Posting[];
  /**
   * Dated in a closed month: a person's entry is refused with a sentence (`refuse`); the product's own
   * posting, a late job's or a correction's, is dated the first open day and names the month (`move`,
   * the default). Decision 050.
   */
  onClosedMonth?: OnClosedMonth;
};

/** Same accounts merged, zeros left out. Throws on entries that do not balance: a bug, never input. */
export function balanced(entries: readonly Posting[]): Posting[] {
  const byAccount = new Map<string, number>();
  for (const e of entries) {
    if (!Number.isInteger(e.amount)) throw new Error(`ledger: ${e.amount} is not whole cents (${e.account})`);
    byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + e.amount);
  }
  const merged = [...byAccount]
    .filter(([, amount]) => amount !== 0)
    .map(([account, amount]) => ({ account, amount }));
  const sum = merged.reduce((s, e) => s + e.amount, 0);
  if (sum !== 0) throw new Error(`ledger: entries sum to ${sum} cents, not 0: ${JSON.stringify(merged)}`);
  return merged;
}

/**
 * Writes a ledger transaction with its entries. Returns its id, or null when a transaction with the same
 * key (or reversing the same transaction) exists already: posted twice is posted once.
 */
export async function post(tx: Db, args: PostArgs, writes?: LedgerWrites): Promise<string | null> {
  const entries = balanced(args.entries);
  if (writes) return postLater(writes, args, entries);
  const dated = await openMonthDating(tx, args.companyId, args, args.onClosedMonth ?? 'move');
  const [row] = await tx
    .insert(ledgerTransactions)
    .values(transactionRow(args, dated))
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  if (!row) return null;
  if (entries.length > 0) {
    await tx.insert(ledgerEntries).values(
      entries.map((e) => ({
        txId: row.id,
        companyId: args.companyId,
        familyId: args.familyId,
        account: e.account,
        amount: e.amount,
      })),
    );
  }
  return row.id;
}

/** The ledger transaction's row of a posting, dated as its month allows. */
function transactionRow(args: PostArgs, dated: { effectiveDate: string; reason: string }) {
  return {
    companyId: args.companyId,
    familyId: args.familyId,
    invoiceId: args.invoiceId,
    kind: args.kind,
    effectiveDate: dated.effectiveDate,
    idempotencyKey: args.key,
    reversesId: args.reversesId ?? null,
    reason: dated.reason,
    createdBy: 'userId' in args.by ? args.by.userId : null,
    createdByName: posterName(args.by),
  };
}

/** `post` into a write's rows, sent with the rest of them (decision 078): the same rows, the same answer. */
function postLater(writes: LedgerWrites, args: PostArgs, entries: Posting[]): string | null {
  if (writes.posted.has(args.key)) return null;
  const dated = datedIn(writes.closedThrough, args, args.onClosedMonth ?? 'move');
  const id = randomUUID();
  writes.posted.add(args.key);
  writes.transactions.push({ id, ...transactionRow(args, dated) });
  writes.entries.push(
    ...entries.map((e) => ({
      txId: id,
      companyId: args.companyId,
      familyId: args.familyId,
      account: e.account,
      amount: e.amount,
    })),
  );
  return id;
}

/** The ledger transaction posted under `key` in the studio, if any: a request sent again finds its first. */
export async function findPosted(tx: Db, companyId: string, key: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.companyId, companyId), eq(ledgerTransactions.idempotencyKey, key)));
  return row?.id ?? null;
}
