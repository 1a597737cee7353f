import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memoOf } from './reports';
import type { ExportEntryRow } from './reports.queries';

/**
 * What the books module reads of the family ledger for the accountant's reports (issue 34 item 4,
 * decision 052): sums per ledger account through a day, the lines of some accounts over a period a page
 * at a time, and each day's sum per account. One statement each, scoped by the studio; dates leave as
 * text, sums as numbers of cents. The books map each ledger account to a book account (bookAccountOf).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Each ledger account's sum (a debit positive) of the entries dated on or before `through`. */
export async function ledgerTotalsThrough(
  db: Db,
  companyId: string,
  through: string,
): Promise<{ account: string; total: number }[]> {
  const result = await db.execute(sql`
    select e.account, sum(e.amount)::bigint as total
    from ledger_entries e
    join ledger_transactions t on t.id = e.tx_id and t.company_id = ${companyId}
    where e.company_id = ${companyId} and t.effective_date <= ${through}::date
    group by e.account
    order by e.account
  `);
  return rowsOf<{ account: string; total: string | number }>(result).map((r) => ({
    account: r.account,
    total: Number(r.total),
  }));
}

/**
 * A line's place in the order of the books: its day, its transaction's posting order, its entry.
 * `seq` 0 stands before every line of the day, Number.MAX_SAFE_INTEGER after every one.
 */
export type LinePlace = { date: string; seq: number; id: string };

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

const placeAfter = (after: LinePlace | null): SQL =>
  after
    ? sql`(l.date, l.seq, l.entry_id) > (${after.date}::date, ${after.seq}::bigint, ${after.id}::text)`
    : sql`true`;

/**
 * The entries of some ledger accounts over a period, a page after a place: with the sums that give the
 * running balance at the page's start (opening + before), the closing balance and the period's count, in
 * one statement. No accounts: nothing, without a query.
 */
export async function ledgerLinesPage(
  db: Db,
  q: {
    companyId: string;
    accounts: readonly string[];
    from: string;
    to: string;
    after: LinePlace | null;
    limit: number;
  },
): Promise<LedgerLinesPage> {
  if (q.accounts.length === 0) return { opening: 0, closing: 0, before: 0, count: 0, lines: [] };
  const { companyId } = q;
  const upTo = q.after ? sql`not ${placeAfter(q.after)}` : sql`false`;
  const result = await db.execute(sql`
    with l as (
      select t.id as tx_id, t.effective_date as date, t.seq, e.id::text as entry_id, e.amount
      from ledger_entries e
      join ledger_transactions t on t.id = e.tx_id and t.company_id = ${companyId}
      where e.company_id = ${companyId} and e.account in (${inList(q.accounts)})
        and t.effective_date <= ${q.to}::date
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
  type Row = ExportEntryRow & {
    opening: string | number;
    closing: string | number;
    before: string | number;
    count: number;
    entry_id: string | null;
    seq: string | number;
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
              description: memoOf(r),
              family: r.family ?? '(family deleted)',
              amount: r.amount,
            },
          ]
        : [],
    ),
  };
}

/** Each day's sum per ledger account over a period (days and accounts whose entries cancel left out). */
export async function ledgerDailyTotals(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<{ date: string; account: string; total: number }[]> {
  const result = await db.execute(sql`
    select t.effective_date::text as date, e.account, sum(e.amount)::bigint as total
    from ledger_entries e
    join ledger_transactions t on t.id = e.tx_id and t.company_id = ${companyId}
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

/** The day the studio's books are closed through, read without waiting on a close under way. */
export async function booksClosedThrough(db: Db, companyId: string): Promise<string | null> {
  const result = await db.execute(
    sql`select closed_through::text as closed_through from ledger_periods where company_id = ${companyId}`,
  );
  return rowsOf<{ closed_through: string | null }>(result)[0]?.closed_through ?? null;
}
