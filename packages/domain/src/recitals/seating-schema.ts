import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { optionalLine, text } from '../fields';
import { idSchema } from '../ids';
import { MAX_AMOUNT_CENTS } from '../money';

/**
 * The venue's seating and the ticket prices of a recital (issue 38 item 4, decision 075): the owner
 * describes the seats once per recital — sections, rows, seats, aisles, blocked and accessible seats —
 * and prices them by section and kind. Money is integer cents, on the wire too.
 */

export const SEATING_TEXT = {
  saved: 'The seating is saved.',
  pricesSaved: 'The prices and sales settings are saved.',
  recitalNotFound: 'This recital could not be found.',
  tooManySeats: 'A venue holds at most 5,000 seats.',
  tooManyInRow: 'A row holds at most 60 seats.',
  tooManySections: 'A venue has at most 20 sections.',
  tooManyRows: 'A section has at most 60 rows.',
  sectionTwice: 'Two sections have the same name: give each its own.',
  rowTwice: 'Two rows of a section have the same label: give each its own.',
  numberTwice: 'Two seats of a row would have the same number.',
  seatNotInRow: 'A blocked or accessible seat is not a seat of its row.',
  aisleOutside: 'An aisle must come after a seat of its row, not after the last one.',
  soldSeatRemoved:
    'Tickets are already sold or held for some seats this change would remove. Keep those seats, or refund their tickets first.',
  soldSeatBlocked: 'A seat with a ticket sold or held cannot be blocked. Refund its ticket first.',
  refundedSeatRemoved:
    'Some seats this change would remove had tickets that were refunded: the orders keep them. Block those seats instead of removing them.',
  priceTwice: 'A section has two prices for the same kind of ticket.',
  priceSection: 'A price names a section the venue does not have.',
  salesOrder: 'Public sales cannot open before the families’ sales.',
  salesEnd: 'Sales must end after they open.',
  firstNumber: 'A row’s first seat number is a whole number from 1 to 999.',
} as const;

export const MAX_VENUE_SEATS = 5000;
export const MAX_ROW_SEATS = 60;
export const MAX_SECTIONS = 20;
export const MAX_SECTION_ROWS = 60;

/**
 * How a row's seats are numbered from left to right (as the stage sees the hall from the back):
 * `ltr` first, first+1 …; `rtl` the other way; `odd` / `even` first, first+2 … (one side of a hall
 * numbered odd, the other even).
 */
export const SEAT_NUMBERINGS = ['ltr', 'rtl', 'odd', 'even'] as const;
export type SeatNumbering = (typeof SEAT_NUMBERINGS)[number];

const seatNumber = z.number().int().min(1).max(9999);

/** A row as the owner describes it. `aisles`: places (1 = after the first seat from the left) of a gap. */
export const seatRowInput = z.object({
  label: text(10, 'A row’s label'),
  seats: z
    .number({ error: SEATING_TEXT.tooManyInRow })
    .int()
    .min(1, SEATING_TEXT.tooManyInRow)
    .max(MAX_ROW_SEATS, SEATING_TEXT.tooManyInRow),
  firstNumber: z
    .number({ error: SEATING_TEXT.firstNumber })
    .int(SEATING_TEXT.firstNumber)
    .min(1, SEATING_TEXT.firstNumber)
    .max(999, SEATING_TEXT.firstNumber),
  numbering: z.enum(SEAT_NUMBERINGS, { error: 'A row is numbered ltr, rtl, odd or even.' }),
  aisles: z.array(z.number().int().min(1).max(MAX_ROW_SEATS)).max(MAX_ROW_SEATS),
  /** Seat numbers never sold. */
  blocked: z.array(seatNumber).max(MAX_ROW_SEATS),
  /** Seat numbers marked accessible. */
  accessible: z.array(seatNumber).max(MAX_ROW_SEATS),
});
export type SeatRowInput = z.infer<typeof seatRowInput>;

export const seatSectionInput = z.object({
  name: text(40, 'A section’s name'),
  rows: z
    .array(seatRowInput)
    .min(1, 'A section needs at least one row.')
    .max(MAX_SECTION_ROWS, SEATING_TEXT.tooManyRows),
});
export type SeatSectionInput = z.infer<typeof seatSectionInput>;

/** The whole venue, sections in order (front first), rows in order. Saved whole. */
export const seatingInput = z.object({
  sections: z.array(seatSectionInput).max(MAX_SECTIONS, SEATING_TEXT.tooManySections),
});
export type SeatingInput = z.infer<typeof seatingInput>;

/** One seat of the venue as stored and drawn. `taken`: a ticket of some show holds or sold it. */
export const seatItem = z.object({
  id: z.string(),
  section: z.string(),
  row: z.string(),
  number: z.number().int(),
  col: z.number().int(),
  accessible: z.boolean(),
  blocked: z.boolean(),
  taken: z.boolean(),
});
export type SeatItem = z.infer<typeof seatItem>;

export const TICKET_PRICE_KINDS = ['adult', 'child'] as const;
export type TicketPriceKind = (typeof TICKET_PRICE_KINDS)[number];

/** A price: a kind in a section ('' = every section without its own price). Cents. */
export const ticketPrice = z.object({
  section: optionalLine(40, 'A price’s section'),
  kind: z.enum(TICKET_PRICE_KINDS, { error: 'A price is for an adult or a child.' }),
  amount: z
    .number({ error: 'A price is an amount in cents.' })
    .int('A price is a whole number of cents.')
    .min(0, 'A price cannot be negative.')
    .max(MAX_AMOUNT_CENTS, 'A price is at most $100,000.'),
});
export type TicketPrice = z.infer<typeof ticketPrice>;

const instant = z.iso
  .datetime({ offset: true, error: 'A date and time (ISO 8601).' })
  .refine(
    (s) => Date.parse(s) >= Date.UTC(2000, 0, 1) && Date.parse(s) < Date.UTC(2100, 0, 1),
    'A date and time between 2000 and 2100.',
  )
  .nullable();

/** The ticket sales' settings of a recital, with its prices (all on the recital's row but the prices). */
export const salesInput = z.object({
  prices: z.array(ticketPrice).max(2 * (MAX_SECTIONS + 1)),
  compsPerDancer: z
    .number({ error: 'Comps per dancer is a whole number from 0 to 20.' })
    .int('Comps per dancer is a whole number from 0 to 20.')
    .min(0, 'Comps per dancer is a whole number from 0 to 20.')
    .max(20, 'Comps per dancer is a whole number from 0 to 20.'),
  familySalesFrom: instant,
  publicSalesFrom: instant,
  salesUntil: instant,
  settledFamiliesOnly: z.boolean(),
  refundsUntil: dateOnlySchema.nullable(),
});
export type SalesInput = z.infer<typeof salesInput>;

/** The seating page: the layout as the owner described it, the seats drawn, prices and settings. */
export const seatingPage = z.object({
  recitalId: z.string(),
  layout: seatingInput,
  seats: z.array(seatItem),
  sales: salesInput,
  /** Seats with a ticket held or sold in any show: they cannot be removed or blocked. */
  takenCount: z.number().int(),
});
export type SeatingPage = z.infer<typeof seatingPage>;

export const seatingSaveResult = z.object({ msg: z.string(), seats: z.number().int() });

export const recitalIdParams = z.object({ id: idSchema });
