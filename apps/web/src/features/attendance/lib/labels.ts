import { addDays, type MarkStatus } from '@pirouette/domain';

/** The marks as the roll shows them: a letter to tap, the word, a colour. */
export const MARK_LABELS: Record<MarkStatus, { letter: string; word: string; color: string }> = {
  present: { letter: 'P', word: 'Present', color: 'teal' },
  absent: { letter: 'A', word: 'Absent', color: 'red' },
  late: { letter: 'L', word: 'Late', color: 'yellow' },
  excused: { letter: 'E', word: 'Excused', color: 'blue' },
};

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Monday, Nov 16, 2026": a calendar date, so no zone shift. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return DAY.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** The day before or after, for the date switcher. */
export const stepDay = (date: string, days: number) => addDays(date, days);
