import { addDays, compareDates, type DateOnly } from '../dates';

/**
 * Costume rules (issue 18, decision 029): the size a dancer's measurements suggest on a costume
 * company's chart, and the deposit a costume asks. Measurements are whole tenths of an inch; money is
 * whole cents.
 */

/** The measurements a size chart has ranges for. Height is kept with a dancer's measurements, never charted. */
export const CHART_MEASURES = ['girth', 'chest', 'hips'] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];

/** One size of a company's chart: each range in tenths of an inch; a missing bound is open on that side. */
export type ChartSize = {
  size: string;
} & { [K in ChartMeasure as `${K}Min` | `${K}Max`]: number | null };

/** A dancer's latest measurements (tenths of an inch), the day they were taken. */
export type Measurements = {
  takenOn: DateOnly;
  girth: number | null;
  chest: number | null;
  hips: number | null;
};

/** Measurements older than this many days are flagged: children grow between a fall fitting and spring. */
export const MEASUREMENTS_STALE_DAYS = 90;

/**
 * - `fits`: one size holds every measurement given;
 * - `between`: no size holds them all; the two nearest are suggested (a measurement between two sizes,
 *   or measurements that fit different sizes);
 * - `outside`: a measurement is beyond the chart's smallest or largest size; the nearest is suggested;
 * - `none`: nothing to go on (no measurements the chart has ranges for, or an empty chart).
 */
export type SizeFit = 'fits' | 'between' | 'outside' | 'none';

export type SizeSuggestion = {
  /** Chart sizes, in chart order: one when it fits or is outside, two when between, none otherwise. */
  sizes: string[];
  fit: SizeFit;
  /** No measurements, or taken more than MEASUREMENTS_STALE_DAYS days before today. */
  stale: boolean;
};

const bound = (s: ChartSize, m: ChartMeasure, side: 'Min' | 'Max') => s[`${m}${side}`];

/** How far (tenths of an inch) a value lies outside a size's range for a measure; 0 inside. */
function distance(s: ChartSize, m: ChartMeasure, value: number): number {
  const min = bound(s, m, 'Min');
  const max = bound(s, m, 'Max');
  if (min !== null && value < min) return min - value;
  if (max !== null && value > max) return value - max;
  return 0;
}

/** True when the measurements were taken more than MEASUREMENTS_STALE_DAYS days before today (or never). */
export function measurementsStale(m: Pick<Measurements, 'takenOn'> | null, today: DateOnly): boolean {
  if (!m) return true;
  return compareDates(addDays(m.takenOn, MEASUREMENTS_STALE_DAYS), today) < 0;
}

/**
 * The size a company's chart suggests for a dancer: the first size, in chart order, whose ranges hold
 * every measurement given; else the nearest two (`between`), or the nearest one when a measurement is
 * beyond the whole chart (`outside`). A measure no size of the chart has a range for is not counted.
 */
export function suggestSize(
  chart: readonly ChartSize[],
  measurements: Measurements | null,
  today: DateOnly,
): SizeSuggestion {
  const stale = measurementsStale(measurements, today);
  const given = CHART_MEASURES.flatMap((m) => {
    const value = measurements?.[m] ?? null;
    const charted = chart.some((s) => bound(s, m, 'Min') !== null || bound(s, m, 'Max') !== null);
    return value !== null && charted ? [{ m, value }] : [];
  });
  if (chart.length === 0 || given.length === 0) return { sizes: [], fit: 'none', stale };

  const scored = chart.map((s, order) => ({
    size: s.size,
    order,
    off: given.reduce((sum, { m, value }) => sum + distance(s, m, value), 0),
  }));
  const fitting = scored.find((s) => s.off === 0);
  if (fitting) return { sizes: [fitting.size], fit: 'fits', stale };

  const nearest = [...scored].sort((a, b) => a.off - b.off || a.order - b.order);
  // Beyond the chart: below every size's lower bound, or above every size's upper bound, of a measure.
  const outside = given.some(
    ({ m, value }) =>
      chart.every((s) => {
        const min = bound(s, m, 'Min');
        return min !== null && value < min;
      }) ||
      chart.every((s) => {
        const max = bound(s, m, 'Max');
        return max !== null && value > max;
      }),
  );
  if (outside || chart.length === 1) return { sizes: [nearest[0]!.size], fit: 'outside', stale };
  const two = nearest.slice(0, 2).sort((a, b) => a.order - b.order);
  return { sizes: two.map((s) => s.size), fit: 'between', stale };
}

/** The studio's costume deposit: none, a fixed amount (cents) or a percentage (basis points: 5000 is 50%). */
export type DepositSetting =
  | { kind: 'none' }
  | { kind: 'amount'; cents: number }
  | { kind: 'percent'; basisPoints: number };

/**
 * The deposit one costume asks, in cents: a fixed amount, never above the price; or a percentage of the
 * price rounded to the cent, halves up; 0 when the studio sets no deposit.
 */
export function costumeDeposit(setting: DepositSetting, sellPrice: number): number {
  if (!Number.isInteger(sellPrice) || sellPrice <= 0) return 0;
  switch (setting.kind) {
    case 'none':
      return 0;
    case 'amount':
      return Math.max(0, Math.min(setting.cents, sellPrice));
    case 'percent': {
      const bp = Math.max(0, Math.min(setting.basisPoints, 10_000));
      // Integer arithmetic: price × basis points stays below 2^53 for any price we accept.
      return Math.floor((sellPrice * bp + 5_000) / 10_000);
    }
  }
}

/** The words of a deposit rule, for the charge's explanation: "50% of $80.00" or "$25.00 a costume". */
export function depositRuleText(setting: DepositSetting, centsText: (cents: number) => string): string {
  switch (setting.kind) {
    case 'none':
      return 'No deposit';
    case 'amount':
      return `${centsText(setting.cents)} a costume`;
    case 'percent':
      return `${setting.basisPoints / 100}% of the price`;
  }
}

/**
 * Whether a deposit still comes off the family's bill when its costume is taken away: before the
 * studio's refundable date; on or after it, the charge stays. No date set: always refundable.
 */
export function depositRefundable(refundableUntil: DateOnly | null, today: DateOnly): boolean {
  return refundableUntil === null || compareDates(today, refundableUntil) < 0;
}

/** Inches as typed (24.5) to whole tenths (245). */
export const inchesToTenths = (inches: number) => Math.round(inches * 10);
/** Whole tenths (245) to inches as shown (24.5). */
export const tenthsToInches = (tenths: number) => tenths / 10;
