import { wallClockOf } from '../dates-core';
import type { TicketKindValue, TicketPriceItem, TicketSalesState } from './tickets-schema';

/**
 * The pure rules of ticket sales (issue 38 item 4, decision 074): when sales are open to whom, what a
 * ticket costs, how many comps a family has left. The server decides with these; the buyer's screens show
 * the same figures from them.
 */

/** The instant a studio's wall clock reads `hhmm` ("19:00") on `day`, in `zone`. */
export function wallInstant(day: string, hhmm: string, zone: string): Date {
  const guess = Date.parse(`${day}T${hhmm}:00Z`);
  const parts = wallClockOf(zone).formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const hour = get('hour') === 24 ? 0 : get('hour');
  const seen = Date.UTC(get('year'), get('month') - 1, get('day'), hour, get('minute'));
  return new Date(guess - (seen - guess));
}

/**
 * Where sales stand for a buyer: not open before `opensAt` (null: never opened to them), closed from
 * `salesUntil` or the show's doors, whichever comes first.
 */
export function salesState(
  w: { opensAt: Date | null; salesUntil: Date | null; doorsAt: Date },
  now: Date,
): TicketSalesState {
  const ends = w.salesUntil && w.salesUntil < w.doorsAt ? w.salesUntil : w.doorsAt;
  if (now >= ends) return 'closed';
  if (!w.opensAt) return 'closed';
  return now >= w.opensAt ? 'open' : 'coming';
}

/** The price of a kind in a section: the section's own, else the '' price; null when that kind is not sold. */
export function priceOf(
  prices: readonly TicketPriceItem[],
  section: string,
  kind: TicketKindValue,
): number | null {
  if (kind === 'comp') return 0;
  const own = prices.find((p) => p.section === section && p.kind === kind);
  if (own) return own.amount;
  return prices.find((p) => p.section === '' && p.kind === kind)?.amount ?? null;
}

/** The comps a family may still take for a show: comps per dancer × its dancers in the show, less those taken. */
export function compsLeft(perDancer: number, dancers: number, taken: number): number {
  return Math.max(0, perDancer * dancers - taken);
}

export type PricedTicket = { seatId: string; kind: TicketKindValue; price: number };
export type PricingRefusal =
  | { code: 'mismatch' }
  | { code: 'kind_not_sold'; kind: TicketKindValue; section: string }
  | { code: 'comps_over'; available: number };

/**
 * Prices an order's tickets: each held seat once, each kind sold in its seat's section, comps within what
 * is left. Answers the priced tickets and the total, or why not (by code).
 */
export function priceOrder(
  seats: readonly { seatId: string; section: string }[],
  choices: readonly { seatId: string; kind: TicketKindValue }[],
  prices: readonly TicketPriceItem[],
  compsAvailable: number,
): { ok: true; tickets: PricedTicket[]; total: number } | { ok: false; refusal: PricingRefusal } {
  const bySeat = new Map(seats.map((s) => [s.seatId, s.section]));
  const chosen = new Set(choices.map((c) => c.seatId));
  if (
    chosen.size !== choices.length ||
    chosen.size !== bySeat.size ||
    choices.some((c) => !bySeat.has(c.seatId))
  )
    return { ok: false, refusal: { code: 'mismatch' } };
  const comps = choices.filter((c) => c.kind === 'comp').length;
  if (comps > compsAvailable)
    return { ok: false, refusal: { code: 'comps_over', available: compsAvailable } };
  const tickets: PricedTicket[] = [];
  for (const c of choices) {
    const section = bySeat.get(c.seatId)!;
    const price = priceOf(prices, section, c.kind);
    if (price === null) return { ok: false, refusal: { code: 'kind_not_sold', kind: c.kind, section } };
    tickets.push({ seatId: c.seatId, kind: c.kind, price });
  }
  return { ok: true, tickets, total: tickets.reduce((sum, t) => sum + t.price, 0) };
}

/** "B 12": how a seat is read (row and number). */
export const rowSeatLabel = (row: string, number: number) => `${row} ${number}`;

/** "19:30" → "7:30 PM": a show's wall-clock time as people read it. */
export function clockWords(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
