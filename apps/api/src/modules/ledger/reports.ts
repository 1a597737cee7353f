import {
  type Actor,
  type AgingByFamily,
  agedTotals,
  type agingQuery,
  CATEGORY_LABELS,
  CHARGE_CATEGORIES,
  type ChargeCategory,
  CSV_BOM,
  type CsvCell,
  can,
  compareDates,
  csvRow,
  csvText,
  daysInclusive,
  endOfMonth,
  type MoneyOverview,
  makeDate,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  type PaymentType,
  type PlanPaymentRow,
  paymentSpecFields,
  type planPaymentList,
  type planPaymentsQuery,
  REVENUE_MAX_MONTHS,
  REVENUE_TEXT,
  startOfMonth,
  tuitionSplit,
  centsToDollars as usd,
} from '@pirouette/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, forbidden, unprocessable } from '../../http/errors';
import { findCurrentYearTerm } from '../../kernel/current-term';
import type { Clock } from '../../lib/clock';
import { studioToday } from './ledger.service';
import {
  type ExportEntryRow,
  ledgerEntriesBetween,
  openByDueDate,
  openByFamilyPage,
  type PlanPaymentDbRow,
  planPaymentPage,
  revenueByMonth,
  studioBalances,
  studioNameOf,
  takingsByMethod,
  topOwing,
} from './reports.queries';

/**
 * The owner's money pages (issue 16 point 6): every plan payment of the term with what the ledger says
 * of it, the studio's money at a glance, and the ledger as CSV for the accountant. Every figure is read
 * from the ledger's rows, in a fixed number of statements.
 */

export type ReportDeps = { db: Db; actor: Actor; clock: Clock };

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

// ——— Plan payments ———

