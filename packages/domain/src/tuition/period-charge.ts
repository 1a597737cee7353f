import {
  addDays,
  compareDates,
  type DateOnly,
  dayNumber,
  endOfMonth,
  type Weekday,
  weekdayOf,
} from '../dates';
import { parseMoneyInput, roundTo } from '../money';
import { periodChargeInput } from './schema';

/** "A day counts at most 4 times per month" (001 §9), so a whole month is the full price. */
export const MAX_MEETINGS_PER_MONTH = 4;

/** Dates on `weekday` from `from` to `to` inclusive, with no monthly limit. */
function weekdaysBetween(weekday: Weekday, from: DateOnly, to: DateOnly): number {
  const firstMatch = dayNumber(from) + ((weekday - weekdayOf(from) + 7) % 7);
  const end = dayNumber(to);
  return firstMatch > end ? 0 : Math.floor((end - firstMatch) / 7) + 1;
}

/**
 * Meetings of a weekday from `from` to `to` inclusive, each calendar month counting at most 4, so a
 * range over two whole months is two months' worth. Expects valid dates with `from` ≤ `to`.
 */
export function countMeetings(weekday: Weekday, from: DateOnly, to: DateOnly): number {
  let total = 0;
  for (let cursor = from; compareDates(cursor, to) <= 0; ) {
    const monthEnd = compareDates(endOfMonth(cursor), to) < 0 ? endOfMonth(cursor) : to;
    total += Math.min(MAX_MEETINGS_PER_MONTH, weekdaysBetween(weekday, cursor, monthEnd));
    cursor = addDays(monthEnd, 1);
  }
  return total;
}

/**
 * A class's charge for part of a month (domain-rules.md §2): its meetings from `from` to `to` (at most
 * 4 a month) times `price / 4`, rounded to the cent. Invalid input throws TuitionInputError.
 */
export function periodCharge(price: number, weekday: number, from: string, to: string): number {
  const input = parseMoneyInput(periodChargeInput, { price, weekday, from, to });
  return meetingsCharge(countMeetings(input.weekday, input.from, input.to), input.price);
}

/**
 * periodCharge's rule once the meetings are counted: `meetings × price / 4`, rounded to the cent. For a
 * caller whose input is checked already and that counts the meetings itself (a payment schedule's
 * prorated period, for each of its classes).
 */
export function meetingsCharge(meetings: number, price: number): number {
  return roundTo((meetings * price) / MAX_MEETINGS_PER_MONTH, 1);
}
