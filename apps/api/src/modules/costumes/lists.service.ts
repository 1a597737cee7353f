import {
  type BalanceList,
  type BalanceListRow,
  type balanceExportQuery,
  type balanceListQuery,
  type CostumeListOptions,
  type CostumePaidState,
  centsToDollars,
  csvRow,
  type DepositList,
  type DepositListRow,
  type depositExportQuery,
  type depositListQuery,
} from '@pirouette/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { studioToday } from '../ledger/ledger.service';
import { type CostumeDeps, requireOwner } from './shared';

/**
 * The deposits and balances lists (issue 18 point 3, decision 029 "Deposits and balances lists"): each
 * dancer's costume read with its ledger charge — the deposit keyed `costume-deposit:<assignment id>`,
 * the balance keyed `costume-balance:<assignment id>` — and what the family has paid of it, the sum of
 * the charge's allocations as `v2/assigned` reads it. A charge taken off the bill (reversed) is not
 * listed. Two statements whatever the number of rows: the page with the filter's totals, and the
 * filters' choices. Dates leave as text, sums as integers (cents).
 */

type Kind = 'deposit' | 'balance';
const KEY_PREFIX: Record<Kind, string> = { deposit: 'costume-deposit:', balance: 'costume-balance:' };

type Filter = { dncNumID?: string; clSchID?: string; open?: boolean };

