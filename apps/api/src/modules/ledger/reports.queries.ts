import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DUE_KEY, latestDueItems } from './billing';
import { dueItemIsPaid, dueItemPaidAmount, dueItemsPaid } from './paid';

/**
 * The owner's money pages read the whole studio's books in SQL (issue 16 point 6): a fixed number of
 * statements whatever the number of families, each scoped by the studio. Dates leave as text, sums as
 * integers (cents).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type PlanPaymentFilter = 'all' | 'month' | 'overdue' | 'unpaid';

export type PlanPaymentDbRow = {
  total: number;
  sum_val: number;
  sum_paid: number;
  sum_overdue: number;
  /** The page's columns: null on the one row a page past the end answers. */
  payment_id: string | null;
  family_id: string;
  family: string;
  plan: string;
  name: string;
  kind: 'plan' | 'adjustment';
  date_due: string;
  val: number;
  charged: number;
  paid: number;
  is_payed: boolean;
  state: 'paid' | 'due' | 'overdue' | 'upcoming';
  revision: number;
  plan_id: string;
  option_id: string;
  date_start: string;
  date_end: string;
  x_plan_final: string | number;
  is_relivent: number;
  monthly: number;
  /** The plan's, and the term's default plan's, for 001 §3's fields (decision 043). */
  is_default: boolean;
  n_pays: number;
  discount: string | number;
  default_n_pays: number | null;
  day_payment_due: number | null;
  /** The family's registrations of the term, as 001 §4's active rule reads them (tuitionSplit). */
  registrations: { iStatus: number; status: number; isDropped: boolean; prF: number }[] | null;
};

/** What the ledger holds for each due item of the term (paid.ts: charged, standing, open). */
const ledgerByDueKey = (companyId: string, yearTermId: string): SQL =>
  dueItemsPaid(sql`c.company_id = ${companyId} and c.family_term_id in (
    select id from family_terms where company_id = ${companyId} and year_term_id = ${yearTermId})`);

/**
 * One page of the term's plan payments (each family term's latest revision) with their figures from
 * the ledger, and the count and sums of the whole filter, in one statement: the totals row is always
 * there, the page's rows joined to it (none past the end).
 */
