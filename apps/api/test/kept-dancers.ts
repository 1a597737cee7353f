import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * Every recital's kept dancers (decision 112, migration 0046) against the placements and activities
 * counted afresh, by SQL of its own (not the triggers'): each dancer's activities at the recital
 * (decision 107's flag, which its own check holds to the rule) in numbers placed in the recital's shows,
 * with the dancer's and the family's names as they are now. Answers what differs: nothing, always.
 */
const BREACHES = sql`
  with counted as (
    select p.company_id, p.recital_id, a.student_id, count(*)::int as n
    from recital_show_numbers p
    join dance_number_activity a on a.dance_number_id = p.dance_number_id and a.at_recital
    group by 1, 2, 3
  ), named as (
    select c.*, s.family_id, f.last_name as family_name, s.first_name, s.last_name
    from counted c join students s on s.id = c.student_id join family_accounts f on f.id = s.family_id
  ), kept as (
    select * from recital_dancers where placements <> 0
  )
  select coalesce(k.recital_id, c.recital_id) as "recitalId",
    coalesce(k.student_id, c.student_id) as "studentId",
    concat_ws('/', k.placements, k.company_id, k.family_id, k.family_name, k.first_name, k.last_name) as kept,
    concat_ws('/', c.n, c.company_id, c.family_id, c.family_name, c.first_name, c.last_name) as counted
  from kept k
  full join named c on c.recital_id = k.recital_id and c.student_id = k.student_id
  where (k.placements, k.company_id, k.family_id, k.family_name, k.first_name, k.last_name)
    is distinct from (c.n, c.company_id, c.family_id, c.family_name, c.first_name, c.last_name)
  order by 1, 2`;

export type DancerBreach = { recitalId: string; studentId: string; kept: string; counted: string };

export const keptDancerBreaches = (db: Db) => rowsOf<DancerBreach>(db, BREACHES);
