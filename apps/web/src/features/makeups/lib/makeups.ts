import {
  CREDIT_STATE_NAMES,
  formatDateOnly,
  type MakeupBooking,
  type MakeupCredit,
  type MakeupOption,
  WEEKDAYS,
} from '@pirouette/domain';

/**
 * What the make-ups card says, pure (decision 064): the bookable meetings grouped by date, a credit's
 * line, a booking's time and why it can no longer be cancelled.
 */

export type DateGroup = { date: string; label: string; options: MakeupOption[] };

/** The options by date, in the order given (the server's: by date, then time). */
export function groupByDate(options: readonly MakeupOption[]): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const o of options) {
    const last = groups.at(-1);
    if (last && last.date === o.date) last.options.push(o);
    else groups.push({ date: o.date, label: dayLabel(o.date, o.day), options: [o] });
  }
  return groups;
}

/** "Monday, Nov 23, 2026". */
export const dayLabel = (date: string, day: number) => `${WEEKDAYS[day] ?? ''}, ${formatDateOnly(date)}`;

/** "4:00 PM" from "16:00". */
export function clockText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "4:00 PM – 5:00 PM" */
export const timeRange = (m: Pick<MakeupOption, 'timeStart' | 'timeEnd'>) =>
  `${clockText(m.timeStart)} – ${clockText(m.timeEnd)}`;

/** "1 place left", "5 places left". */
export const placesText = (n: number) => `${n} place${n === 1 ? '' : 's'} left`;

/** Where the credit comes from: "Missed Ballet 2 on Nov 18, 2026", "Given by the studio". */
export function creditOrigin(c: Pick<MakeupCredit, 'source' | 'missed' | 'note'>): string {
  if (c.missed) {
    const why = c.source === 'closure' ? 'Cancelled' : 'Missed';
    return `${why}: ${c.missed.className} on ${formatDateOnly(c.missed.date)}`;
  }
  return c.note ? `Given by the studio: ${c.note}` : 'Given by the studio';
}

/** The state's badge text and colour. */
export function stateBadge(state: MakeupCredit['state']): { label: string; color: string } {
  const color = { open: 'teal', booked: 'plum', used: 'gray', expired: 'orange', removed: 'gray' }[state];
  return { label: CREDIT_STATE_NAMES[state], color };
}

/** "Book by Dec 18, 2026" for an open credit, "Expired Dec 18, 2026" and so on for the others. */
export function expiryText(c: Pick<MakeupCredit, 'state' | 'expiresOn'>): string {
  const on = formatDateOnly(c.expiresOn);
  if (c.state === 'open') return `Book by ${on}`;
  if (c.state === 'expired') return `Expired ${on}`;
  return `Valid until ${on}`;
}

/** Why the Cancel button is off, or null when it is on. */
export function cancelBlockedReason(
  b: Pick<MakeupBooking, 'cancellable'>,
  cancelHours: number,
): string | null {
  if (b.cancellable) return null;
  return `Too late to cancel: make-ups can be cancelled until ${cancelHours} hour${cancelHours === 1 ? '' : 's'} before the class starts.`;
}

/** The booking in a line: "Jazz 2 · Monday, Nov 23, 2026 · 4:00 PM – 5:00 PM · Studio A". */
export const bookingLine = (b: MakeupBooking) =>
  `${b.className} · ${dayLabel(b.date, b.day)} · ${timeRange(b)} · ${b.room}`;
