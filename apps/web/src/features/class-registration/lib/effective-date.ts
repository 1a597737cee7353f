import { compareDates, type RegistrationBuilder } from '@pirouette/domain';

/**
 * The owner's effective date (decision 026): from the first of the current month (or the term's first
 * day, when later) through the term's last day, the window the server accepts. A registration or drop
 * the owner makes late in the month can still date from the month's start, so the family pays for the
 * lessons the dancer actually took.
 */
export function effectiveWindow(builder: Pick<RegistrationBuilder, 'today' | 'term'>) {
  const monthStart = `${builder.today.slice(0, 8)}01`;
  const min = compareDates(monthStart, builder.term.dateStart) < 0 ? builder.term.dateStart : monthStart;
  return { min, max: builder.term.dateEnd };
}

/** Today, or the window's nearest end when today is outside it (a term that has not begun yet). */
export function defaultEffectiveDate(builder: Pick<RegistrationBuilder, 'today' | 'term'>): string {
  const { min, max } = effectiveWindow(builder);
  if (compareDates(builder.today, min) < 0) return min;
  if (compareDates(builder.today, max) > 0) return max;
  return builder.today;
}

/** A date typed in the input is one the server takes: a whole date inside the window. */
export function isInWindow(date: string, window: { min: string; max: string }): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    compareDates(date, window.min) >= 0 &&
    compareDates(date, window.max) <= 0
  );
}
