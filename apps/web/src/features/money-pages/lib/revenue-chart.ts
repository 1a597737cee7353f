import {
  CATEGORY_LABELS,
  CHARGE_CATEGORIES,
  type ChargeCategory,
  type MoneyOverview,
} from '@pirouette/domain';

/**
 * The revenue chart's figures from the overview's rows (one per month and kind): every month of the span
 * in order, even one without revenue, each kind's part stacked on the previous (a negative part, more
 * refunded than charged, stacked below zero), and a scale with round steps.
 */

type RevenueRow = MoneyOverview['revenue'][number];

export type RevenueSegment = {
  category: ChargeCategory;
  total: number;
  /** Where the segment starts and ends on the scale, in dollars. */
  from: number;
  to: number;
};

export type RevenueMonth = {
  /** YYYY-MM. */
  month: string;
  /** "Nov". */
  label: string;
  /** Long, for screen readers and the tooltip: "November 2026". */
  name: string;
  total: number;
  segments: RevenueSegment[];
};

export type RevenueChart = {
  months: RevenueMonth[];
  /** The kinds with any revenue in the span, in the studio's order (the legend). */
  categories: ChargeCategory[];
  /** The scale's ends and its lines, in dollars. */
  min: number;
  max: number;
  ticks: number[];
  /** Nothing earned (or taken back) in the whole span. */
  empty: boolean;
};

export const CATEGORY_COLORS: Record<ChargeCategory, string> = {
  tuition: 'var(--mantine-color-plum-6)',
  registration_fee: 'var(--mantine-color-indigo-5)',
  costume: 'var(--mantine-color-teal-5)',
  competition: 'var(--mantine-color-yellow-6)',
  late_fee: 'var(--mantine-color-orange-6)',
  returned_check: 'var(--mantine-color-red-7)',
  other: 'var(--mantine-color-gray-5)',
  // Never revenue (its other side is equity, decision 056): listed for the type's sake.
  opening_balance: 'var(--mantine-color-gray-7)',
  card_surcharge: 'var(--mantine-color-cyan-6)',
  recital_fee: 'var(--mantine-color-pink-5)',
};

export const categoryLabel = (category: ChargeCategory) => CATEGORY_LABELS[category];

const MONTHS_SHOWN = 12;

const monthKey = (value: string) => value.slice(0, 7);

function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

const cents = (dollars: number) => Math.round(dollars * 100);

/** A step of 1, 2, 2.5 or 5 times a power of ten, about `range / parts`. */
export function niceStep(range: number, parts = 5): number {
  if (!(range > 0)) return 1;
  const rough = range / parts;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((f) => f * power >= rough) ?? 10;
  return step * power;
}

/**
 * The span: the 12 months up to today's (or the months of the period asked), widened to any month the
 * rows hold outside it.
 */
function monthSpan(rows: RevenueRow[], today: string, first?: string): string[] {
  const last = monthKey(today);
  let start = first ? monthKey(first) : addMonths(last, -(MONTHS_SHOWN - 1));
  let end = last;
  for (const row of rows) {
    const m = monthKey(row.month);
    if (m < start) start = m;
    if (m > end) end = m;
  }
  const months: string[] = [];
  for (let m = start; m <= end; m = addMonths(m, 1)) months.push(m);
  return months;
}

export function revenueChart(
  rows: RevenueRow[],
  today: string,
  period?: { from: string; to: string },
): RevenueChart {
  const byMonth = new Map<string, Map<ChargeCategory, number>>();
  for (const row of rows) {
    const m = monthKey(row.month);
    const kinds = byMonth.get(m) ?? new Map<ChargeCategory, number>();
    kinds.set(row.category, (kinds.get(row.category) ?? 0) + cents(row.total));
    byMonth.set(m, kinds);
  }
  const categories = CHARGE_CATEGORIES.filter((c) =>
    [...byMonth.values()].some((kinds) => (kinds.get(c) ?? 0) !== 0),
  );

  let top = 0;
  let bottom = 0;
  const span = period ? monthSpan(rows, period.to, period.from) : monthSpan(rows, today);
  const months = span.map((month): RevenueMonth => {
    const kinds = byMonth.get(month);
    let up = 0;
    let down = 0;
    const segments: RevenueSegment[] = [];
    for (const category of categories) {
      const value = kinds?.get(category) ?? 0;
      if (value === 0) continue;
      const start = value > 0 ? up : down;
      const stop = start + value;
      if (value > 0) up = stop;
      else down = stop;
      segments.push({ category, total: value / 100, from: start / 100, to: stop / 100 });
    }
    top = Math.max(top, up);
    bottom = Math.min(bottom, down);
    const date = asDate(month);
    return {
      month,
      label: SHORT.format(date),
      name: LONG.format(date),
      total: (up + down) / 100,
      segments,
    };
  });

  const empty = categories.length === 0;
  const step = niceStep((top - bottom) / 100);
  const max = empty ? step * 4 : Math.ceil(top / 100 / step) * step;
  const min = Math.floor(bottom / 100 / step) * step;
  const ticks: number[] = [];
  for (let t = min; t <= max + step / 2; t += step) ticks.push(Math.round(t * 100) / 100);
  return { months, categories, min, max: Math.max(max, min + step), ticks, empty };
}

/**
 * Where the years go under the months' names when every `every`th month is named: under the first month
 * named, and under the first one named in each new year (index → year).
 */
export function yearMarks(months: Pick<RevenueMonth, 'month'>[], every = 1): Map<number, string> {
  const marks = new Map<number, string>();
  let last = '';
  months.forEach((m, i) => {
    if (i % every !== 0) return;
    const year = m.month.slice(0, 4);
    if (year !== last) marks.set(i, year);
    last = year;
  });
  return marks;
}

/** A figure on the scale or above a bar: "$0", "$7.5", "$623", "$2.5k", "$12k", "$1.2M". */
export function axisMoney(dollars: number): string {
  const sign = dollars < 0 ? '−' : '';
  const v = Math.abs(dollars);
  if (v >= 1_000_000) return `${sign}$${trim(v / 1_000_000)}M`;
  if (v >= 1_000) return `${sign}$${trim(v / 1_000)}k`;
  return `${sign}$${v >= 100 ? Math.round(v) : trim(v)}`;
}

const trim = (n: number) => String(Math.round(n * 10) / 10);
