/**
 * The Books page's small rules (pure): the days a form may ask, a balance's side, the default periods.
 */

export type Period = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real day of the calendar, YYYY-MM-DD. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Why a day cannot be asked, or null. */
export const dayProblem = (value: string) => (isDay(value) ? null : 'Choose a day.');

/** Why a period cannot be asked (and which end is wrong), or null. */
export function periodProblem(p: Period): { message: string; from: boolean; to: boolean } | null {
  if (!isDay(p.from)) return { message: 'Choose the first day.', from: true, to: false };
  if (!isDay(p.to)) return { message: 'Choose the last day.', from: false, to: true };
  if (p.from > p.to)
    return { message: 'The period must start on or before the day it ends.', from: true, to: true };
  return null;
}

/** This month so far. */
export const monthSoFar = (today: string): Period => ({ from: `${today.slice(0, 7)}-01`, to: today });

/** The month before `today`'s, whole: what an accountant usually closes and imports. */
export function lastMonth(today: string): Period {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The calendar year so far. */
export const yearSoFar = (today: string): Period => ({ from: `${today.slice(0, 4)}-01-01`, to: today });

/** A balance with its side, as a ledger prints it: "$120.00 Dr", "$45.00 Cr", "$0.00". */
export function sideText(dollars: number, format: (n: number) => string): string {
  if (dollars === 0) return format(0);
  return `${format(Math.abs(dollars))} ${dollars > 0 ? 'Dr' : 'Cr'}`;
}
