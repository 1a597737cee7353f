import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { familyAccounts } from '../../db/schema/families';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/**
 * The family ledger read by account for the books (issue 34, decision 051): what sits in an account
 * (card money in `card`, the books' card clearing) and the transactions that put it there, less those a
 * later step took out (a payout's payments), given as a subquery of transaction ids by the module that
 * knows them (books), so the ledger reads no table but its own.
 */

export type AccountMovement = {
  txId: string;
  familyId: string;
  familyName: string;
  effectiveDate: string;
  kind: string;
  reason: string;
  /** The transaction's net on the accounts: a card payment positive, a refund to the card negative. */
  amount: number;
};

type AccountMovements = {
  /** The accounts' balance over every transaction. */
  balance: number;
  /** The transactions not excluded: how many, their sum, and one page of them, newest first. */
  open: { count: number; sum: number; rows: AccountMovement[] };
};

export async function accountMovements(
  db: Db,
  opts: {
    companyId: string;
    accounts: string[];
    /** A subquery, in parentheses, of the ledger transaction ids to leave out (never null). */
    excluding: SQL;
    limit: number;
    offset: number;
  },
): Promise<AccountMovements> {
  const e = ledgerEntries;
  const t = ledgerTransactions;
  const inAccounts = and(eq(e.companyId, opts.companyId), inArray(e.account, opts.accounts));
  const open = and(inAccounts, sql`${e.txId} not in ${opts.excluding}`);
  const [totals] = await db
    .select({
      balance: sql<number>`coalesce(sum(${e.amount}), 0)::int`,
      openSum: sql<number>`coalesce(sum(${e.amount}) filter (where ${e.txId} not in ${opts.excluding}), 0)::int`,
      openCount: sql<number>`count(distinct ${e.txId}) filter (where ${e.txId} not in ${opts.excluding})::int`,
    })
    .from(e)
    .where(inAccounts);
  const amount = sql<number>`sum(${e.amount})::int`;
  const rows = await db
    .select({
      txId: t.id,
      familyId: t.familyId,
      familyName: sql<string>`coalesce(max(${familyAccounts.lastName}), '')`,
      effectiveDate: t.effectiveDate,
      kind: t.kind,
      reason: t.reason,
      amount,
    })
    .from(e)
    .innerJoin(t, eq(t.id, e.txId))
    .leftJoin(familyAccounts, eq(familyAccounts.id, t.familyId))
    .where(open)
    .groupBy(t.id)
    .orderBy(desc(t.effectiveDate), desc(t.seq))
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    balance: totals?.balance ?? 0,
    open: { count: totals?.openCount ?? 0, sum: totals?.openSum ?? 0, rows },
  };
}