type ListDbRow = {
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
      lt.effective_date::text as posted_on, ch.total as charged,
      greatest(0, least(ch.total, coalesce(
        (select sum(al.amount) from ledger_allocations al where al.charge_tx_id = lt.id), 0)))::int as paid,
      ${orders}
    from costume_assignments a
    join companies co on co.id = a.company_id
    join student_outfits o on o.id = a.outfit_id
    join students s on s.id = o.student_id
    join family_accounts fa on fa.id = o.family_id
    join dance_number_activity da on da.id = a.activity_id
    join dance_numbers dn on dn.id = da.dance_number_id
    join classes cl on cl.id = dn.class_id
    join costume_styles st on st.id = a.style_id
    join costume_prices p on p.id = a.price_id
    join ledger_transactions lt
      on lt.company_id = a.company_id and lt.idempotency_key = ${KEY_PREFIX[kind]} || a.id::text
    join ledger_charges ch on ch.tx_id = lt.id
    left join ledger_transactions rv on rv.reverses_id = lt.id
    ${orderJoin}
    where a.company_id = ${companyId} and rv.id is null
      ${filter.dncNumID ? sql`and dn.id = ${filter.dncNumID}` : sql``}
      ${filter.clSchID ? sql`and cl.id = ${filter.clSchID}` : sql``}
  `;
}

/** By dance number, then dancer, then style: how the owner reads down a number's costumes. */
const ORDER = sql`lower(number_name), number_id, lower(last_name), lower(first_name), student_id,
  lower(style_number), id`;

async function listPage(
  db: Db,
  kind: Kind,
  companyId: string,
  filter: Filter,
  page: { limit: number; offset: number },
): Promise<ListDbRow[]> {
  const result = await db.execute(sql`
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
  `);
  return rowsOf<ListDbRow>(result);
}

async function allRows(db: Db, kind: Kind, companyId: string, filter: Filter): Promise<ListDbRow[]> {
  const result = await db.execute(sql`
    with costumes as (${chargedCostumes(kind, companyId, filter)})
    select * from costumes where ${filter.open ? sql`paid < charged` : sql`true`}
    order by ${ORDER}
  `);
  return rowsOf<ListDbRow>(result);
}

/** The dance numbers and classes that have a standing charge of the kind, for the filters. */
async function listOptions(db: Db, kind: Kind, companyId: string): Promise<CostumeListOptions> {
  const result = await db.execute(sql`
    select * from (
      select distinct dn.id as number_id, dn.name as number_name, cl.id as class_id, cl.name as class_name
      from costume_assignments a
      join dance_number_activity da on da.id = a.activity_id
      join dance_numbers dn on dn.id = da.dance_number_id
      join classes cl on cl.id = dn.class_id
      join ledger_transactions lt
        on lt.company_id = a.company_id and lt.idempotency_key = ${KEY_PREFIX[kind]} || a.id::text
      left join ledger_transactions rv on rv.reverses_id = lt.id
      where a.company_id = ${companyId} and rv.id is null
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

const stateOf = (charged: number, paid: number): CostumePaidState =>
  paid >= charged ? 'paid' : paid > 0 ? 'part' : 'unpaid';

/** The columns both lists share, from a row that has them. */
function identityOf(r: ListDbRow & { id: string }) {
  return {
    costumeAssignedID: r.id,
    studentID: r.student_id,
    dancer: `${r.first_name} ${r.last_name}`.trim(),
    coAcctMemID: r.family_id,
    family: r.family,
    dncNumID: r.number_id,
    danceNumber: r.number_name,
    clSchID: r.class_id,
    className: r.class_name,
    costumeID: r.style_id,
    styleNumber: r.style_number,
    styleName: r.style_name,
    size: r.size,
    color: r.color,
    price: centsToDollars(r.sell_price),
    removedOn: r.removed_on,
    charged: centsToDollars(r.charged),
    paid: centsToDollars(r.paid),
    open: centsToDollars(r.charged - r.paid),
    status: stateOf(r.charged, r.paid),
  };
}

const presentDeposit = (r: ListDbRow & { id: string }): DepositListRow => ({
  ...identityOf(r),
  assignedOn: r.posted_on,
});

const presentBalance = (r: ListDbRow & { id: string }): BalanceListRow => ({
  ...identityOf(r),
  deposit: centsToDollars(r.deposit),
  orderID: r.order_id,
  orderName: r.order_name,
  orderedOn: r.posted_on,
});

const onPage = (r: ListDbRow): r is ListDbRow & { id: string } => r.id !== null;

async function list<Row>(
  deps: CostumeDeps,
  kind: Kind,
  query: Filter & { page: number; pageSize: number },
  present: (r: ListDbRow & { id: string }) => Row,
) {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const { page, pageSize } = query;
  const [rows, options] = await Promise.all([
    listPage(db, kind, actor.companyId, query, { limit: pageSize, offset: (page - 1) * pageSize }),
    listOptions(db, kind, actor.companyId),
  ]);
  const head = rows[0];
  const charged = Number(head?.sum_charged ?? 0);
  const paid = Number(head?.sum_paid ?? 0);
  return {
    items: rows.filter(onPage).map(present),
    total: head?.total ?? 0,
    page,
    pageSize,
    totals: {
      count: head?.total ?? 0,
      charged: centsToDollars(charged),
      paid: centsToDollars(paid),
      open: centsToDollars(charged - paid),
    },
    options,
  };
}

/** `GET …/costumes/deposits`: every costume with its deposit standing on the family's bill. */
export function depositList(
  deps: CostumeDeps,
  query: z.output<typeof depositListQuery>,
): Promise<DepositList> {
  return list(deps, 'deposit', query, presentDeposit);
}

/** `GET …/costumes/balances`: the balances posted when the costumes were ordered (the open ones by default). */
export function balanceList(
  deps: CostumeDeps,
  query: z.output<typeof balanceListQuery>,
): Promise<BalanceList> {
  return list(deps, 'balance', query, presentBalance);
}

// ——— CSV ———

const usDate = (day: string | null) =>
  day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '';
const dollars = (cents: number) => (cents / 100).toFixed(2);
const STATUS_TEXT: Record<CostumePaidState, string> = { paid: 'Paid', part: 'Part paid', unpaid: 'Unpaid' };

const IDENTITY_HEADER = [
  'Dancer',
  'Family',
  'Dance number',
  'Class',
  'Style number',
  'Style',
  'Size',
  'Colour',
  'Price',
];
const identityCells = (r: ListDbRow) => [
  `${r.first_name} ${r.last_name}`.trim(),
  r.family,
  r.number_name,
  r.class_name,
  r.style_number,
  r.style_name,
  r.size,
  r.color,
  dollars(r.sell_price),
];
const moneyCells = (r: ListDbRow) => [
  dollars(r.charged),
  dollars(r.paid),
  dollars(r.charged - r.paid),
  STATUS_TEXT[stateOf(r.charged, r.paid)],
];

const DEPOSIT_HEADER = [...IDENTITY_HEADER, 'Deposit', 'Paid', 'Open', 'Status', 'Assigned on', 'Removed on'];
const depositLine = (r: ListDbRow) =>
  csvRow([...identityCells(r), ...moneyCells(r), usDate(r.posted_on), usDate(r.removed_on)]);

const BALANCE_HEADER = [
  ...IDENTITY_HEADER,
  'Deposit',
  'Balance',
  'Paid',
  'Open',
  'Status',
  'Order',
  'Ordered on',
  'Removed on',
];
const balanceLine = (r: ListDbRow) =>
  csvRow([
    ...identityCells(r),
    dollars(r.deposit),
    ...moneyCells(r),
    r.order_name ?? '',
    usDate(r.posted_on),
    usDate(r.removed_on),
  ]);

async function exportRows(
  deps: CostumeDeps,
  kind: Kind,
  filter: Filter,
  header: string[],
  line: (r: ListDbRow) => string,
) {
  requireOwner(deps.actor);
  const { db, actor, clock } = deps;
  const [today, rows] = await Promise.all([
    studioToday(db, actor.companyId, clock),
    allRows(db, kind, actor.companyId, filter),
  ]);
  const lines = [csvRow(header), ...rows.map(line)];
  const name = kind === 'deposit' ? 'deposits' : 'balances';
  return { filename: `pirouette-costume-${name}-${today}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

/** `GET …/costumes/deposits/export`: the deposits list's rows under its filter, all of them, as CSV. */
export function depositCsv(deps: CostumeDeps, query: z.output<typeof depositExportQuery>) {
  return exportRows(deps, 'deposit', query, DEPOSIT_HEADER, depositLine);
}

/** `GET …/costumes/balances/export`: the balances list's rows under its filter, all of them, as CSV. */
export function balanceCsv(deps: CostumeDeps, query: z.output<typeof balanceExportQuery>) {
  return exportRows(deps, 'balance', query, BALANCE_HEADER, balanceLine);
}
