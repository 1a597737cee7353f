import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * Every studio's kept counts (decisions 109 and 121, migrations 0044 and 0048) against its rows counted
 * afresh, by SQL of its own (not the triggers'): the families by their status, each term's registrations
 * waiting for approval (status 0, not dropped, counting), and each class's places taken (its
 * registrations that count). Answers the counts that differ: none, always.
 */
const BREACHES = sql`
  with kept as (
    select company_id, counter, key, sum(n)::int as n from studio_counts group by company_id, counter, key
  ), counted as (
    select company_id, 'families' as counter, term_status as key, count(*)::int as n
    from family_accounts group by company_id, term_status
    union all
    select r.company_id, 'pending', c.year_term_id::text, count(*)::int
    from class_registrations r join classes c on c.id = r.class_id
    where r.status = 0 and r.is_dropped = false and r.i_status > 0
    group by r.company_id, c.year_term_id
    union all
    select company_id, 'places', class_id::text, count(*)::int
    from class_registrations
    where is_dropped = false and i_status > 0 and status <> -1
    group by company_id, class_id
  )
  select coalesce(k.company_id, c.company_id) as "companyId", coalesce(k.counter, c.counter) as counter,
    coalesce(k.key, c.key) as key, coalesce(k.n, 0) as kept, coalesce(c.n, 0) as counted
  from kept k full join counted c on c.company_id = k.company_id and c.counter = k.counter and c.key = k.key
  where coalesce(k.n, 0) <> coalesce(c.n, 0)
  order by 1, 2, 3`;

export type CountBreach = { companyId: string; counter: string; key: string; kept: number; counted: number };

export const keptCountBreaches = (db: Db) => rowsOf<CountBreach>(db, BREACHES);
