import { type SQL, sql } from 'drizzle-orm';

/**
 * What is paid of a charge, in SQL (issue 31 item 5, decision 039): the one statement of it every read
 * of the server builds on — the plan payments list, the family's tuition (the owner's and the parent's),
 * the aging, the families owing most. It is `packages/domain/src/ledger/paid.ts` (the rule the books
 * apply in memory) written for the database; `paid.test.ts` holds every screen to that rule.
 *
 * A reversal and an allocation are their charge's studio's: a studio-wide read finds them among its own
 * studio's rows (ledger_transactions_studio_reversals_idx, the allocations' studio index; decision 088),
 * never among every studio's; a family's charges find theirs by the charge's own indexes.
 *
 * What is open of a charge is the database's `ledger_charge_open` (migration 0040, decision 103): the
 * ledger's triggers keep the studio's open amounts by due date with the same function, so the rule is
 * written once for both.
 *
 * The statement owns its FROM and names every column by its table's alias: a correlated subquery naming
 * an outer column unqualified had bound it to the subquery's own table (`ledger_allocations.tx_id`),
 * and the family's tuition read every charge as unpaid.
 */

/**
 * Each charge `where` keeps (a condition on `c`, ledger_charges), with `removed` (a reversal takes it
 * back), `paid` (its net allocations) and `open` (left to pay: 0 for a credit or a removed charge).
 * Columns: tx_id, family_id, family_term_id, due_key, due_date, category, total, removed, paid, open.
 */
export function chargesPaid(where: SQL): SQL {
  return sql`select c.tx_id, c.family_id, c.family_term_id, c.due_key, c.due_date, c.category, c.total,
      (r.id is not null) as removed, coalesce(sum(a.amount), 0)::int as paid,
      ledger_charge_open(c.total, coalesce(sum(a.amount), 0), r.id is not null) as open
    from ledger_charges c
    left join ledger_transactions r on r.reverses_id = c.tx_id and r.company_id = c.company_id
      and r.reverses_id is not null
    left join ledger_allocations a on a.charge_tx_id = c.tx_id and a.company_id = c.company_id
    where ${where}
    group by c.tx_id, r.id`;
}

/**
 * Each due item of the charges `where` keeps (a condition on `c`), as the domain's `dueStandingOf` sums
 * it: `charged` (removed charges included), `standing` (removed ones left out), `open`.
 * Columns: due_key, charged, standing, open.
 */
export function dueItemsPaid(where: SQL): SQL {
  return sql`select f.due_key, sum(f.total)::int as charged,
      coalesce(sum(f.total) filter (where not f.removed), 0)::int as standing, sum(f.open)::int as open
    from (${chargesPaid(sql`c.due_key is not null and ${where}`)}) f
    group by f.due_key`;
}

/**
 * The domain's `isDueItemPaid(val, standing)` over a plan payment's amount `val` and `l`, the alias of a
 * dueItemsPaid row left-joined to it (null when nothing was charged for it).
 */
export function dueItemIsPaid(val: SQL, l: string): SQL {
  const [charged, standing, open] = ['charged', 'standing', 'open'].map((c) =>
    sql.raw(`coalesce(${l}.${c}, 0)`),
  );
  return sql`(${val} <= 0 or (${open} = 0 and (${charged} = ${val}
    or (${charged} > ${val} and ${standing} = 0 and ${charged} > ${standing}))))`;
}

/** The domain's `dueItemPaid(standing)`: of what stands of the due item `l`, what is not open. */
export const dueItemPaidAmount = (l: string): SQL =>
  sql.raw(`greatest(0, coalesce(${l}.standing, 0) - coalesce(${l}.open, 0))`);

/** The domain's `chargeStanding` over `p`, the alias of a chargesPaid row: its total, 0 once removed. */
export const chargeStandingAmount = (p: string): SQL =>
  sql.raw(`(case when ${p}.removed then 0 else ${p}.total end)`);

/** The domain's `chargePaid` over `p`, the alias of a chargesPaid row: of what stands, what is not open. */
export const chargePaidAmount = (p: string): SQL =>
  sql.raw(`greatest(0, (case when ${p}.removed then 0 else ${p}.total end) - ${p}.open)`);
