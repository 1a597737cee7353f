import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf as readRows } from './rows';

/**
 * The sums the accountant's reports take of a journal (decision 052), written once for both: the family
 * ledger (`ledger_entries` / `ledger_transactions`) and the studio journal (`books_entries` /
 * `books_transactions`) have the same shape (an entry's account and signed cents, its transaction's
 * studio, day and posting order). Each module calls these through its own read (ledger/book-reads.ts,
 * books/reports.queries.ts), naming its own journal; one statement each, scoped by the studio.
 *
 * The sums come from the journal's day sums (schema/day-sums.ts, decision 102), kept by the journal's
 * trigger: a studio's balances through a day read its accounts' days, not its entries, so they cost
 * the same whatever the studio's size. Only a page's own lines are read from the entries.
 */

/** A journal's tables: its entries, their transactions, and its kept sums by day (decision 102). */
export type Journal = { entries: SQL; transactions: SQL; daySums: SQL };

export const FAMILY_LEDGER: Journal = {
  entries: sql.raw('ledger_entries'),
  transactions: sql.raw('ledger_transactions'),
  daySums: sql.raw('ledger_day_sums'),
};
export const STUDIO_JOURNAL: Journal = {
  entries: sql.raw('books_entries'),
  transactions: sql.raw('books_transactions'),
  daySums: sql.raw('books_day_sums'),
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
    select s.account, sum(s.amount)::bigint as total
    from ${journal.daySums} s
    where s.company_id = ${companyId} and s.day <= ${through}::date
    group by s.account
    order by s.account
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
    select s.day::text as date, s.account, sum(s.amount)::bigint as total
    from ${journal.daySums} s
    where s.company_id = ${companyId} and s.day between ${from}::date and ${to}::date
    group by s.day, s.account
    having sum(s.amount) <> 0
    order by s.day, s.account
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
    ? sql`(t.effective_date, t.seq, e.id::text) > (${after.date}::date, ${after.seq}::bigint, ${after.id}::text)`
    : sql`true`;

export type LinesQuery = {
  companyId: string;
  from: string;
  to: string;
  after: LinePlace | null;
  limit: number;
};

/**
 * The `with` of a page of lines: `totals`, the sums that give the running balance at the page's start
 * (opening + before), the closing balance and the period's count, from the accounts' day sums (and the
 * entries of the place's own day up to the place); `page`, the lines of the accounts (at least one)
 * after the place, at most `limit`, walked in the books' order by the transactions' date index from the
 * period's first day with one of their entries to its last (the day sums tell which: an account the
 * journal never uses in the period walks nothing). The caller selects from `totals left join page p on
 * true`, adding what it names a line by.
 */
export function linesPageWith(journal: Journal, q: LinesQuery & { accounts: readonly string[] }): SQL {
  const named = sql.join(
    q.accounts.map((a) => sql`${a}`),
    sql`, `,
  );
  const accounts = sql`e.account in (${named})`;
  const before = q.after
    ? sql`coalesce(sum(s.amount) filter (where s.day >= ${q.from}::date and s.day < ${q.after.date}::date), 0)`
    : sql`0`;
  const placeDay = q.after
    ? sql`select coalesce(sum(e.amount), 0) as amount
        from ${journal.entries} e
        join ${journal.transactions} t on t.id = e.tx_id and t.company_id = ${q.companyId}
        where e.company_id = ${q.companyId} and ${accounts}
          and t.effective_date = ${q.after.date}::date and t.effective_date between ${q.from}::date and ${q.to}::date
          and (t.seq, e.id::text) <= (${q.after.seq}::bigint, ${q.after.id}::text)`
    : sql`select 0 as amount`;
  return sql`
    with days as (
      select coalesce(sum(s.amount) filter (where s.day < ${q.from}::date), 0) as opening,
        coalesce(sum(s.amount), 0) as closing,
        ${before} as before,
        coalesce(sum(s.entries) filter (where s.day >= ${q.from}::date), 0) as count,
        min(s.day) filter (where s.day >= ${q.from}::date) as first_day,
        max(s.day) as last_day
      from ${journal.daySums} s
      where s.company_id = ${q.companyId} and s.account in (${named}) and s.day <= ${q.to}::date
    ), place_day as (${placeDay}),
    totals as (
      select days.opening::bigint as opening, days.closing::bigint as closing,
        (days.before + place_day.amount)::bigint as before, days.count::int as count
      from days, place_day
    ), page as (
      select t.id as tx_id, t.effective_date as date, t.seq, e.id::text as entry_id, e.amount
      from ${journal.transactions} t
      join ${journal.entries} e on e.tx_id = t.id and e.company_id = ${q.companyId}
      where t.company_id = ${q.companyId} and ${accounts}
        and t.effective_date between (select first_day from days) and (select last_day from days)
        and ${placeAfter(q.after)}
      order by t.effective_date, t.seq, e.id::text
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

/**
 * At most this many groups (a studio's account and day, or category and due date) compacted by one
 * statement: few enough that on PGlite, whose one session a statement holds, the requests waiting go
 * between two statements after some tens of milliseconds (decision 119; a minute of the evening leaves
 * some hundreds of groups).
 */
const COMPACT_GROUPS = 500;

/**
 * A table of kept sums the minute's look compacts: its grouping columns (the studio's first) and the
 * columns it sums. The journals' day sums (decision 102), the ledger's open sums by due date and the
 * studio's balances (decision 103), the studio's counts (decision 109), the recital fee's cells (decision
 * 110), the studio's takings by day and method (decision 115).
 */
type KeptSums = { table: string; keys: string[]; sums: string[] };

const KEPT_SUMS: KeptSums[] = [
  { table: 'ledger_day_sums', keys: ['company_id', 'account', 'day'], sums: ['amount', 'entries'] },
  { table: 'books_day_sums', keys: ['company_id', 'account', 'day'], sums: ['amount', 'entries'] },
  { table: 'ledger_open_sums', keys: ['company_id', 'category', 'due_date'], sums: ['amount', 'charges'] },
  { table: 'ledger_studio_balances', keys: ['company_id'], sums: ['receivable', 'credit', 'owing'] },
  { table: 'studio_counts', keys: ['company_id', 'counter', 'key'], sums: ['n'] },
  { table: 'recital_fee_sums', keys: ['company_id', 'recital_id', 'cell'], sums: ['units', 'amount'] },
  { table: 'ledger_takings', keys: ['company_id', 'day', 'method'], sums: ['amount', 'payments'] },
];

/** The key of the compaction's advisory lock: one process compacts at a time. */
const COMPACT_LOCK = 0xc0a7ac7;

/**
 * One statement compacting up to COMPACT_GROUPS of the table's groups, in a transaction holding the
 * compaction's lock; answers how many groups it compacted, or null when another process holds the lock
 * (it is compacting: this look stops, and the next minute's goes on where it ended).
 */
async function compactBatch(db: Db, kept: KeptSums): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await readRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${COMPACT_LOCK}) as ok`,
    );
    if (!lock?.ok) return null;
    return compactGroups(tx, kept);
  });
}

