import { compareDates, type DateOnly } from '../dates';

/**
 * The ledger's pure rules (issue 16, decision 027): which charges a payment pays, how old a debt is.
 * The server applies them under the family's lock; the model-based test checks the books against them.
 */

/** A charge with something left to pay, as a payment sees it. */
export type OpenCharge = {
  id: string;
  dueDate: DateOnly;
  /** Posting order among charges due the same day (earlier first). */
  seq: number;
  /** Cents left to pay, > 0. */
  open: number;
};

export type Allocation = { chargeId: string; amount: number };

/** Oldest first: by due date, then by the order they were posted. */
export function oldestFirst<T extends { dueDate: DateOnly; seq: number }>(charges: readonly T[]): T[] {
  return [...charges].sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.seq - b.seq);
}

/**
 * Puts `amount` cents against open charges: the picked ones (in age order) when the owner picked
 * items, else every open charge oldest first. Each charge gets at most what it has open; what is left
 * over (`rest`) becomes the family's credit. Allocations sum to `amount − rest`.
 */
export function allocate(
  charges: readonly OpenCharge[],
  amount: number,
  picked?: readonly string[],
): { allocations: Allocation[]; rest: number } {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`allocate: ${amount} is not whole cents ≥ 0`);
  const only = picked && picked.length > 0 ? new Set(picked) : null;
  const allocations: Allocation[] = [];
  let rest = amount;
  for (const c of oldestFirst(charges)) {
    if (rest === 0) break;
    if (only && !only.has(c.id)) continue;
    if (c.open <= 0) continue;
    const take = Math.min(rest, c.open);
    allocations.push({ chargeId: c.id, amount: take });
    rest -= take;
  }
  return { allocations, rest };
}

/** Not yet due (due after today), then days past due: 0–30 (due today included), 31–60, 61–90, over 90. */
export const AGING_BUCKETS = ['not-due', '0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const DAY_MS = 86_400_000;
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: DateOnly, to: DateOnly) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Which age a debt due on `dueDate` has on `today`: not yet due (its due date is after today; issue 31
 * item 8), or 0–30 days past due (due today included), 31–60, 61–90, 90+.
 */
export function agingBucket(dueDate: DateOnly, today: DateOnly): AgingBucket {
  const days = daysBetween(dueDate, today);
  if (days < 0) return 'not-due';
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** Open amounts (cents) summed by age, every age in AGING_BUCKETS' order (a missing one is 0). */
export function agedTotals(
  open: readonly { dueDate: DateOnly; open: number }[],
  today: DateOnly,
): { bucket: AgingBucket; total: number }[] {
  const totals = new Map<AgingBucket, number>(AGING_BUCKETS.map((b) => [b, 0]));
  for (const o of open) {
    const bucket = agingBucket(o.dueDate, today);
    totals.set(bucket, totals.get(bucket)! + o.open);
  }
  return AGING_BUCKETS.map((bucket) => ({ bucket, total: totals.get(bucket)! }));
}

/** The day a late fee falls due for a charge due on `dueDate`: `graceDays` later. */
export function lateFeeDay(dueDate: DateOnly, graceDays: number): DateOnly {
  return new Date(Date.parse(`${dueDate}T00:00:00Z`) + graceDays * DAY_MS).toISOString().slice(0, 10);
}

/** A field for a CSV file: quoted when it holds a comma, a quote or a line break; formulas defused. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // A spreadsheet runs a cell that starts with = + - @ as a formula; numbers stay numbers.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (fields: readonly (string | number | null | undefined)[]) =>
  fields.map(csvField).join(',');
