import {
  MAX_ROW_SEATS,
  MAX_VENUE_SEATS,
  type SalesInput,
  SEATING_TEXT,
  type SeatingInput,
  type SeatNumbering,
  type SeatRowInput,
  type SeatSectionInput,
} from './seating-schema';

/**
 * The venue's seats from the owner's description (issue 38 item 4, decision 075), pure: a row's numbers
 * and columns, the venue's seats, the description read back from stored seats, and what a save keeps,
 * adds and removes. Each answer is a value or a refusal with its code.
 */

export type GeneratedSeat = {
  section: string;
  sectionOrder: number;
  row: string;
  rowOrder: number;
  number: number;
  col: number;
  accessible: boolean;
  blocked: boolean;
};

export type SeatingRefusalCode =
  | 'too_many_seats'
  | 'too_many_in_row'
  | 'section_twice'
  | 'row_twice'
  | 'seat_not_in_row'
  | 'aisle_outside'
  | 'sold_seat_removed'
  | 'sold_seat_blocked'
  | 'refunded_seat_removed'
  | 'price_twice'
  | 'price_section'
  | 'sales_order'
  | 'sales_end';

export type SeatingRefusal = { ok: false; code: SeatingRefusalCode; message: string };
const refuse = (code: SeatingRefusalCode, message: string): SeatingRefusal => ({ ok: false, code, message });

/** A row's seat numbers from left to right. */
export function rowNumbers(seats: number, first: number, numbering: SeatNumbering): number[] {
  const n = Math.max(0, Math.floor(seats));
  switch (numbering) {
    case 'ltr':
      return Array.from({ length: n }, (_, i) => first + i);
    case 'rtl':
      return Array.from({ length: n }, (_, i) => first + n - 1 - i);
    case 'odd':
    case 'even': {
      const start =
        numbering === 'odd' ? (first % 2 === 1 ? first : first + 1) : first % 2 === 0 ? first : first + 1;
      return Array.from({ length: n }, (_, i) => start + 2 * i);
    }
  }
}

/** A row's columns from left to right: 0, 1, 2 …, one empty column after each aisle's place. */
export function rowColumns(seats: number, aisles: readonly number[]): number[] {
  const gaps = new Set(aisles);
  const cols: number[] = [];
  let col = 0;
  for (let i = 0; i < seats; i += 1) {
    cols.push(col);
    col += gaps.has(i + 1) ? 2 : 1;
  }
  return cols;
}

const key = (s: string) => s.trim().toLowerCase();

function rowRefusal(row: SeatRowInput): SeatingRefusal | null {
  if (row.seats > MAX_ROW_SEATS) return refuse('too_many_in_row', SEATING_TEXT.tooManyInRow);
  if (row.aisles.some((a) => a >= row.seats)) return refuse('aisle_outside', SEATING_TEXT.aisleOutside);
  const numbers = new Set(rowNumbers(row.seats, row.firstNumber, row.numbering));
  if ([...row.blocked, ...row.accessible].some((n) => !numbers.has(n))) {
    return refuse('seat_not_in_row', SEATING_TEXT.seatNotInRow);
  }
  return null;
}

function sectionSeats(section: SeatSectionInput, sectionOrder: number): GeneratedSeat[] | SeatingRefusal {
  const labels = new Set<string>();
  const seats: GeneratedSeat[] = [];
  for (const [rowOrder, row] of section.rows.entries()) {
    if (labels.has(key(row.label))) return refuse('row_twice', SEATING_TEXT.rowTwice);
    labels.add(key(row.label));
    const refusal = rowRefusal(row);
    if (refusal) return refusal;
    const numbers = rowNumbers(row.seats, row.firstNumber, row.numbering);
    const cols = rowColumns(row.seats, row.aisles);
    const blocked = new Set(row.blocked);
    const accessible = new Set(row.accessible);
    numbers.forEach((number, i) => {
      seats.push({
        section: section.name.trim(),
        sectionOrder,
        row: row.label.trim(),
        rowOrder,
        number,
        col: cols[i]!,
        accessible: accessible.has(number),
        blocked: blocked.has(number),
      });
    });
  }
  return seats;
}

/** Every seat of the venue described, or why the description is refused. */
export function generateSeats(input: SeatingInput): { ok: true; seats: GeneratedSeat[] } | SeatingRefusal {
  const total = input.sections.reduce((sum, s) => sum + s.rows.reduce((n, r) => n + r.seats, 0), 0);
  if (total > MAX_VENUE_SEATS) return refuse('too_many_seats', SEATING_TEXT.tooManySeats);
  const names = new Set<string>();
  const seats: GeneratedSeat[] = [];
  for (const [order, section] of input.sections.entries()) {
    if (names.has(key(section.name))) return refuse('section_twice', SEATING_TEXT.sectionTwice);
    names.add(key(section.name));
    const made = sectionSeats(section, order);
    if (!Array.isArray(made)) return made;
    seats.push(...made);
  }
  return { ok: true, seats };
}

/** What a seat is called everywhere: section, row, number (the match of a save). */
export const seatKey = (s: { section: string; row: string; number: number }) =>
  `${s.section}\u0000${s.row}\u0000${s.number}`;