async function compactGroups(db: Db, kept: KeptSums): Promise<number> {
  const list = (names: string[], prefix = '') => sql.raw(names.map((n) => `${prefix}${n}`).join(', '));
  const table = sql.raw(kept.table);
  const keys = list(kept.keys);
  const matched = sql.raw(kept.keys.map((k) => `s.${k} = g.${k}`).join(' and '));
  const summed = sql.raw(kept.sums.map((c) => `sum(${c})`).join(', '));
  const nonZero = sql.raw(kept.sums.map((c) => `sum(${c}) <> 0`).join(' or '));
  const [done] = await readRows<{ groups: number }>(
    db,
    sql`
    with touched as (
      select distinct ${keys} from ${table} where not compacted limit ${COMPACT_GROUPS}
    ), gone as (
      delete from ${table} s using touched g where ${matched}
      returning ${list([...kept.keys, ...kept.sums], 's.')}
    ), made as (
      insert into ${table} (${keys}, ${list(kept.sums)}, compacted)
      select ${keys}, ${summed}, true from gone
      group by ${keys}
      having ${nonZero}
      returning 1
    )
    select count(distinct (${keys}))::int as groups from gone`,
  );
  return done?.groups ?? 0;
}

/**
 * The minute's look at the kept sums (decisions 102, 103, 109 and 110): each group (a studio's account and day,
 * category and due date, or counter and key) that a posting or a count's trigger has added a row to since
 * the last look has its rows replaced by one compacted row holding their sum, in one statement (a delete
 * returning what it deleted, summed into the insert), a batch of groups at a time until none is left; a
 * group whose rows cancel (what was open on a due date, all paid) keeps no row. A posting meanwhile
 * inserts rows the statement does not see, and they stay for the next look. Several server processes
 * on one database take turns by an advisory lock, a batch at a time, and a look that finds another's
 * batch under way stops: two deletes of the same groups would lock their rows in their plans' orders and
 * could wait on each other in a circle (decision 126); and were two to run, each would delete each row
 * once and insert the sum of the rows it deleted, so no sum would change. Answers how many groups were
 * compacted.
 */
export async function compactDaySums(db: Db): Promise<number> {
  let compacted = 0;
  for (const sums of KEPT_SUMS) {
    for (;;) {
      const groups = await compactBatch(db, sums);
      if (groups === null) return compacted;
      compacted += groups;
      if (groups < COMPACT_GROUPS) break;
    }
  }
  return compacted;
}
