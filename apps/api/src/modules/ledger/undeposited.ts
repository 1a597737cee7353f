import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { familyAccounts } from '../../db/schema/families';
import { ledgerPayments, ledgerTransactions } from '../../db/schema/ledger';
import { sideBySide } from '../../db/side-by-side';

/**
 * What the books deposit (issue 34 item 3, decision 050): the family ledger's cash, check and terminal
 * payments that stand (not taken back: no bounce, reversal or dispute), read for the books module, which
 * owns the deposits and says which are deposited already (`notDeposited`, a condition on the payment's
 * transaction id, so the page is one query and no table crosses the module's door).
 */

const DEPOSITED_METHODS = ['cash', 'check', 'terminal'] as const;

export type DepositablePayment = {
  paymentId: string;
  familyId: string;
  family: string;
  method: (typeof DEPOSITED_METHODS)[number];
  reference: string;
  receivedOn: string;
  amount: number;
};

export type DepositableFilter = {
  companyId: string;
  /** The books' condition: the payment (its transaction id, SQL of this query) is in no deposit. */
  notDeposited: (paymentTxId: SQL) => SQL;
  upTo?: string;
  /** Only these payments. */
  ids?: readonly string[];
  /** Those taken back too (a deposit's slip lists what it held). */
  includeTakenBack?: boolean;
};

function where(f: DepositableFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(ledgerPayments.companyId, f.companyId),
    inArray(ledgerPayments.method, [...DEPOSITED_METHODS]),
    f.includeTakenBack
      ? undefined
      : sql`not exists (select 1 from ${ledgerTransactions} r where r.reverses_id = ${ledgerPayments.txId})`,
    f.notDeposited(sql`${ledgerPayments.txId}`),
    f.upTo ? lte(ledgerPayments.receivedOn, f.upTo) : undefined,
    f.ids ? inArray(ledgerPayments.txId, [...f.ids]) : undefined,
  ];
  return and(...conditions)!;
}

const columns = {
  paymentId: ledgerPayments.txId,
  familyId: ledgerPayments.familyId,
  family: familyAccounts.lastName,
  method: ledgerPayments.method,
  reference: ledgerPayments.reference,
  receivedOn: ledgerPayments.receivedOn,
  amount: ledgerPayments.total,
};

/** A page of the payments waiting to be deposited, oldest first, and the sums of all of them by method. */
export async function undepositedPayments(
  db: Db,
  f: DepositableFilter,
  page: { page: number; pageSize: number },
) {
  const base = db
    .select(columns)
    .from(ledgerPayments)
    .innerJoin(familyAccounts, eq(familyAccounts.id, ledgerPayments.familyId))
    .where(where(f));
  // Side by side on the pool; in turn inside a deposit's transaction.
  const [items, [sums]] = await sideBySide(db, [
    () =>
      base
        .orderBy(asc(ledgerPayments.receivedOn), asc(ledgerPayments.txId))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
    () =>
      db
        .select({
          count: sql<number>`count(*)::int`,
          cash: sql<number>`coalesce(sum(${ledgerPayments.total}) filter (where ${ledgerPayments.method} = 'cash'), 0)::int`,
          check: sql<number>`coalesce(sum(${ledgerPayments.total}) filter (where ${ledgerPayments.method} = 'check'), 0)::int`,
          terminal: sql<number>`coalesce(sum(${ledgerPayments.total}) filter (where ${ledgerPayments.method} = 'terminal'), 0)::int`,
        })
        .from(ledgerPayments)
        .where(where(f)),
  ]);
  return {
    items: items as DepositablePayment[],
    count: sums?.count ?? 0,
    sums: sums ?? { cash: 0, check: 0, terminal: 0 },
  };
}

/**
 * For a deposit, in its transaction: the families of the payments it may take are locked FOR SHARE
 * (every write of a family's books holds its row FOR NO KEY UPDATE, which FOR SHARE waits for and
 * blocks, so a payment cannot be taken back while a deposit takes it, nor deposited while it is taken
 * back), then the payments that still stand and wait
 * are read, oldest first.
 */
export async function lockDepositable(tx: Db, f: DepositableFilter): Promise<DepositablePayment[]> {
  await tx
    .select({ id: familyAccounts.id })
    .from(familyAccounts)
    .where(
      and(
        eq(familyAccounts.companyId, f.companyId),
        inArray(
          familyAccounts.id,
          tx.select({ id: ledgerPayments.familyId }).from(ledgerPayments).where(where(f)),
        ),
      ),
    )
    .orderBy(asc(familyAccounts.id))
    .for('share', { of: familyAccounts });
  const rows = await tx
    .select(columns)
    .from(ledgerPayments)
    .innerJoin(familyAccounts, eq(familyAccounts.id, ledgerPayments.familyId))
    .where(where(f))
    .orderBy(asc(ledgerPayments.receivedOn), asc(ledgerPayments.txId));
  return rows as DepositablePayment[];
}
