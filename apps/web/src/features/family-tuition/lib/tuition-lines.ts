import { dollarsText, formatDateOnly, formatTimeOfDay, WEEKDAYS } from '@pirouette/domain';

/** One line of a price's or a payment's working, in dollars. */
export type MoneyLine = { label: string; amount: number };

/** A signed amount as a receipt prints it: "$60.00", "−$6.00" (a true minus, as the server's lines write it). */
export const signedText = (amount: number) => (amount < 0 ? `−${dollarsText(-amount)}` : dollarsText(amount));

/**
 * A plan revision writes its amount into the sentence ("Jazz 1 dropped from Jan 15, 2027: −$31.50");
 * the screen shows amounts in their own column, so the repeated figure at the end is cut from the words.
 */
export function splitLine(line: MoneyLine): MoneyLine {
  const sign = line.amount < 0 ? '−' : '+';
  const suffix = `: ${sign}${dollarsText(Math.abs(line.amount))}`;
  return line.label.endsWith(suffix) ? { ...line, label: line.label.slice(0, -suffix.length) } : line;
}

/** "Tue 5:00 PM": when a class meets, short enough for a phone. */
export function classWhen(day: number, timeStart: string) {
  const name = (WEEKDAYS[day] ?? '').slice(0, 3);
  return timeStart ? `${name} ${formatTimeOfDay(timeStart)}` : name;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A payment's period as short as it reads: "Nov 1 – 30, 2026", "Sep 1 – Dec 31, 2026", or both dates
 * whole across a year's end ("Sep 1, 2026 – Jan 31, 2027").
 */
export function periodText(start: string, end: string) {
  const [ys, ms, ds] = start.slice(0, 10).split('-').map(Number);
  const [ye, me, de] = end.slice(0, 10).split('-').map(Number);
  if (!ys || !ms || !ds || !ye || !me || !de) return `${start} – ${end}`;
  if (ys !== ye) return `${formatDateOnly(start)} – ${formatDateOnly(end)}`;
  if (ms === me) return `${MONTHS[ms - 1]} ${ds} – ${de}, ${ye}`;
  return `${MONTHS[ms - 1]} ${ds} – ${MONTHS[me - 1]} ${de}, ${ye}`;
}
