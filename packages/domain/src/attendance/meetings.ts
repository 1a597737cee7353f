import { addDays, compareDates, type DateOnly, dayNumber, fromDayNumber, weekdayOf } from '../dates-core';

/**
 * A class's meetings (issue 36, decision 060): a weekly class (002 §3, `day` 0 Monday … 6 Sunday) meets on
 * its weekday on every date of its term, from the term's first day to its last. A meeting is a class and a
 * date; it is never stored. A closure cancels the meetings it covers.
 */

export const MARK_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

/** An absence gives a make-up credit; so does an excused one (the family told the studio). */
export function givesMakeup(status: MarkStatus): boolean {
  return status === 'absent' || status === 'excused';
}

/** The last day a make-up for a meeting missed on `missed` may be taken. */
export function makeupExpiry(missed: DateOnly, windowDays: number): DateOnly {
  return addDays(missed, windowDays);
}

export type TermSpan = { dateStart: DateOnly; dateEnd: DateOnly };

/** The dates in [from, to] on which a class of weekday `day` of a term meets, in order. */
export function meetingDates(day: number, term: TermSpan, from: DateOnly, to: DateOnly): DateOnly[] {
  const start = compareDates(from, term.dateStart) > 0 ? from : term.dateStart;
  const end = compareDates(to, term.dateEnd) < 0 ? to : term.dateEnd;
  if (compareDates(start, end) > 0) return [];
  const offset = (day - weekdayOf(start) + 7) % 7;
  const dates: DateOnly[] = [];
  for (let n = dayNumber(start) + offset; n <= dayNumber(end); n += 7) dates.push(fromDayNumber(n));
  return dates;
}

/** Whether a class of weekday `day` in a term meets on `date`. */
export function meetsOn(day: number, term: TermSpan, date: DateOnly): boolean {
  return meetingDates(day, term, date, date).length === 1;
}

/** A closure: one class, or every class when `classId` is null, from `dateFrom` to `dateTo` inclusive. */
export type ClosureSpan = {
  id: string;
  classId: string | null;
  dateFrom: DateOnly;
  dateTo: DateOnly;
  reason: string;
};

/** The closure that cancels a class's meeting on `date`, if any (the first given, when several do). */
export function closureOn<C extends ClosureSpan>(
  closures: readonly C[],
  classId: string,
  date: DateOnly,
): C | null {
  for (const c of closures) {
    if (c.classId !== null && c.classId !== classId) continue;
    if (compareDates(date, c.dateFrom) >= 0 && compareDates(date, c.dateTo) <= 0) return c;
  }
  return null;
}
