import {
  AGING_BUCKETS,
  type AgingBucket,
  type MoneyOverview,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  type PaymentType,
} from '@pirouette/domain';

type Taking = MoneyOverview['takings']['today'][number];

export type TakingRow = {
  method: PaymentType;
  label: string;
  today: { total: number; count: number };
  month: { total: number; count: number };
};

export type Takings = {
  rows: TakingRow[];
  /** Money received (credit applied is the family's own money moving, so it is not in these). */
  received: { today: number; month: number };
};

const NONE = { total: 0, count: 0 };

const cents = (dollars: number) => Math.round(dollars * 100);

/** Every method in its usual order, with what it took today and this month (none: $0). */
export function takingsByMethod(takings: MoneyOverview['takings']): Takings {
  const find = (list: Taking[], method: PaymentType) => {
    const found = list.filter((t) => t.method === method);
    if (found.length === 0) return NONE;
    return {
      total: found.reduce((sum, t) => sum + cents(t.total), 0) / 100,
      count: found.reduce((sum, t) => sum + t.count, 0),
    };
  };
  const rows = PAYMENT_TYPES.map((method) => ({
    method,
    label: method === 'credit' ? 'Credit applied' : PAYMENT_TYPE_LABELS[method],
    today: find(takings.today, method),
    month: find(takings.month, method),
  }));
  const received = (part: 'today' | 'month') =>
    rows.filter((r) => r.method !== 'credit').reduce((sum, r) => sum + cents(r[part].total), 0) / 100;
  return { rows, received: { today: received('today'), month: received('month') } };
}

export const AGING_LABELS: Record<AgingBucket, string> = {
  'not-due': 'Not yet due',
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

export const AGING_COLORS: Record<AgingBucket, string> = {
  'not-due': 'blue',
  '0-30': 'teal',
  '31-60': 'yellow',
  '61-90': 'orange',
  '90+': 'red',
};

export type AgingRow = { bucket: AgingBucket; label: string; total: number; share: number };

/** The ages in order (not yet due first; a missing one is $0), each with its share of what is owed, in percent. */
export function agingRows(aging: MoneyOverview['aging']): AgingRow[] {
  const totals = AGING_BUCKETS.map(
    (bucket) => aging.filter((a) => a.bucket === bucket).reduce((sum, a) => sum + cents(a.total), 0) / 100,
  );
  const whole = totals.reduce((sum, t) => sum + Math.max(0, t), 0);
  return AGING_BUCKETS.map((bucket, i) => {
    const total = totals[i]!;
    return {
      bucket,
      label: AGING_LABELS[bucket],
      total,
      share: whole > 0 ? Math.round((Math.max(0, total) / whole) * 1000) / 10 : 0,
    };
  });
}

/** "3 payments", "1 payment". */
export const paymentsCount = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/** The first day of today's month and today: the export's range until the owner picks another. */
export function monthToDate(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today.slice(0, 10) };
}

export type RangeProblem = { message: string; from: boolean; to: boolean };

/** Why a range cannot be exported (and which of its days is wrong), or null. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(from)) return { message: 'Choose the start date.', from: true, to: false };
  if (!day.test(to)) return { message: 'Choose the end date.', from: false, to: true };
  if (from > to)
    return { message: 'The start date must be on or before the end date.', from: true, to: true };
  return null;
}