type StoredSeat = GeneratedSeat & { id: string };

function numberingOf(numbers: readonly number[]): { numbering: SeatNumbering; firstNumber: number } {
  const [a = 1, b] = numbers;
  const step = b === undefined ? 1 : b - a;
  const fits = (n: SeatNumbering, first: number) =>
    rowNumbers(numbers.length, first, n).every((x, i) => x === numbers[i]);
  if (step === -1 && fits('rtl', Math.min(...numbers)))
    return { numbering: 'rtl', firstNumber: Math.min(...numbers) };
  if (step === 2 && fits(a % 2 === 1 ? 'odd' : 'even', a))
    return { numbering: a % 2 === 1 ? 'odd' : 'even', firstNumber: a };
  return { numbering: 'ltr', firstNumber: a };
}

/** The description read back from stored seats (sections and rows by their order, seats by column). */
export function layoutOfSeats(seats: readonly Omit<StoredSeat, 'id'>[]): SeatingInput {
  const sorted = [...seats].sort(
    (x, y) => x.sectionOrder - y.sectionOrder || x.rowOrder - y.rowOrder || x.col - y.col,
  );
  const sections: SeatingInput['sections'] = [];
  let rowSeats: typeof sorted = [];
  const flush = () => {
    const first = rowSeats[0];
    if (!first) return;
    let section = sections[sections.length - 1];
    if (!section || section.name !== first.section) {
      section = { name: first.section, rows: [] };
      sections.push(section);
    }
    const numbers = rowSeats.map((s) => s.number);
    const aisles = rowSeats.flatMap((s, i) => {
      const next = rowSeats[i + 1];
      return next && next.col - s.col > 1 ? [i + 1] : [];
    });
    section.rows.push({
      label: first.row,
      seats: rowSeats.length,
      ...numberingOf(numbers),
      aisles,
      blocked: rowSeats.filter((s) => s.blocked).map((s) => s.number),
      accessible: rowSeats.filter((s) => s.accessible).map((s) => s.number),
    });
    rowSeats = [];
  };
  for (const seat of sorted) {
    const first = rowSeats[0];
    if (first && (first.section !== seat.section || first.row !== seat.row)) flush();
    rowSeats.push(seat);
  }
  flush();
  return { sections };
}

/** A save's plan: seats that stay (their ids kept, their place and marks updated), new ones, removed ones. */
export type SeatingPlan = {
  ok: true;
  keep: (GeneratedSeat & { id: string })[];
  add: GeneratedSeat[];
  remove: string[];
};

/**
 * Matches the new seats with the stored ones by section, row and number: a stored seat not in the new
 * description is removed — refused when a ticket holds or sold it (`taken`), as is blocking one.
 */
export function planSeating(
  stored: readonly {
    id: string;
    section: string;
    row: string;
    number: number;
    taken: boolean;
    /** A refunded ticket names the seat: it stays on the books' records (it may be blocked, not removed). */
    refunded?: boolean;
  }[],
  next: readonly GeneratedSeat[],
): SeatingPlan | SeatingRefusal {
  const byKey = new Map(stored.map((s) => [seatKey(s), s]));
  const nextKeys = new Set(next.map(seatKey));
  const remove = stored.filter((s) => !nextKeys.has(seatKey(s)));
  if (remove.some((s) => s.taken)) return refuse('sold_seat_removed', SEATING_TEXT.soldSeatRemoved);
  if (remove.some((s) => s.refunded))
    return refuse('refunded_seat_removed', SEATING_TEXT.refundedSeatRemoved);
  const keep: SeatingPlan['keep'] = [];
  const add: GeneratedSeat[] = [];
  for (const seat of next) {
    const old = byKey.get(seatKey(seat));
    if (!old) add.push(seat);
    else if (seat.blocked && old.taken) return refuse('sold_seat_blocked', SEATING_TEXT.soldSeatBlocked);
    else keep.push({ ...seat, id: old.id });
  }
  return { ok: true, keep, add, remove: remove.map((s) => s.id) };
}

/** The sales settings checked against the venue's sections: one price per section and kind, windows in order. */
export function salesRefusal(input: SalesInput, sections: readonly string[]): SeatingRefusal | null {
  const names = new Set(sections.map(key));
  const seen = new Set<string>();
  for (const price of input.prices) {
    const k = `${key(price.section)}\u0000${price.kind}`;
    if (seen.has(k)) return refuse('price_twice', SEATING_TEXT.priceTwice);
    seen.add(k);
    if (price.section.trim() !== '' && !names.has(key(price.section))) {
      return refuse('price_section', SEATING_TEXT.priceSection);
    }
  }
  const at = (s: string | null) => (s === null ? null : Date.parse(s));
  const family = at(input.familySalesFrom);
  const pub = at(input.publicSalesFrom);
  const until = at(input.salesUntil);
  if (family !== null && pub !== null && pub < family) return refuse('sales_order', SEATING_TEXT.salesOrder);
  const opens = [family, pub].filter((x): x is number => x !== null);
  if (until !== null && opens.some((o) => until <= o)) return refuse('sales_end', SEATING_TEXT.salesEnd);
  return null;
}
