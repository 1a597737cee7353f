import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  dailyTotals,
  type LinesQuery,
  type LinesRow,
  linesPageOf,
  linesPageWith,
  rowsOf,
  STUDIO_JOURNAL,
  totalsThrough,
} from '../../db/journal-sums';
import type { LedgerLinesPage } from '../ledger';

/**
 * The studio journal's side of the accountant's reports (decision 052): the same three reads the ledger
 * offers of the family ledger (book-reads.ts there), of books_entries, one statement each, scoped by the
 * studio. Its lines name book accounts directly; they have no family.
 */

/** Each book account's sum of the journal's entries dated on or before `through`. */
export const booksTotalsThrough = (db: Db, companyId: string, through: string) =>
  totalsThrough(db, STUDIO_JOURNAL, companyId, through);

/** The journal's lines of one book account over a period, a page after a place, with the page's sums. */
export async function booksLinesPage(db: Db, q: LinesQuery & { account: string }): Promise<LedgerLinesPage> {
  const result = await db.execute(sql`
    ${linesPageWith(STUDIO_JOURNAL, { ...q, accounts: [q.account] })}
    select totals.*, p.entry_id, p.date::text as date, p.seq, p.amount, t.reason
    from totals
    left join page p on true
    left join books_transactions t on t.id = p.tx_id
    order by p.date, p.seq, p.entry_id
  `);
  return linesPageOf(rowsOf<LinesRow & { reason: string }>(result), (r) => ({
    description: r.reason,
    family: '',
  }));
}

/** Each day's sum per book account of the journal over a period (sums of zero left out). */
export const booksDailyTotals = (db: Db, companyId: string, from: string, to: string) =>
  dailyTotals(db, STUDIO_JOURNAL, companyId, from, to);

/** The book accounts the journal has used, and the studio's name. */
export async function booksAccountsUsed(db: Db, companyId: string): Promise<string[]> {
  const result = await db.execute(
    sql`select distinct account from books_entries where company_id = ${companyId} order by account`,
  );
  return rowsOf<{ account: string }>(result).map((r) => r.account);
}

/** The studio's name, for the reports' headings and file names. */
export async function studioName(db: Db, companyId: string): Promise<string> {
  const result = await db.execute(sql`select name from companies where id = ${companyId}`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? 'Studio';
}
