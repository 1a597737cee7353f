import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LedgerLinesPage, LinePlace } from '../ledger';

/**
 * The studio journal's side of the accountant's reports (decision 052): the same three reads the ledger
 * offers of the family ledger (book-reads.ts there), of books_entries, one statement each, scoped by the
 * studio. Its lines name book accounts directly; they have no family.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Each book account's sum of the journal's entries dated on or before `through`. */
export async function booksTotalsThrough(
  db: Db,
  companyId: string,
  through: string,
): Promise<{ account: string; total: number }[]> {
  const result = await db.execute(sql`
    select e.account, sum(e.amount)::bigint as total
    from books_entries e
    join books_transactions t on t.id = e.tx_id and t.company_id = ${companyId}
    where e.company_id = ${companyId} and t.effective_date <= ${through}::date
    group by e.account
    order by e.account
  `);
  return rowsOf<{ account: string; total: string | number }>(result).map((r) => ({
    account: r.account,
    total: Number(r.total),
  }));
}

const placeAfter = (after: LinePlace | null): SQL =>
  after
    ? sql`(l.date, l.seq, l.entry_id) > (${after.date}::date, ${after.seq}::bigint, ${after.id}::text)`
    : sql`true`;

/** The journal's lines of one book account over a period, a page after a place, with the page's sums. */
export async function booksLinesPage(
  db: Db,
  q: { companyId: string; account: string; from: string; to: string; after: LinePlace | null; limit: number },
): Promise<LedgerLinesPage> {
  const { companyId } = q;
  const upTo = q.after ? sql`not ${placeAfter(q.after)}` : sql`false`;
  const result = await db.execute(sql`
    with l as (
      select t.effective_date as date, t.seq, e.id::text as entry_id, e.amount, t.reason
      from books_entries e
      join books_transactions t on t.id = e.tx_id and t.company_id = ${companyId}
      where e.company_id = ${companyId} and e.account = ${q.account} and t.effective_date <= ${q.to}::date
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
    )
    select totals.*, p.entry_id, p.date::text as date, p.seq, p.amount, p.reason
    from totals left join page p on true
    order by p.date, p.seq, p.entry_id
  `);
  type Row = {
    opening: string | number;
    closing: string | number;
    before: string | number;
    count: number;
    entry_id: string | null;
    date: string;
    seq: string | number;
    amount: number;
    reason: string;
  };
  const rows = rowsOf<Row>(result);
  const head = rows[0];
  return {
    opening: Number(head?.opening ?? 0),
    closing: Number(head?.closing ?? 0),
    before: Number(head?.before ?? 0),
    count: Number(head?.count ?? 0),
    lines: rows.flatMap((r) =>
      r.entry_id
        ? [
            {
              date: r.date,
              seq: Number(r.seq),
              id: r.entry_id,
              description: r.reason,
              family: '',
              amount: r.amount,
            },
          ]
        : [],
    ),
  };
}

/** Each day's sum per book account of the journal over a period (sums of zero left out). */
export async function booksDailyTotals(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<{ date: string; account: string; total: number }[]> {
  const result = await db.execute(sql`
    select t.effective_date::text as date, e.account, sum(e.amount)::bigint as total
    from books_entries e
    join books_transactions t on t.id = e.tx_id and t.company_id = ${companyId}
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