export async function planPaymentPage(
  db: Db,
  q: {
    companyId: string;
    yearTermId: string;
    today: string;
    monthStart: string;
    monthEnd: string;
    filter: PlanPaymentFilter;
    familyId?: string;
    limit: number;
    offset: number;
  },
): Promise<PlanPaymentDbRow[]> {
  const byFilter: Record<PlanPaymentFilter, SQL> = {
    all: sql`true`,
    month: sql`s.date_due between ${q.monthStart}::date and ${q.monthEnd}::date`,
    overdue: sql`s.state = 'overdue'`,
    unpaid: sql`not s.is_payed`,
  };
  const ofFamily = q.familyId ? sql`and s.family_id = ${q.familyId}` : sql``;
  const result = await db.execute(sql`
    with due as (${latestDueItems(q.companyId, q.yearTermId)}),
    ledger as (${ledgerByDueKey(q.companyId, q.yearTermId)}),
    items as (
      select d.*, fa.last_name as family, pp.name as plan, fp.option_id, fp.date_start, fp.date_end,
        fp.x_plan_final, fp.is_relivent, fr.monthly, pp.is_default, pp.n_pays, pp.discount,
        pp.year_term_id,
        coalesce(l.charged, 0) as charged, coalesce(l.open, 0) as open,
        ${dueItemPaidAmount('l')} as paid, ${dueItemIsPaid(sql`d.val`, 'l')} as is_payed
      from due d
      join family_accounts fa on fa.id = d.family_id and fa.company_id = ${q.companyId}
      join payment_plans pp on pp.id = d.plan_id
      join family_plan_payments fp on fp.id = d.payment_id
      join family_plan_revisions fr on fr.id = fp.revision_id
      left join ledger l on l.due_key = d.due_key
    ),
    stated as (
      select i.*, case
          when i.is_payed then 'paid'
          when i.date_due < ${q.today}::date then 'overdue'
          when i.charged <> 0 or i.date_due <= ${q.today}::date then 'due'
          else 'upcoming'
        end as state
      from items i
    ),
    filtered as (select s.* from stated s where ${byFilter[q.filter]} ${ofFamily}),
    totals as (
      select count(*)::int as total, coalesce(sum(val), 0)::int as sum_val, coalesce(sum(paid), 0)::int as sum_paid,
        coalesce(sum(case when state = 'overdue' then greatest(val - paid, 0) else 0 end), 0)::int as sum_overdue
      from filtered
    ),
    page as (
      select * from filtered
      order by date_due, lower(family), family_id, sort_order, payment_id
      limit ${q.limit} offset ${q.offset}
    )
    select t.total, t.sum_val, t.sum_paid, t.sum_overdue,
      p.payment_id, p.family_id, p.family, p.plan, p.name, p.kind, p.date_due::text as date_due, p.val,
      p.charged, p.paid, p.is_payed, p.state, p.revision, p.plan_id, p.option_id,
      p.date_start::text as date_start, p.date_end::text as date_end, p.x_plan_final, p.is_relivent, p.monthly,
      p.is_default, p.n_pays, p.discount,
      (select dp.n_pays from payment_plans dp
        where dp.company_id = ${q.companyId} and dp.year_term_id = p.year_term_id and dp.is_default
        limit 1) as default_n_pays,
      (select po.day_payment_due from payment_plan_options po
        where po.company_id = ${q.companyId} and po.id = p.option_id) as day_payment_due,
      (select json_agg(json_build_object('iStatus', cr.i_status, 'status', cr.status,
          'isDropped', cr.is_dropped, 'prF', cr.pr_f))
        from class_registrations cr
        join students st on st.id = cr.student_id and st.company_id = ${q.companyId}
        join classes c on c.id = cr.class_id and c.year_term_id = ${q.yearTermId}
        where cr.company_id = ${q.companyId} and st.family_id = p.family_id) as registrations
    from totals t left join page p on true
    order by p.date_due, lower(p.family), p.family_id, p.sort_order, p.payment_id
  `);
  return rowsOf<PlanPaymentDbRow>(result);
}

/**
 * A plan payment of the studio (of any revision) and the due item it belongs to: its family, its family
 * term and its key, numbered among the payments of its own revision as billing numbers them.
 */
export async function paymentDueItem(db: Db, companyId: string, paymentId: string) {
  const result = await db.execute(sql`
    select k.family_id, k.due_key from (
      select p.id, ft.family_id, ${DUE_KEY} as due_key
      from family_plan_payments p
      join family_plan_revisions r on r.id = p.revision_id
      join family_terms ft on ft.id = r.family_term_id
      where p.company_id = ${companyId}
        and p.revision_id = (select revision_id from family_plan_payments where id = ${paymentId} and company_id = ${companyId})
    ) k
    where k.id = ${paymentId}
  `);
  return rowsOf<{ family_id: string; due_key: string }>(result)[0] ?? null;
}

// ——— The overview ———

export type Takings = {
  method: string;
  today_total: number;
  today_count: number;
  month_total: number;
  month_count: number;
};

/**
 * Money received by method today and in the month so far (payments taken back left out): from the kept
 * takings (ledger_takings, decision 115), a few rows per day whatever the studio's size. The ledger's
 * triggers add a payment when it is written and take it off when it is reversed; ledgerBreaches holds
 * them to the payments.
 */
export async function takingsByMethod(db: Db, companyId: string, today: string, monthStart: string) {
  const result = await db.execute(sql`
    select t.method,
      coalesce(sum(t.amount) filter (where t.day = ${today}::date), 0)::int as today_total,
      coalesce(sum(t.payments) filter (where t.day = ${today}::date), 0)::int as today_count,
      coalesce(sum(t.amount), 0)::int as month_total,
      coalesce(sum(t.payments), 0)::int as month_count
    from ledger_takings t
    where t.company_id = ${companyId} and t.day between ${monthStart}::date and ${today}::date
    group by t.method
  `);
  return rowsOf<Takings>(result);
}

