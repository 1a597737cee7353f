import { addDays, type DateOnly, dateParts, endOfMonth } from '../dates-core';
import { formatDateOnly } from '../format';

/**
 * Closed months (issue 34, decision 050): the books are closed through a day, the last of a month.
 * Nothing is posted dated on or before it: a person's entry dated there is refused with a sentence; a
 * correction the product makes (a late job, a reversal of a closed month's entry) is dated the first
 * open day instead and says which closed month it corrects.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "March 2027" for 2027-03-14 or "2027-03". */
export function monthLabel(value: string): string {
  const parts = dateParts(value.length === 7 ? `${value}-01` : value);
  if (!parts) return value;
  return `${MONTHS[parts.month - 1]} ${parts.year}`;
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: DateOnly): string => day.slice(0, 7);

/** The last day of `YYYY-MM`. */
export const lastDayOfMonth = (month: string): DateOnly => endOfMonth(`${month}-01`);

/** Is `day` in a closed month, when the books are closed through `closedThrough`? */
export const isClosedDay = (day: DateOnly, closedThrough: DateOnly | null): boolean =>
  closedThrough !== null && day <= closedThrough;

/** The first day that can take a posting. */
export const firstOpenDay = (closedThrough: DateOnly): DateOnly => addDays(closedThrough, 1);

/** A person's entry dated in a closed month: refused, saying what to do instead. */
export const monthClosedMessage = (day: DateOnly, closedThrough: DateOnly): string =>
  `${monthLabel(day)} is closed, so nothing can be recorded on ${formatDateOnly(day)}. ` +
  `Give a date from ${formatDateOnly(firstOpenDay(closedThrough))} on, and say in the note what it corrects.`;

/** What a correction dated in the open month adds to its reason. */
export const correctsMonthNote = (day: DateOnly): string => `(corrects ${monthLabel(day)}, closed)`;

/** A posting refused by the database because its month was closed while it was under way. */
export const monthClosedLate =
  'The month this falls in was closed a moment ago, so nothing was recorded. Give a date in an open month, and say in the note what it corrects.';
