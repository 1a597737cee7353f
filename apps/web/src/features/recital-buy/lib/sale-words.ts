import {
  centsText,
  DEFAULT_TIME_ZONE,
  formatDateOnly,
  formatDateTime,
  formatTimeOfDay,
  type RecitalShowItem,
  type TicketPriceItem,
  type TicketSalesState,
} from '@pirouette/domain';

/** "Sat, Jun 13, 2027 · 2:00 PM": a show's day and curtain. */
export function showWhen(show: Pick<RecitalShowItem, 'day' | 'startsAt'>): string {
  const weekday = new Date(`${show.day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday}, ${formatDateOnly(show.day)} · ${formatTimeOfDay(show.startsAt)}`;
}

/** "Doors 1:30 PM". */
export const doorsWords = (show: Pick<RecitalShowItem, 'doorsAt'>) =>
  `Doors ${formatTimeOfDay(show.doorsAt)}`;

type Sale = {
  salesState: TicketSalesState;
  opensAt: string | null;
  salesUntil: string | null;
};

/**
 * Where sales stand, in words (issue 38 item 4): "On sale until Jun 12, 2027, 5:00 PM", "Opens Jun 1,
 * 2027, 9:00 AM", "Sales have ended". `familiesFirst` adds that the public's sale comes after.
 */
export function saleWords(sale: Sale, timeZone: string = DEFAULT_TIME_ZONE): string {
  const at = (iso: string) => formatDateTime(iso, timeZone);
  if (sale.salesState === 'coming') return sale.opensAt ? `Opens ${at(sale.opensAt)}` : 'Not open yet';
  if (sale.salesState === 'closed') return 'Sales have ended';
  return sale.salesUntil ? `On sale until ${at(sale.salesUntil)}` : 'On sale until the doors open';
}

/** A show's line of availability: "Sold out", "12 seats left", "Not on sale". */
export function showAvailability(show: { onSale: boolean; free: number }): string {
  if (show.free === 0) return 'Sold out';
  if (!show.onSale) return 'Not on sale';
  return `${show.free} seat${show.free === 1 ? '' : 's'} left`;
}

/** The prices in a line: "Adult $15.00 · Child $10.00" (a section's own prices named by it). */
export function pricesLine(prices: readonly TicketPriceItem[]): string {
  const kind = (k: 'adult' | 'child') => (k === 'adult' ? 'Adult' : 'Child');
  return [...prices]
    .sort((a, b) => a.section.localeCompare(b.section) || a.kind.localeCompare(b.kind))
    .map((p) => `${p.section ? `${p.section} ` : ''}${kind(p.kind).toLowerCase()} ${centsText(p.amount)}`)
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join(' · ');
}
