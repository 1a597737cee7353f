import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * Every recital's kept fee cells (decision 110, migration 0045) against its units counted afresh, by SQL
 * of its own (not the triggers'): who dances read from each class's term as it is (not the activity's
 * kept term), the fee rows read whole. Compares the kept units with the counted ones, and the kept sums
 * with the kept units. Answers what differs: nothing, always.
 */
const BREACHES = sql`
  with seasons as (
    select r.id as recital_id, r.company_id, t.term
    from recitals r cross join lateral recital_season(r.company_id, r.first_day, r.last_day) as t(term)
  ), dancing as (
    select s.recital_id, s.company_id, a.family_id, a.student_id, count(*)::int as n
    from seasons s
    join classes c on c.company_id = s.company_id and c.year_term_id = s.term
    join dance_numbers dn on dn.class_id = c.id
    join dance_number_activity a on a.dance_number_id = dn.id
    where a.at_recital
    group by 1, 2, 3, 4
  ), counted_units as (
    select recital_id, company_id, family_id, student_id as unit_id, student_id, n as dancing from dancing
    union all
    select recital_id, company_id, family_id, family_id, null, count(*)::int from dancing group by 1, 2, 3
  ), fees as (
    select recital_id, company_id, family_id, coalesce(student_id, family_id) as unit_id, student_id,
      (select f.amount from recital_fee_charges f where f.recital_id = c.recital_id and f.family_id = c.family_id
        and f.student_id is not distinct from c.student_id and f.removed_at is null) as live,
      (select f.amount from recital_fee_charges f where f.recital_id = c.recital_id and f.family_id = c.family_id
        and f.student_id is not distinct from c.student_id and f.removed_at is not null
        order by f.posted_at desc, f.id desc limit 1) as removed
    from (select distinct recital_id, company_id, family_id, student_id from recital_fee_charges) c
  ), counted as (
    select coalesce(u.recital_id, f.recital_id) as recital_id, coalesce(u.family_id, f.family_id) as family_id,
      coalesce(u.unit_id, f.unit_id) as unit_id, coalesce(u.dancing, 0) as dancing, f.live, f.removed
    from counted_units u full join fees f
      on f.recital_id = u.recital_id and f.family_id = u.family_id and f.unit_id = u.unit_id
  ), unit_breaches as (
    select 'unit' as kind, coalesce(k.recital_id, c.recital_id) as "recitalId",
      coalesce(k.unit_id, c.unit_id)::text as key,
      concat_ws('/', k.dancing, k.live_amount, k.removed_amount) as kept,
      concat_ws('/', c.dancing, c.live, c.removed) as counted
    from (select * from recital_fee_units where dancing <> 0 or live_amount is not null
            or removed_amount is not null) k
    full join counted c on c.recital_id = k.recital_id and c.family_id = k.family_id and c.unit_id = k.unit_id
    where (k.dancing, k.live_amount, k.removed_amount) is distinct from (c.dancing, c.live, c.removed)
  ), cells as (
    select recital_id, recital_fee_cell(student_id, dancing, live_amount, removed_amount) as cell,
      count(*)::int as units, sum(coalesce(live_amount, removed_amount, 0))::bigint as amount
    from recital_fee_units group by 1, 2
  ), sums as (
    select recital_id, cell, sum(units)::int as units, sum(amount)::bigint as amount
    from recital_fee_sums group by 1, 2
  ), sum_breaches as (
    select 'cell', coalesce(k.recital_id, c.recital_id), coalesce(k.cell, c.cell),
      concat_ws('/', k.units, k.amount), concat_ws('/', c.units, c.amount)
    from (select * from sums where units <> 0 or amount <> 0) k
    full join (select * from cells where cell is not null) c on c.recital_id = k.recital_id and c.cell = k.cell
    where (k.units, k.amount) is distinct from (c.units, c.amount)
  )
  select * from unit_breaches union all select * from sum_breaches
  order by 1, 2, 3`;

export type FeeBreach = { kind: string; recitalId: string; key: string; kept: string; counted: string };

export const keptFeeBreaches = (db: Db) => rowsOf<FeeBreach>(db, BREACHES);
