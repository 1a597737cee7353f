import { formatDateOnly, centsToDollars as usd } from '@pirouette/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import type { Book } from './book';

/**
 * A family's history: each ledger transaction with what it did to the balance (the receivable) and to
 * the credit, oldest first, in one statement. The money panel shows the latest; a statement picks a range.
 */
export function readHistory(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      date: ledgerTransactions.effectiveDate,
      reason: ledgerTransactions.reason,
      by: ledgerTransactions.createdByName,
      reversesId: ledgerTransactions.reversesId,
      receivable: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'receivable'), 0)::int`,
      credit: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'credit'), 0)::int`,
      method: sql<
        string | null
      >`min(${ledgerEntries.account}) filter (where ${ledgerEntries.account} in ('cash', 'check', 'terminal', 'card'))`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.txId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, companyId),
        eq(ledgerTransactions.familyId, familyId),
        // A bank debit cleared moves nothing of the family's (decision 067): the payment's line says it.
        ne(ledgerTransactions.kind, 'cleared'),
      ),
    )
    .groupBy(ledgerTransactions.id)
    .orderBy(asc(ledgerTransactions.seq), asc(ledgerTransactions.id));
}

export type HistoryRow = Awaited<ReturnType<typeof readHistory>>[number];

const METHOD_WORDS: Record<string, string> = {
  cash: 'Cash',
  check: 'Check',
  terminal: 'Card at the studio',
  bank: 'Bank debit',
  card: 'Card on file',
  credit: 'Credit',
};

/** What a ledger transaction was, in a few words a parent understands (dates in words, never ISO). */
export function describe(book: Book, row: HistoryRow): string {
  const charge = book.charges.find((c) => c.id === row.id);
  const payment = book.payments.find((p) => p.id === row.id);
  switch (row.kind) {
    case 'charge':
      return charge ? (charge.total < 0 ? `Credit: ${charge.item}` : charge.item) : 'Charge';
    case 'payment':
      return payment
        ? `${METHOD_WORDS[payment.method]} payment${payment.reference ? ` (${payment.reference})` : ''}`
        : 'Payment';
    case 'credit_applied':
      return 'Credit applied';
    case 'reversal': {
      const c = book.charges.find((x) => x.id === row.reversesId);
      if (c) return c.category === 'late_fee' ? `Waived: ${c.item}` : `Removed: ${c.item}`;
      const p = book.payments.find((x) => x.id === row.reversesId);
      return p
        ? `Payment taken back: ${METHOD_WORDS[p.method]} of ${formatDateOnly(p.receivedOn)}`
        : 'Correction';
    }
    case 'refund':
      return `Refund${row.method ? ` (${METHOD_WORDS[row.method]})` : ' as credit'}`;
    case 'dispute': {
      const p = book.payments.find((x) => x.id === row.reversesId);
      return `Card payment disputed${p?.reference ? ` (${p.reference})` : ''}`;
    }
    case 'bounce': {
      const p = book.payments.find((x) => x.id === row.reversesId);
      const what = p?.method === 'bank' ? 'Bank debit returned' : 'Check returned';
      return `${what}${p?.reference ? ` (${p.reference})` : ''}`;
    }
    case 'cleared':
      return 'Bank debit cleared';
  }
}

/** The history as the panel shows it, newest first, with the balance after each line. */
export function presentHistory(book: Book, rows: HistoryRow[], limit = 100) {
  let balance = 0;
  const all = rows.map((r) => {
    balance += r.receivable;
    return {
      id: r.id,
      kind: r.kind,
      date: r.date,
      description: describe(book, r),
      reason: r.reason,
      by: r.by,
      balance: usd(r.receivable),
      credit: usd(r.credit),
      balanceAfter: usd(balance),
    };
  });
  // Lines that move neither (a refund of credit as cash moves the credit) still show.
  return { history: all.reverse().slice(0, limit), truncated: all.length > limit };
}