/**
 * What families owe in all, how many owe, and the credit the studio holds for them: from the studio's
 * kept balances (ledger_studio_balances, decision 103), a few rows whatever the number of families.
 * Families deleted since count: their books outlive them.
 */
export async function studioBalances(db: Db, companyId: string) {
  const result = await db.execute(sql`
    select coalesce(sum(k.receivable), 0)::int as receivable, coalesce(sum(k.owing), 0)::int as families_owing,
      coalesce(sum(k.credit), 0)::int as credit
    from ledger_studio_balances k
    where k.company_id = ${companyId}
  `);
  return rowsOf<{ receivable: number; families_owing: number; credit: number }>(result)[0]!;
}

/**
 * What is open on the studio's charges, by due date: from the kept open sums (ledger_open_sums, decision
 * 103), a few rows per due date whatever the studio's size, aged in memory by the domain's rule. The
 * ledger's triggers keep them with paid.ts's rule (`ledger_charge_open`); ledgerBreaches holds them to it.
 */
export async function openByDueDate(db: Db, companyId: string) {
  const result = await db.execute(sql`
    select s.due_date::text as due_date, sum(s.amount)::int as open
    from ledger_open_sums s
    where s.company_id = ${companyId}
    group by s.due_date
    having sum(s.amount) > 0
    order by s.due_date
  `);
  return rowsOf<{ due_date: string; open: number }>(result);
}

export type FamilyAgingRow = {
  count: number;
  family_id: string | null;
  family: string;
  total: number;
  /** Its open charges summed by due date: [due date, cents], oldest first (aged by the domain's rule). */
  dues: [string, number][];
};

/**
 * A kept balance's family (`fa`: its last name), when it is the studio's: looked up by its id alone, through
 * the primary key, for each balance the walk of the owing index reaches (decision 108). With the studio in
 * the lookup, PostgreSQL's generic plan for the prepared statement, which takes every studio for one of
 * average size, hashed all of the studio's families or scanned them by name for each balance: 1.1 ms at 4 ×
 * the large studio where the walk takes 0.2.
 */
const balanceFamily = (companyId: string) => sql`join lateral (
    select f.last_name, f.company_id from family_accounts f where f.id = b.family_id offset 0
  ) fa on fa.company_id = ${companyId}`;

/**
 * One page of the families with something open, most owed first, each with what it has open by due
 * date, and how many there are, in one statement (a row with a null family past the end). Families
 * deleted since (their books outlive them) are left out; how many is the studio's kept count of families
 * owing (decision 103). A family's total is its balance (billing.md: the sum of its receivable postings,
 * which is what is open on its charges; ledgerBreaches holds them equal): the page walks the owing index
 * in the list's order (decision 103) and reads its families' kept open charges, not the studio's.
 */
export async function openByFamilyPage(
  db: Db,
  q: { companyId: string; familyId?: string; limit: number; offset: number },
) {
  const owing = sql`from ledger_family_balances b ${balanceFamily(q.companyId)}
      where b.company_id = ${q.companyId} and b.receivable > 0${q.familyId ? sql` and b.family_id = ${q.familyId}` : sql``}`;
  // How many: one family's row, or the studio's kept count (a family that owes cannot be deleted:
  // deleteAccount refuses it, and ledgerBreaches holds that none owes that does not exist).
  const counted = q.familyId
    ? sql`select count(*)::int as count ${owing}`
    : sql`select coalesce(sum(k.owing), 0)::int as count from ledger_studio_balances k
        where k.company_id = ${q.companyId}`;
  const result = await db.execute(sql`
    with counted as (${counted}),
    page as (
      select b.family_id, fa.last_name as family, b.receivable::int as total ${owing}
      order by b.receivable desc nulls last, b.sort_name, b.family_id
      limit ${q.limit} offset ${q.offset}
    )
    select counted.count, page.family_id, page.family, page.total, (
      select json_agg(json_build_array(d.due_date::text, d.open) order by d.due_date)
      from (
        select o.due_date, sum(o.open)::int as open from ledger_open_charges o
        where o.company_id = ${q.companyId} and o.family_id = page.family_id
        group by o.due_date
      ) d
    ) as dues
    from counted left join page on true
    order by page.total desc, lower(page.family), page.family_id
  `);
  return rowsOf<FamilyAgingRow>(result);
}

