import type { CostumeListOptions } from '@pirouette/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargePaidAmount, keyedChargesPaid, standsUnderKey } from '../ledger';
import { depositKey } from './assignments.service';
import { balanceKey } from './orders.service';

/**
 * The deposits and balances lists' statements (issue 18 point 3): each costume of the studio with its
 * standing ledger charge of the kind — `costume-deposit:<assignment id>` or `costume-balance:<assignment
 * id>`, not reversed — and what the family has paid of it (the ledger's rule, `chargesPaid`, decision
 * 039). Scoped by the studio; dates leave as text, sums as integers (cents).
 */

export type Kind = 'deposit' | 'balance';
/** The keys' prefix, the assignment's id following: `costume-deposit:`, `costume-balance:`. */
const KEY_PREFIX: Record<Kind, string> = { deposit: depositKey(''), balance: balanceKey('') };

export type Filter = { dncNumID?: string; clSchID?: string; open?: boolean };

export type ListDbRow = {
  total: number;
  sum_charged: number;
  sum_paid: number;
  /** The page's columns: null on the one row a page past the end (or an empty filter) answers. */
  id: string | null;
  sell_price: number;
  deposit: number;
  removed_on: string | null;
  student_id: string;
  first_name: string;
  last_name: string;
  family_id: string;
  family: string;
  number_id: string;
  number_name: string;
  class_id: string;
  class_name: string;
  style_id: string;
  style_number: string;
  style_name: string;
  size: string;
  color: string;
  posted_on: string;
  charged: number;
  paid: number;
  order_id: string | null;
  order_name: string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The assignment a costume charge `ch` of the kind is for, its id read from the charge's key (null for a
 * key of another shape): each charge then finds its costume by the primary key. Joined the other way (the
 * key made from each assignment's id), the plan read every assignment with its activity and number for
 * each charge: 8,500 buffers for 35 deposits (issue 39 point 3).
 */
const assignmentOfKey = (kind: Kind): SQL =>
  sql`(case when ch.key ~ ${`^${KEY_PREFIX[kind]}${UUID_TEXT}$`}
    then substr(ch.key, ${KEY_PREFIX[kind].length + 1})::uuid end)`;

/** The costumes of the studio with a standing charge of the kind, narrowed by the filter. */
function chargedCostumes(kind: Kind, companyId: string, filter: Filter): SQL {
  const orders =
    kind === 'balance'
      ? sql`ol.order_id, ord.name as order_name`
      : sql`null::uuid as order_id, null::text as order_name`;
  const orderJoin =
    kind === 'balance'
      ? sql`left join costume_order_lines ol on ol.assignment_id = a.id
        left join costume_orders ord on ord.id = ol.order_id`
      : sql``;
  return sql`
    select a.id, a.sell_price, a.deposit,
      (a.removed_at at time zone co.time_zone)::date::text as removed_on,
      s.id as student_id, s.first_name, s.last_name, fa.id as family_id, fa.last_name as family,
      dn.id as number_id, dn.name as number_name, cl.id as class_id, cl.name as class_name,
      st.id as style_id, st.style_number, st.style_name, p.size, p.color,
      ch.posted_on::text as posted_on, ch.total as charged, ${chargePaidAmount('ch')}::int as paid,
      ${orders}
    from (${keyedChargesPaid(sql`c.company_id = ${companyId} and c.category = 'costume'`)}) ch
    join costume_assignments a on a.company_id = ${companyId} and a.id = ${assignmentOfKey(kind)}
    join companies co on co.id = a.company_id
    join student_outfits o on o.id = a.outfit_id
    join students s on s.id = o.student_id
    join family_accounts fa on fa.id = o.family_id
    join dance_number_activity da on da.id = a.activity_id
    join dance_numbers dn on dn.id = da.dance_number_id
    join classes cl on cl.id = dn.class_id
    join costume_styles st on st.id = a.style_id
    join costume_prices p on p.id = a.price_id
    ${orderJoin}
    where a.company_id = ${companyId} and not ch.removed
      ${filter.dncNumID ? sql`and dn.id = ${filter.dncNumID}` : sql``}
      ${filter.clSchID ? sql`and cl.id = ${filter.clSchID}` : sql``}
  `;
}

/** By dance number, then dancer, then style: how the owner reads down a number's costumes. */
const ORDER = sql`lower(number_name), number_id, lower(last_name), lower(first_name), student_id,
  lower(style_number), id`;

export async function listPage(
  db: Db,
  kind: Kind,
  companyId: string,
  filter: Filter,
  page: { limit: number; offset: number },
): Promise<ListDbRow[]> {
  return rowsOf<ListDbRow>(await db.execute(listPageStatement(kind, companyId, filter, page)));
}

/** A page of the list with its totals over the filter, in one statement. */
export function listPageStatement(
  kind: Kind,
  companyId: string,
  filter: Filter,
  page: { limit: number; offset: number },
): SQL {
  return sql`
    with costumes as (${chargedCostumes(kind, companyId, filter)}),
    filtered as (select * from costumes where ${filter.open ? sql`paid < charged` : sql`true`}),
    totals as (
      select count(*)::int as total, coalesce(sum(charged), 0)::int as sum_charged,
        coalesce(sum(paid), 0)::int as sum_paid
      from filtered
    ),
    page as (select * from filtered order by ${ORDER} limit ${page.limit} offset ${page.offset})
    select t.total, t.sum_charged, t.sum_paid, p.* from totals t left join page p on true
    order by ${ORDER}
  `;
}

export async function allRows(db: Db, kind: Kind, companyId: string, filter: Filter): Promise<ListDbRow[]> {
  const result = await db.execute(sql`
    with costumes as (${chargedCostumes(kind, companyId, filter)})
    select * from costumes where ${filter.open ? sql`paid < charged` : sql`true`}
    order by ${ORDER}
  `);
  return rowsOf<ListDbRow>(result);
}

/** The dance numbers and classes that have a standing charge of the kind, for the filters. */
export async function listOptions(db: Db, kind: Kind, companyId: string): Promise<CostumeListOptions> {
  const result = await db.execute(sql`
    select * from (
      select distinct dn.id as number_id, dn.name as number_name, cl.id as class_id, cl.name as class_name
      from costume_assignments a
      join dance_number_activity da on da.id = a.activity_id
      join dance_numbers dn on dn.id = da.dance_number_id
      join classes cl on cl.id = dn.class_id
      where a.company_id = ${companyId} and ${standsUnderKey(sql`a.company_id`, sql`${KEY_PREFIX[kind]} || a.id::text`)}
    ) n
    order by lower(class_name), class_id, lower(number_name), number_id
  `);
  const rows = rowsOf<{ number_id: string; number_name: string; class_id: string; class_name: string }>(
    result,
  );
  const classes = new Map<string, string>();
  for (const r of rows) classes.set(r.class_id, r.class_name);
  return {
    numbers: rows.map((r) => ({
      dncNumID: r.number_id,
      name: r.number_name,
      clSchID: r.class_id,
      className: r.class_name,
    })),
    classes: [...classes].map(([clSchID, name]) => ({ clSchID, name })),
  };
}
