import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The sums the accountant's reports take of a journal (decision 052), written once for both: the family
 * ledger (`ledger_entries` / `ledger_transactions`) and the studio journal (`books_entries` /
 * `books_transactions`) have the same shape (an entry's account and signed cents, its transaction's
 * studio, day and posting order). Each module calls these through its own read (ledger/book-reads.ts,
 * books/reports.queries.ts), naming its own journal; one statement each, scoped by the studio.
 */

export type Journal = { entries: SQL; transactions: SQL };

export const FAMILY_LEDGER: Journal = {
  entries: sql.raw('ledger_entries'),
  transactions: sql.raw('ledger_transactions'),
};
export const STUDIO_JOURNAL: Journal = {
  entries: sql.raw('books_entries'),
  transactions: sql.raw('books_transactions'),
};

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type AccountSum = { account: string; total: number };

/** Each account's sum (a debit positive) of the journal's entries dated on or before `through`. */
export async function totalsThrough(
  db: Db,
  journal: Journal,
  companyId: string,
  through: string,
): Promise<AccountSum[]> {
  const result = await db.execute(sql`
    select e.account, sum(e.amount)::bigint as total
    from ${journal.entries} e
    join ${journal.transactions} t on t.id = e.tx_id and t.company_id = ${companyId}
    where e.company_id = ${companyId} and t.effective_date <= ${through}::date
    group by e.account
    order by e.account
  `);
  return rowsOf<{ account: string; total: string | number }>(result).map((r) => ({
    account: r.account,
    total: Number(r.total),
  }));
}

/** Each day's sum per account of the journal over a period (days and accounts whose entries cancel left out). */
export async function dailyTotals(
  db: Db,
  journal: Journal,
  companyId: string,
  from: string,
  to: string,
): Promise<(AccountSum & { date: string })[]> {
  const result = await db.execute(sql`
    select t.effective_date::text as date, e.account, sum(e.amount)::bigint as total
    from ${journal.entries} e
    join ${journal.transactions} t on t.id = e.tx_id and t.company_id = ${companyId}
    where e.company_id = ${companyId} and t.effective_date between ${from}::date and ${to}::date
    group by t.effective_date, e.account
    having sum(e.amount) <> 0
    order by t.effective_date, e.account
  `);
  return rowsOf<{ date: string; account: string; total: string | number }>(result).map((r) => ({
    date: r.date,
    account: r.account,
    total: Number(r.total),
  }));
}

/**
 * A line's place in the order of the books: its day, its transaction's posting order, its entry.
 * `seq` 0 stands before every line of the day, Number.MAX_SAFE_INTEGER after every one.
 */
export type LinePlace = { date: string; seq: number; id: string };

const placeAfter = (after: LinePlace | null): SQL =>
  after
    ? sql`(l.date, l.seq, l.entry_id) > (${after.date}::date, ${after.seq}::bigint, ${after.id}::text)`
    : sql`true`;

export type LinesQuery = {
  companyId: string;
  from: string;
  to: string;
  after: LinePlace | null;
  limit: number;
};

/**
 * The `with` of a page of lines: `l`, the entries of the accounts `accounts` selects through `to`;
 * `totals`, the sums that give the running balance at the page's start (opening + before), the closing
 * balance and the period's count; `page`, the lines after the place, at most `limit`. The caller selects
 * from `totals left join page p on true`, adding what it names a line by.
 */
export function linesPageWith(journal: Journal, q: LinesQuery, accounts: SQL): SQL {
  const upTo = q.after ? sql`not ${placeAfter(q.after)}` : sql`false`;
  return sql`
    with l as (
      select t.id as tx_id, t.effective_date as date, t.seq, e.id::text as entry_id, e.amount
      from ${journal.entries} e
      join ${journal.transactions} t on t.id = e.tx_id and t.company_id = ${q.companyId}
      where e.company_id = ${q.companyId} and ${accounts} and t.effective_date <= ${q.to}::date
    ), totals as (
      select coalesce(sum(l.amount) filter (where l.date < ${q.from}::date), 0)::bigint as opening,
        coalesce(sum(l.amount), 0)::bigint as closing,
        coalesce(sum(l.amount) filter (where l.date >= ${q.from}::date and ${upTo}), 0)::bigint as before,
        (count(*) filter (where l.date >= ${q.from}::date))::int as count
      from l
    ), page as (
      select l.* from l
      where l.date >= ${q.from}::date and ${placeAfter(q.after)}
      order by l.date, l.seq, l.entry_id
      limit ${q.limit}
    )`;
}

export type LinesRow = {
  opening: string | number;
  closing: string | number;
  before: string | number;
  count: number;
  entry_id: string | null;
  date: string;
  seq: string | number;
  amount: number;
};

/** A page's sums and lines from its rows (one row with no entry when the page is empty). */
export function linesPageOf<R extends LinesRow, L>(rows: R[], line: (row: R) => L) {
  const head = rows[0];
  return {
    opening: Number(head?.opening ?? 0),
    closing: Number(head?.closing ?? 0),
    before: Number(head?.before ?? 0),
    count: Number(head?.count ?? 0),
    lines: rows.flatMap((r) =>
      r.entry_id ? [{ date: r.date, seq: Number(r.seq), id: r.entry_id, amount: r.amount, ...line(r) }] : [],
    ),
  };
}
