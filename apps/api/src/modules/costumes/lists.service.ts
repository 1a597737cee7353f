import {
  type BalanceList,
  type BalanceListRow,
  type balanceExportQuery,
  type balanceListQuery,
  type CostumePaidState,
  centsToDollars,
  csvRow,
  type DepositList,
  type DepositListRow,
  type depositExportQuery,
  type depositListQuery,
} from '@pirouette/domain';
import type { z } from 'zod';
import { studioToday } from '../ledger';
import { allRows, type Filter, type Kind, type ListDbRow, listOptions, listPage } from './lists.queries';
import { type CostumeDeps, requireOwner } from './shared';

/**
 * The deposits and balances lists (issue 18 point 3, decision 029 "Deposits and balances lists"): each
 * dancer's costume read with its ledger charge — the deposit keyed `costume-deposit:<assignment id>`,
 * the balance keyed `costume-balance:<assignment id>` — and what the family has paid of it, the sum of
 * the charge's allocations as `v2/assigned` reads it. A charge taken off the bill (reversed) is not
 * listed. Two statements whatever the number of rows (lists.queries.ts): the page with the filter's
 * totals and the filters' choices; for a file, the studio's today and every row.
 */

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