/**
 * Revenue by month (of the posting's effective date) and category: minus the revenue accounts' sums,
 * from the ledger's day sums (decision 102), the period's days rather than its entries.
 */
export async function revenueByMonth(db: Db, companyId: string, from: string, to: string) {
  const result = await db.execute(sql`
    select to_char(s.day, 'YYYY-MM') as month, substr(s.account, 9) as category,
      (-sum(s.amount))::int as total
    from ledger_day_sums s
    where s.company_id = ${companyId} and s.account like 'revenue:%'
      and s.day between ${from}::date and ${to}::date
    group by 1, 2
    order by 1, 2
  `);
  return rowsOf<{ month: string; category: string; total: number }>(result);
}

/**
 * The families owing most, with the due date of their oldest open charge: from the families' kept
 * balances (decision 102), walked by the owing index in the overview's order (balance, then name, then
 * id; the name kept beside the balance, decision 103), families deleted since skipped, so the walk reads
 * `limit` families however many owe the same; each one's oldest due from its kept open charges.
 */
export async function topOwing(db: Db, companyId: string, limit: number) {
  const result = await db.execute(sql`
    with top as (
      select b.family_id, b.receivable::int as balance, fa.last_name as family
      from ledger_family_balances b ${balanceFamily(companyId)}
      where b.company_id = ${companyId} and b.receivable > 0
      order by b.receivable desc nulls last, b.sort_name, b.family_id
      limit ${limit}
    )
    select top.family_id, top.family, top.balance, (
      select min(o.due_date)::text from ledger_open_charges o
      where o.company_id = ${companyId} and o.family_id = top.family_id
    ) as oldest_due
    from top
    order by top.balance desc, lower(top.family), top.family_id
  `);
  return rowsOf<{ family_id: string; family: string; balance: number; oldest_due: string | null }>(result);
}

// ——— The accountant's export ———

export type ExportEntryRow = {
  tx_id: string;
  date: string;
  kind: string;
  family: string | null;
  reason: string;
  by: string;
  account: string;
  amount: number;
  charge_item: string | null;
  payment_method: string | null;
  payment_reference: string | null;
  refund_to: string | null;
  reversed_item: string | null;
  reversed_category: string | null;
  reversed_method: string | null;
  reversed_reference: string | null;
  reversed_received: string | null;
};

/**
 * The studio's ledger entries posted with an effective date between `from` and `to`, with what names
 * them (the family, the charge, the payment, what a reversal takes back), in posting order; at most
 * `limit` of them.
 */
export async function ledgerEntriesBetween(
  db: Db,
  companyId: string,
  from: string,
  to: string,
  limit: number,
) {
  const result = await db.execute(sql`
    select t.id as tx_id, t.effective_date::text as date, t.kind, fa.last_name as family, t.reason,
      t.created_by_name as by, e.account, e.amount,
      c.item as charge_item, p.method as payment_method, p.reference as payment_reference,
      f.destination as refund_to,
      rc.item as reversed_item, rc.category as reversed_category,
      rp.method as reversed_method, rp.reference as reversed_reference, rp.received_on::text as reversed_received
    from ledger_transactions t
    join ledger_entries e on e.tx_id = t.id
    left join family_accounts fa on fa.id = t.family_id and fa.company_id = ${companyId}
    left join ledger_charges c on c.tx_id = t.id
    left join ledger_payments p on p.tx_id = t.id
    left join ledger_refunds f on f.tx_id = t.id
    left join ledger_charges rc on rc.tx_id = t.reverses_id
    left join ledger_payments rp on rp.tx_id = t.reverses_id
    where t.company_id = ${companyId} and t.effective_date between ${from}::date and ${to}::date
    order by t.effective_date, t.created_at, t.id, e.amount desc, e.account
    limit ${limit}
  `);
  return rowsOf<ExportEntryRow>(result);
}

/** The studio's name, for a file's name. */
export async function studioNameOf(db: Db, companyId: string): Promise<string> {
  const result = await db.execute(sql`select name from companies where id = ${companyId}`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? 'Studio';
}
