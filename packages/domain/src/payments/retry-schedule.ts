import { addDays, compareDates, type DateOnly, dateParts, daysInMonth, makeDate, weekdayOf } from '../dates';
import { isHardDecline } from './rules';

/**
 * When a declined automatic charge is tried again (issue 37 item 4, decision 070, replacing decision
 * 028's +3 and +7). A soft decline (funds, the bank's refusal) is tried again on the days cards succeed
 * most: the day after the usual paydays (the 1st, the 15th, the month's last business day) and Fridays;
 * at least `MIN_GAP_DAYS[n]` days after the try before, never the same day; at most `MAX_AUTOPAY_TRIES`
 * tries a charge, all within `RETRY_WINDOW_DAYS` of its first (Visa allows 15 tries in 30 days,
 * Mastercard 10 a day and 35 a month: ours stays well under both). A hard decline is never tried again.
 */

/** At most this many automatic tries of one charge (the first included). */
export const MAX_AUTOPAY_TRIES = 8;

/** Every try of a charge falls within this many days of its first (the first's day is day 0). */
export const RETRY_WINDOW_DAYS = 30;

/**
 * The least days between try n and try n + 1 (index n - 1): close together first, when most charges are
 * recovered (Recurly: 90 % of recoveries within 10 days), further apart after.
 */
export const MIN_GAP_DAYS = [1, 2, 2, 3, 4, 4, 5] as const;

/** The last weekday (Monday to Friday) of a date's month. */
export function lastBusinessDay(day: DateOnly): DateOnly {
  const { year, month } = dateParts(day)!;
  let last = makeDate(year, month, daysInMonth(year, month));
  while (weekdayOf(last) > 4) last = addDays(last, -1);
  return last;
}

/** Why a day is a good day to try a card again, or null: the day after a payday, or a Friday. */
export function goodRetryDay(day: DateOnly): 'after-payday' | 'friday' | null {
  const { day: d } = dateParts(day)!;
  const yesterday = addDays(day, -1);
  if (d === 2 || d === 16 || yesterday === lastBusinessDay(yesterday)) return 'after-payday';
  return weekdayOf(day) === 4 ? 'friday' : null;
}

export type TriesSoFar = {
  /** The day of the charge's first try (day 0 of its window). */
  firstTry: DateOnly;
  /** The day of its latest try. */
  lastTry: DateOnly;
  /** How many tries were made (numbered 1 to `tries`). */
  tries: number;
  /** The latest try's decline code (null: no code known, a soft decline). */
  lastCode: string | null;
};

/** The last day a charge first tried on `firstTry` may be tried. */
export const lastRetryDay = (firstTry: DateOnly) => addDays(firstTry, RETRY_WINDOW_DAYS - 1);

/**
 * The day of the next try after a decline, or null when there is none: a hard decline, the tries used
 * up, or no good day left in the window. The first good day at least the gap after the latest try.
 */
export function nextRetryDay(so: TriesSoFar): DateOnly | null {
  if (isHardDecline(so.lastCode)) return null;
  if (so.tries < 1 || so.tries >= MAX_AUTOPAY_TRIES) return null;
  const last = lastRetryDay(so.firstTry);
  let day = addDays(so.lastTry, MIN_GAP_DAYS[so.tries - 1]!);
  while (compareDates(day, last) <= 0) {
    if (goodRetryDay(day)) return day;
    day = addDays(day, 1);
  }
  return null;
}

/**
 * Every day a charge first tried on `firstTry` would be tried if each try were softly declined (the
 * first included): the schedule as the decision states it, and what the properties check.
 */
export function retryDays(firstTry: DateOnly): DateOnly[] {
  const days = [firstTry];
  for (;;) {
    const next = nextRetryDay({
      firstTry,
      lastTry: days.at(-1)!,
      tries: days.length,
      lastCode: 'INSUFFICIENT_FUNDS',
    });
    if (!next) return days;
    days.push(next);
  }
}