export async function planPayments(
  deps: ReportDeps,
  query: z.output<typeof planPaymentsQuery>,
): Promise<z.infer<typeof planPaymentList>> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const [today, term] = await Promise.all([
    studioToday(db, actor.companyId, deps.clock),
    findCurrentYearTerm(db, actor.companyId),
  ]);
  const { page, pageSize } = query;
  const answer = { page, pageSize, term: term ? { id: term.id, name: term.name } : null };
  if (!term) return { ...answer, items: [], total: 0, sums: { val: 0, paid: 0, overdue: 0 } };
  const rows = await planPaymentPage(db, {
    companyId: actor.companyId,
    yearTermId: term.id,
    today,
    monthStart: startOfMonth(today),
    monthEnd: endOfMonth(today),
    filter: query.filter,
    familyId: query.family,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const head = rows[0];
  return {
    ...answer,
    items: rows.flatMap((r): PlanPaymentRow[] =>
      r.payment_id
        ? [
            {
              id: r.payment_id,
              coAcctMemID: r.family_id,
              family: r.family,
              plan: r.plan,
              name: r.name,
              kind: r.kind,
              val: usd(r.val),
              charged: usd(r.charged),
              paid: usd(r.paid),
              isPayed: r.is_payed ? 1 : 0,
              state: r.state,
              dateStart: r.date_start,
              dateEnd: r.date_end,
              ...specFieldsOf(r),
            },
          ]
        : [],
    ),
    total: head?.total ?? 0,
    sums: {
      val: usd(Number(head?.sum_val ?? 0)),
      paid: usd(Number(head?.sum_paid ?? 0)),
      overdue: usd(Number(head?.sum_overdue ?? 0)),
    },
  };
}

/** 001 §3's fields of a listed payment (decision 043), by the domain's one rule, in dollars. */
function specFieldsOf(r: PlanPaymentDbRow) {
  const tuition = tuitionSplit(r.registrations ?? []);
  // The payment's plan and option, and the term's default plan the plan is priced against.
  const plan = {
    id: r.plan_id,
    isDefault: r.is_default,
    nPays: r.n_pays,
    discount: Number(r.discount),
    options: [{ id: r.option_id, dayPaymentDue: r.day_payment_due ?? 0 }],
  };
  const defaultPlan = {
    id: '',
    isDefault: true,
    nPays: r.default_n_pays ?? r.n_pays,
    discount: 0,
    options: [],
  };
  const f = paymentSpecFields(
    {
      optionId: r.option_id,
      kind: r.kind,
      val: r.val,
      xPlanFinal: Number(r.x_plan_final),
      isRelivent: r.is_relivent === 1,
      dateDue: r.date_due,
    },
    {
      plans: r.is_default ? [plan] : [plan, defaultPlan],
      planId: r.plan_id,
      monthly: r.monthly,
      rev: r.revision,
      tuition,
    },
  );
  return {
    ...f,
    val_i: usd(f.val_i),
    tuition: { active: usd(tuition.active), inActive: usd(tuition.inActive), total: usd(tuition.total) },
  };
}

// ——— The overview ———

/** The first day of the month `back` months before the month of `day`. */
function monthsBefore(day: string, back: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return makeDate(Math.floor(index / 12), (index % 12) + 1, 1);
}

const OWING_SHOWN = 10;

/** The months of a period, YYYY-MM, first to last. */
function monthsOf(from: string, to: string): string[] {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let i = index(from); i <= index(to); i++) {
    months.push(`${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * The revenue report's period (issue 34 item 4): the days asked, or the last 12 months (this month and
 * the 11 before) as the overview always showed; each month of it listed. A period that ends before it
 * starts or spans more than REVENUE_MAX_MONTHS months is refused with a sentence, nothing read.
 */
export function revenuePeriod(today: string, asked: { from?: string; to?: string }) {
  const to = asked.to ?? endOfMonth(today);
  const from = asked.from ?? monthsBefore(to, 11);
  if (compareDates(from, to) > 0) throw badRequest(REVENUE_TEXT.backwards);
  const months = monthsOf(from, to);
  if (months.length > REVENUE_MAX_MONTHS) throw badRequest(REVENUE_TEXT.tooLong);
  return { from, to, months };
}

export async function moneyOverview(
  deps: ReportDeps,
  asked: { from?: string; to?: string } = {},
): Promise<MoneyOverview> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const companyId = actor.companyId;
  const today = await studioToday(db, companyId, deps.clock);
  const monthStart = startOfMonth(today);
  const period = revenuePeriod(today, asked);
  const [takings, balances, open, revenue, owing] = await Promise.all([
    takingsByMethod(db, companyId, today, monthStart),
    studioBalances(db, companyId),
    openByDueDate(db, companyId),
    revenueByMonth(db, companyId, period.from, period.to),
    topOwing(db, companyId, OWING_SHOWN),
  ]);

  const byMethod = (count: 'today_count' | 'month_count', total: 'today_total' | 'month_total') =>
    PAYMENT_TYPES.flatMap((method) => {
      const row = takings.find((t) => t.method === method);
      return row && row[count] > 0 ? [{ method, total: usd(row[total]), count: row[count] }] : [];
    });

  const aging = agedTotals(
    open.map((r) => ({ dueDate: r.due_date, open: r.open })),
    today,
  );

  // Every month of the period for each category that has revenue in it, so a chart has its zeros.
  const months = period.months;
  const categories = CHARGE_CATEGORIES.filter((c) => revenue.some((r) => r.category === c));
  const revenueOf = new Map(revenue.map((r) => [`${r.month}:${r.category}`, r.total]));

  return {
    today,
    takings: { today: byMethod('today_count', 'today_total'), month: byMethod('month_count', 'month_total') },
    receivable: usd(balances.receivable),
    familiesOwing: balances.families_owing,
    creditHeld: usd(balances.credit),
    aging: aging.map((a) => ({ bucket: a.bucket, total: usd(a.total) })),
    revenue: months.flatMap((month) =>
      categories.map((category) => ({
        month,
        category,
        total: usd(revenueOf.get(`${month}:${category}`) ?? 0),
      })),
    ),
    owing: owing.map((o) => ({
      coAcctMemID: o.family_id,
      family: o.family,
      balance: usd(o.balance),
      oldestDue: o.oldest_due ?? '',
    })),
  };
}

/**
 * GET transactions/aging (issue 31 item 8): a page of the families with something open, most owed
 * first, each with its open charges aged as the overview ages the studio's (not yet due, then days past
 * due), in one statement whatever the page's size.
 */
export async function agingByFamily(
  deps: ReportDeps,
  query: z.output<typeof agingQuery>,
): Promise<AgingByFamily> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const { page, pageSize } = query;
  const [today, rows] = await Promise.all([
    studioToday(db, actor.companyId, deps.clock),
    openByFamilyPage(db, {
      companyId: actor.companyId,
      familyId: query.family,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
  ]);
  return {
    today,
    items: rows.flatMap((r) =>
      r.family_id
        ? [
            {
              coAcctMemID: r.family_id,
              family: r.family,
              total: usd(r.total),
              aging: agedTotals(
                r.dues.map(([dueDate, open]) => ({ dueDate, open })),
                today,
              ).map((a) => ({ bucket: a.bucket, total: usd(a.total) })),
            },
          ]
        : [],
    ),
    total: rows[0]?.count ?? 0,
    page,
    pageSize,
  };
}

// ——— The accountant's CSV ———

export const EXPORT_MAX_DAYS = 400;
export const EXPORT_MAX_ENTRIES = 100_000;

export const exportMessages = {
  order: 'The start date must be on or before the end date.',
  tooLong: `Choose at most ${EXPORT_MAX_DAYS} days: export a longer period in parts.`,
  tooMany: `These days hold more than ${EXPORT_MAX_ENTRIES.toLocaleString('en-US')} entries: export a shorter period.`,
} as const;

const CSV_HEADER = [
  'Date',
  'Num',
  'Name',
  'Memo',
  'Account',
  'Debit',
  'Credit',
  'Type',
  'Method',
  'Reference',
  'Posted by',
];

const METHOD_ACCOUNTS: Record<string, string> = {
  cash: 'Undeposited funds: cash',
  check: 'Undeposited funds: checks',
  terminal: 'Undeposited funds: card terminal',
  card: 'Undeposited funds: card on file',
};

/** An account as an accountant names it. */
export function accountLabel(account: string): string {
  if (account === 'receivable') return 'Accounts receivable';
  if (account === 'credit') return 'Family credit held';
  if (account === 'refunds') return 'Refunds given';
  if (account === 'opening_balances') return 'Opening balances';
  if (account.startsWith('revenue:')) {
    const category = account.slice('revenue:'.length) as ChargeCategory;
    return `${CATEGORY_LABELS[category] ?? category} income`;
  }
  return METHOD_ACCOUNTS[account] ?? account;
}

const KIND_LABELS: Record<string, string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit_applied: 'Credit applied',
  reversal: 'Reversal',
  refund: 'Refund',
  bounce: 'Returned check',
  dispute: 'Card payment disputed',
};

const methodLabel = (method: string | null) =>
  method ? (PAYMENT_TYPE_LABELS[method as PaymentType] ?? method) : '';

/** What a ledger transaction was, for the memo column. */
function whatOf(r: ExportEntryRow): string {
  switch (r.kind) {
    case 'charge':
      return r.charge_item ?? 'Charge';
    case 'payment':
      return `${methodLabel(r.payment_method)} payment${r.payment_reference ? ` (${r.payment_reference})` : ''}`;
    case 'credit_applied':
      return 'Credit applied to open charges';
    case 'reversal':
      if (r.reversed_item)
        return `${r.reversed_category === 'late_fee' ? 'Waived' : 'Removed'}: ${r.reversed_item}`;
      if (r.reversed_method)
        return `Payment taken back: ${methodLabel(r.reversed_method)} of ${r.reversed_received}`;
      return 'Correction';
    case 'refund':
      return r.refund_to === 'credit' ? 'Refund as credit' : `Refund (${methodLabel(r.refund_to)})`;
    case 'bounce':
      return `Check returned${r.reversed_reference ? ` (${r.reversed_reference})` : ''}`;
    case 'dispute':
      return `Card payment disputed${r.reversed_reference ? ` (${r.reversed_reference})` : ''}`;
    default:
      return r.kind;
  }
}

const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** What a ledger entry's transaction was, and why when its reason says more: the memo an accountant reads. */
export function memoOf(r: ExportEntryRow): string {
  const what = whatOf(r);
  return r.reason && r.reason !== what ? `${what} — ${r.reason}` : what;
}

export function csvLine(r: ExportEntryRow): string {
  const memo = memoOf(r);
  return csvRow([
    usDate(r.date),
    r.tx_id.slice(0, 8),
    r.family ?? '(family deleted)',
    memo,
    accountLabel(r.account),
    r.amount > 0 ? dollars(r.amount) : '',
    r.amount < 0 ? dollars(-r.amount) : '',
    KIND_LABELS[r.kind] ?? r.kind,
    methodLabel(r.payment_method ?? r.refund_to ?? r.reversed_method),
    r.payment_reference || r.reversed_reference || '',
    r.by,
  ]);
}

export async function exportCsv(
  deps: ReportDeps,
  range: { from: string; to: string },
): Promise<{ filename: string; csv: string }> {
  requireOwner(deps.actor);
  const { from, to } = range;
  if (compareDates(from, to) > 0) throw badRequest(exportMessages.order);
  if (daysInclusive(from, to) > EXPORT_MAX_DAYS) throw badRequest(exportMessages.tooLong);
  const rows = await ledgerEntriesBetween(deps.db, deps.actor.companyId, from, to, EXPORT_MAX_ENTRIES + 1);
  if (rows.length > EXPORT_MAX_ENTRIES) throw unprocessable(exportMessages.tooMany);
  const lines = [csvRow(CSV_HEADER), ...rows.map(csvLine)];
  return { filename: `pirouette-ledger-${from}-to-${to}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

// ——— The revenue report as CSV (issue 34 item 4) ———

/**
 * The revenue by month and kind between two days as CSV: a line per month of the period, a column per
 * kind with revenue in it, the month's total, then a line of totals. Money as 1234.56.
 */
export async function revenueCsv(
  deps: ReportDeps,
  range: { from: string; to: string },
): Promise<{ filename: string; text: string }> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const today = await studioToday(db, actor.companyId, deps.clock);
  const period = revenuePeriod(today, range);
  const [rows, studio] = await Promise.all([
    revenueByMonth(db, actor.companyId, period.from, period.to),
    studioNameOf(db, actor.companyId),
  ]);
  const categories = CHARGE_CATEGORIES.filter((c) => rows.some((r) => r.category === c));
  const of = new Map(rows.map((r) => [`${r.month}:${r.category}`, r.total]));
  const cell = (month: string, c: ChargeCategory) => of.get(`${month}:${c}`) ?? 0;
  const lines: CsvCell[][] = [
    ['Month', ...categories.map((c) => CATEGORY_LABELS[c]), 'Total'],
    ...period.months.map((month): CsvCell[] => [
      month,
      ...categories.map((c) => ({ cents: cell(month, c) })),
      { cents: categories.reduce((sum, c) => sum + cell(month, c), 0) },
    ]),
    [
      'Total',
      ...categories.map((c) => ({ cents: period.months.reduce((sum, m) => sum + cell(m, c), 0) })),
      { cents: rows.reduce((sum, r) => sum + r.total, 0) },
    ],
  ];
  return { filename: `${studio}-revenue-${period.from}-to-${period.to}`, text: CSV_BOM + csvText(lines) };
}
