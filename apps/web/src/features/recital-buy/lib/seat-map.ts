import {
  centsText,
  MAX_SEATS_PER_ORDER,
  type TicketKindValue,
  type TicketMapSeat,
  type TicketMapSection,
  type TicketPriceItem,
  type TicketSeatMap,
} from '@pirouette/domain';

/**
 * The seat map's rules as the buyer's screen keeps them (issue 38 item 4, decision 077): how a seat is
 * shown and named, which may be picked, at most how many, what each kind costs in a section. The server
 * decides every price and every hold; these only say what to show and what to send.
 */

/** What a seat is to the one looking: theirs to pick, picked, held by them, or not to be had. */
export type SeatLook = 'free' | 'picked' | 'mine' | 'held' | 'sold' | 'blocked';

export function seatLook(seat: TicketMapSeat, picked: ReadonlySet<string>): SeatLook {
  if (seat.mine) return 'mine';
  if (seat.state !== 'free') return seat.state;
  return picked.has(seat.id) ? 'picked' : 'free';
}

/** Whether a press on the seat can pick or unpick it. */
export const isPickable = (look: SeatLook) => look === 'free' || look === 'picked';

const LOOK_WORDS: Record<SeatLook, string> = {
  free: 'available',
  picked: 'chosen',
  mine: 'held for you',
  held: 'held by another buyer',
  sold: 'sold',
  blocked: 'not for sale',
};

/** The kinds a seat can be bought as in its section, with their prices (cents), adult first. */
export function pricesOf(prices: readonly TicketPriceItem[], section: string) {
  const priceOf = (kind: 'adult' | 'child') =>
    prices.find((p) => p.section === section && p.kind === kind) ??
    prices.find((p) => p.section === '' && p.kind === kind);
  return (['adult', 'child'] as const).flatMap((kind) => {
    const found = priceOf(kind);
    return found ? [{ kind, amount: found.amount }] : [];
  });
}

/** The price a seat's name says: its section's adult price (or its first), "$15.00"; '' when unpriced. */
export function seatPriceWords(prices: readonly TicketPriceItem[], section: string): string {
  const first = pricesOf(prices, section)[0];
  return first ? centsText(first.amount) : '';
}

/**
 * The seat's name for a screen reader and its tooltip: "Row C, seat 12, accessible, $15.00" for a seat
 * to be had, "Row C, seat 13, sold" for one not.
 */
export function seatName(seat: TicketMapSeat, row: string, look: SeatLook, price: string): string {
  const parts = [`Row ${row}`, `seat ${seat.number}`];
  if (seat.accessible) parts.push('accessible');
  if (look === 'free' || look === 'picked') {
    if (price) parts.push(price);
    if (look === 'picked') parts.push('chosen');
  } else parts.push(LOOK_WORDS[look]);
  return parts.join(', ');
}

export type Toggle = { picked: string[]; refused: 'limit' | null };

/** Picks or unpicks a seat; a pick past the order's limit is refused and changes nothing. */
export function toggleSeat(picked: readonly string[], seatId: string, max = MAX_SEATS_PER_ORDER): Toggle {
  if (picked.includes(seatId)) return { picked: picked.filter((id) => id !== seatId), refused: null };
  if (picked.length >= max) return { picked: [...picked], refused: 'limit' };
  return { picked: [...picked, seatId], refused: null };
}

/** The picked seats still free on a fresh map (one taken meanwhile drops out). */
export function stillFree(map: TicketSeatMap, picked: readonly string[]): string[] {
  const free = new Set(
    allSeats(map.sections)
      .filter(({ seat }) => seat.state === 'free' && !seat.mine)
      .map(({ seat }) => seat.id),
  );
  return picked.filter((id) => free.has(id));
}

export type PlacedSeat = { seat: TicketMapSeat; row: string; section: string };

/** Every seat of the map with its row and section. */
export function allSeats(sections: readonly TicketMapSection[]): PlacedSeat[] {
  return sections.flatMap((s) =>
    s.rows.flatMap((r) => r.seats.map((seat) => ({ seat, row: r.name, section: s.name }))),
  );
}

/** A row's cells from its first column to the section's last: a seat, or a gap (an aisle). */
export function rowCells(seats: readonly TicketMapSeat[], first: number, last: number) {
  const byCol = new Map(seats.map((s) => [s.col, s]));
  const cells: ({ col: number; seat: TicketMapSeat } | { col: number; seat: null })[] = [];
  for (let col = first; col <= last; col++) cells.push({ col, seat: byCol.get(col) ?? null });
  return cells;
}

/** The columns a section spans (every row drawn on the same grid, so aisles line up). */
export function sectionColumns(section: TicketMapSection): { first: number; last: number } {
  const cols = section.rows.flatMap((r) => r.seats.map((s) => s.col));
  if (cols.length === 0) return { first: 0, last: -1 };
  return { first: Math.min(...cols), last: Math.max(...cols) };
}

/** How many seats of a section may still be picked. */
export const freeIn = (section: TicketMapSection) =>
  section.rows.reduce((n, r) => n + r.seats.filter((s) => s.state === 'free' && !s.mine).length, 0);

// ——— The held order: each ticket's kind, the total ———

export type HeldTicket = { seatId: string; section: string; label: string };
export type KindChoice = Record<string, TicketKindValue>;

/** The kinds a held seat can take: its section's priced kinds, and comp while the family has comps. */
export function kindsFor(
  prices: readonly TicketPriceItem[],
  section: string,
  compsLeft: number,
): { kind: TicketKindValue; amount: number }[] {
  const kinds: { kind: TicketKindValue; amount: number }[] = pricesOf(prices, section);
  return compsLeft > 0 ? [...kinds, { kind: 'comp', amount: 0 }] : kinds;
}

/** The first kind each seat is shown as: adult where sold, else the section's first priced kind. */
export function firstKinds(prices: readonly TicketPriceItem[], held: readonly HeldTicket[]): KindChoice {
  const choice: KindChoice = {};
  for (const t of held) choice[t.seatId] = pricesOf(prices, t.section)[0]?.kind ?? 'adult';
  return choice;
}

/** The comps chosen, and how many are still free to give another seat (the family's available less chosen). */
export function compsChosen(choice: KindChoice): number {
  return Object.values(choice).filter((k) => k === 'comp').length;
}

/** A ticket's price in cents as the map's prices say (a comp is free); null when the kind is not sold there. */
export function ticketPrice(prices: readonly TicketPriceItem[], section: string, kind: TicketKindValue) {
  if (kind === 'comp') return 0;
  return pricesOf(prices, section).find((p) => p.kind === kind)?.amount ?? null;
}

/** The total the buyer is shown and sends (cents): only compared by the server with its own. */
export function totalOf(prices: readonly TicketPriceItem[], held: readonly HeldTicket[], choice: KindChoice) {
  return held.reduce((sum, t) => sum + (ticketPrice(prices, t.section, choice[t.seatId] ?? 'adult') ?? 0), 0);
}
