import type { AutopayRecoveryMonth } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './autopay-planning';

/** How many months the owner's page reports, newest first. */
export const RECOVERY_MONTHS = 12;

/**
 * Failed automatic charges and their recovery, by month (decision 070), in one statement whatever the
 * studio's size, read from the runs, their attempts and the ledger's payments:
 * - a **failed charge** is a due date of a family whose first try with an attempt (by the billing days, a
 *   retry, a method saved or the backup; the studio's own "Charge now" chains are not counted) was
 *   declined: its amount is that attempt's, its month the month of that decline;
 * - it is **recovered automatically** by the first later try of the same due date that succeeded, by its
 *   trigger (`retry`, `new_method`, `backup`; the studio's `studio` try counts as by hand), for what the
 *   ledger's payment of that attempt holds (`ledger_payments.total` of its `ledger_tx_id`), up to the
 *   amount that failed;
 * - else it is **recovered by hand** by the family's other payments in the ledger (checkout, the desk),
 *   received from the day of the decline to the last day of its retry window (29 days after), up to the
 *   amount that failed;
 * - the rate is recovered ÷ failed by amount; the days are from the decline to the recovering payment.
 */
export async function recoveryByMonth(db: Db, companyId: string): Promise<AutopayRecoveryMonth[]> {
  const rows = await rowsOf(
    db,
    sql`with runs as (
          select r.family_id, r.due_on, r.try_no, r.ran_on, r.trigger, p.state, p.amount, p.ledger_tx_id
          from autopay_runs r join payment_attempts p on p.id = r.attempt_id
          where r.company_id = ${companyId} and p.kind = 'sale'
        ),
        firsts as (
          select distinct on (family_id, due_on) family_id, due_on, ran_on as failed_on, amount as failed,
            state, trigger
          from runs order by family_id, due_on, try_no
        ),
        failed as (select * from firsts where state = 'failed' and trigger <> 'studio'),
        auto as (
          select distinct on (f.family_id, f.due_on) f.family_id, f.due_on, r.ran_on as on_day,
            r.trigger, lp.total
          from failed f
          join runs r on r.family_id = f.family_id and r.due_on = f.due_on and r.state = 'succeeded'
          join ledger_payments lp on lp.tx_id = r.ledger_tx_id
          order by f.family_id, f.due_on, r.try_no
        ),
        hand as (
          select f.family_id, f.due_on, min(lp.received_on) as on_day, sum(lp.total) as total
          from failed f
          join ledger_payments lp on lp.company_id = ${companyId} and lp.family_id = f.family_id
            and lp.received_on >= f.failed_on and lp.received_on <= f.failed_on + 29
          where not exists (select 1 from auto a where a.family_id = f.family_id and a.due_on = f.due_on)
            and not exists (select 1 from runs x where x.ledger_tx_id = lp.tx_id and x.trigger <> 'studio')
          group by f.family_id, f.due_on
        ),
        each as (
          select to_char(f.failed_on, 'YYYY-MM') as month, f.failed,
            case when a.family_id is not null then
                   case a.trigger when 'new_method' then 'method' when 'backup' then 'backup'
                     when 'studio' then 'hand' else 'retry' end
                 when h.family_id is not null then 'hand' end as how,
            least(f.failed, coalesce(a.total, h.total, 0)) as recovered,
            coalesce(a.on_day, h.on_day) - f.failed_on as days
          from failed f
          left join auto a on a.family_id = f.family_id and a.due_on = f.due_on
          left join hand h on h.family_id = f.family_id and h.due_on = f.due_on
        )
        select month, count(*)::int as failed_n, sum(failed)::int as failed_c,
          ${countAndSum('retry')}, ${countAndSum('method')}, ${countAndSum('backup')}, ${countAndSum('hand')},
          count(*) filter (where how is null)::int as none_n,
          (sum(failed) - sum(recovered))::int as none_c,
          sum(recovered)::int as recovered_c,
          avg(days) filter (where how is not null)::float as days
        from each group by month order by month desc limit ${RECOVERY_MONTHS}`,
  );
  return rows.map((r) => {
    const pair = (n: string) => ({ count: Number(r[`${n}_n`] ?? 0), amount: Number(r[`${n}_c`] ?? 0) / 100 });
    const failed = Number(r.failed_c ?? 0);
    const recovered = Number(r.recovered_c ?? 0);
    return {
      month: String(r.month),
      failed: pair('failed'),
      byRetry: pair('retry'),
      byNewMethod: pair('method'),
      byBackup: pair('backup'),
      byHand: pair('hand'),
      notRecovered: pair('none'),
      rate: failed > 0 ? recovered / failed : 0,
      averageDays: r.days === null || r.days === undefined ? null : Math.round(Number(r.days) * 10) / 10,
    };
  });
}

const countAndSum = (how: string) =>
  sql.raw(
    `count(*) filter (where how = '${how}')::int as ${how}_n, ` +
      `coalesce(sum(recovered) filter (where how = '${how}'), 0)::int as ${how}_c`,
  );
