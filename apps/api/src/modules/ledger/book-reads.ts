import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  dailyTotals,
  FAMILY_LEDGER,
  type LinePlace,
  type LinesQuery,
  type LinesRow,
  linesPageOf,
  linesPageWith,
  rowsOf,
  totalsThrough,
} from '../../db/journal-sums';
import { memoOf } from './reports';
import type { ExportEntryRow } from './reports.queries';

/**
 * What the books module reads of the family ledger for the accountant's reports (issue 34 item 4,
 * decision 052): sums per ledger account through a day, the lines of some accounts over a period a page
 * at a time, and each day's sum per account. One statement each, scoped by the studio; dates leave as
 * text, sums as numbers of cents. The books map each ledger account to a book account (bookAccountOf).
 */

export type { LinePlace };

/** Each ledger account's sum (a debit positive) of the entries dated on or before `through`. */
export const ledgerTotalsThrough = (db: Db, companyId: string, through: string) =>
  totalsThrough(db, FAMILY_LEDGER, companyId, through);

export type LedgerLine = LinePlace & { description: string; family: string; amount: number };

export type LedgerLinesPage = {
  /** The sum of the accounts' entries before `from`, through `to`, and from `from` through `after`. */
  opening: number;
  closing: number;
  before: number;
  /** How many lines the period holds. */
  count: number;
  /** The lines after `after` (from `from` without one), in order, at most `limit`. */
  lines: LedgerLine[];
};

/**
 * The entries of some ledger accounts over a period, a page after a place: with the sums that give the
 * running balance at the page's start (opening + before), the closing balance and the period's count, in
 * one statement (db/journal-sums.ts), each line named as the family's statement names it. No accounts:
 * nothing, without a query.
 */
export async function ledgerLinesPage(
  db: Db,
  q: LinesQuery & { accounts: readonly string[] },
): Promise<LedgerLinesPage> {
  if (q.accounts.length === 0) return { opening: 0, closing: 0, before: 0, count: 0, lines: [] };
  const { companyId } = q;
  const result = await db.execute(sql`
    ${linesPageWith(FAMILY_LEDGER, q)}
    select totals.opening, totals.closing, totals.before, totals.count,
      p.entry_id, p.date::text as date, p.seq, p.amount,
      t.id as tx_id, t.kind, t.reason, t.created_by_name as by, fa.last_name as family,
      c.item as charge_item, pay.method as payment_method, pay.reference as payment_reference,
      f.destination as refund_to, rc.item as reversed_item, rc.category as reversed_category,
      rp.method as reversed_method, rp.reference as reversed_reference, rp.received_on::text as reversed_received
    from totals
    left join page p on true
    left join ledger_transactions t on t.id = p.tx_id
    left join family_accounts fa on fa.id = t.family_id and fa.company_id = ${companyId}
    left join ledger_charges c on c.tx_id = t.id
    left join ledger_payments pay on pay.tx_id = t.id
    left join ledger_refunds f on f.tx_id = t.id
    left join ledger_charges rc on rc.tx_id = t.reverses_id
    left join ledger_payments rp on rp.tx_id = t.reverses_id
    order by p.date, p.seq, p.entry_id
  `);
  return linesPageOf(rowsOf<ExportEntryRow & LinesRow>(result), (r) => ({
    description: memoOf(r),
    family: r.family ?? '(family deleted)',
  }));
}

/** Each day's sum per ledger account over a period (days and accounts whose entries cancel left out). */
export const ledgerDailyTotals = (db: Db, companyId: string, from: string, to: string) =>
  dailyTotals(db, FAMILY_LEDGER, companyId, from, to);

/** The day the studio's books are closed through, read without waiting on a close under way. */
export async function booksClosedThrough(db: Db, companyId: string): Promise<string | null> {
  const result = await db.execute(
    sql`select closed_through::text as closed_through from ledger_periods where company_id = ${companyId}`,
  );
  return rowsOf<{ closed_through: string | null }>(result)[0]?.closed_through ?? null;
}
