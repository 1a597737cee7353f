import { z } from 'zod';
import { email, optionalLine, phone, text } from '../fields';
import { idSchema } from '../ids';
import { tokenizer } from '../payments/schema';
import { recitalShowItem } from './schema';

/**
 * Recital tickets, the selling side (issue 38 item 4, decision 074): holds, orders, payment, refunds.
 * Money here is integer cents (a price, a total, a refund), as the recital's tables keep it. The seating
 * and the prices are written by the seating editor; these calls only read them.
 */

/** At most this many seats in one order. */
export const MAX_SEATS_PER_ORDER = 10;

export const TICKET_SEAT_STATES = ['free', 'held', 'sold', 'blocked'] as const;
export type TicketSeatState = (typeof TICKET_SEAT_STATES)[number];

export const TICKET_KIND_VALUES = ['adult', 'child', 'comp'] as const;
export type TicketKindValue = (typeof TICKET_KIND_VALUES)[number];
/** The kinds the public may buy (comps are a performing dancer's family's). */
export const PUBLIC_TICKET_KINDS = ['adult', 'child'] as const;

export const ticketKindLabels: Record<TicketKindValue, string> = {
  adult: 'Adult',
  child: 'Child',
  comp: 'Complimentary',
};

export const TICKET_ORDER_STATES = [
  'held',
  'paying',
  'unknown',
  'paid',
  'failed',
  'expired',
  'refunded',
] as const;
export type TicketOrderState = (typeof TICKET_ORDER_STATES)[number];
export const ticketOrderStateLabels: Record<TicketOrderState, string> = {
  held: 'Seats held',
  paying: 'Paying',
  unknown: 'Payment being checked',
  paid: 'Paid',
  failed: 'Declined',
  expired: 'Hold ended',
  refunded: 'Refunded',
};

export const TICKET_STATE_VALUES = ['held', 'sold', 'released', 'refunded'] as const;
export type TicketStateValue = (typeof TICKET_STATE_VALUES)[number];

export const TICKET_ORDER_CHANNELS = ['family', 'public', 'studio'] as const;

/**
 * Where a recital's sales stand for the one asking: `coming` (not open to them yet: `opensAt` says when),
 * `open`, `closed` (ended, or never opened to them).
 */
export const TICKET_SALES_STATES = ['coming', 'open', 'closed'] as const;
export type TicketSalesState = (typeof TICKET_SALES_STATES)[number];

/** Why a family may not buy (decided by code, never by the sentence). */
export const TICKET_BUY_REFUSALS = ['balance_owed', 'not_open', 'closed'] as const;
export type TicketBuyRefusal = (typeof TICKET_BUY_REFUSALS)[number];

/** How a family pays: a card typed now (the processor's token), the card on file, the bank account on file. */
export const FAMILY_TICKET_PAY_METHODS = ['card_token', 'card_on_file', 'bank_on_file'] as const;
export type FamilyTicketPayMethod = (typeof FAMILY_TICKET_PAY_METHODS)[number];

// Made once: making a number format costs a hundred times what using it does.
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (cents: number) => `$${TWO_DECIMALS.format(cents / 100)}`;

/** The sentences of ticket sales. */
export const TICKETS_TEXT = {
  balanceOwed: (balanceCents: number) =>
    `Tickets are for families whose balance is paid: yours is ${money(balanceCents)}. Pay it from your family's page and come back.`,
  notOpen: 'Ticket sales are not open yet.',
  closed: 'Ticket sales for this show have ended.',
  noSeats: 'Choose at least one seat.',
  tooManySeats: `An order can hold at most ${MAX_SEATS_PER_ORDER} seats.`,
  sameSeatTwice: 'A seat is chosen twice.',
  seatsTaken: (labels: string[]) =>
    labels.length === 1
      ? `Seat ${labels[0]} was just taken by someone else: choose another.`
      : `Seats ${labels.join(', ')} were just taken by someone else: choose others.`,
  seatBlocked: (labels: string[]) => `Seat ${labels.join(', ')} is not for sale.`,
  seatUnknown: 'A chosen seat is not in this venue.',
  showNotFound: 'This show was not found.',
  recitalNotFound: 'This recital was not found.',
  orderNotFound: 'This order was not found.',
  ticketNotFound: 'This ticket was not found.',
  holdEnded:
    'Your hold on these seats ended before you paid, and nothing was charged. Choose your seats again.',
  notHeld: 'This order is not waiting for payment.',
  ticketsMismatch: "The tickets must be the order's seats, each once.",
  kindNotSold: (kind: string, section: string) =>
    `${ticketKindLabels[kind as TicketKindValue] ?? kind} tickets are not sold${section ? ` in ${section}` : ''}.`,
  compsOver: (available: number) =>
    available === 0
      ? 'Your family has no complimentary tickets left for this show.'
      : `Your family has ${available} complimentary ticket${available === 1 ? '' : 's'} left for this show.`,
  compsPublic: 'Complimentary tickets are for the families of performing dancers.',
  totalChanged: (cents: number) =>
    `The total is now ${money(cents)}: check your tickets and pay again. Nothing was charged.`,
  tokenNeeded: 'Enter a card to pay with.',
  cardRefused: 'This card could not be used and nothing was charged: check it, or use another card.',
  processorDown:
    'The card processor cannot be reached just now and nothing was charged: try again in a few minutes. Your seats stay held.',
  noCardOnFile: 'Your family has no card on file: enter a card.',
  noBankOnFile: 'Your family has no bank account on file: pay by card.',
  bankNotForTickets:
    'Tickets cannot be paid by bank debit yet: a debit takes days to clear and the seats are held for minutes. Pay by card.',
  declined: 'The card was declined and nothing was charged: the seats are released. Try another card.',
  unknown:
    "We did not hear back from the card processor. Your seats stay held while we check, and you will be e-mailed your tickets once it went through; don't pay again.",
  paid: (count: number) =>
    `Paid: ${count} ticket${count === 1 ? '' : 's'}, e-mailed to you. Show the codes at the door.`,
  compsOnly: (count: number) =>
    `Done: ${count} complimentary ticket${count === 1 ? '' : 's'}, e-mailed to you. Show the codes at the door.`,
  released: 'The seats are released.',
  wrongSecret: 'This order was not found.',
  merchantMissing: 'This studio cannot take card payments yet.',
  refundClosed: (day: string) => `Refunds ended on ${day}: this order can no longer be refunded.`,
  refundNothing: 'Choose the tickets to refund.',
  refundNotPaid: 'Only a paid order can be refunded.',
  refundTicketNotSold: 'A chosen ticket is not sold (already refunded, or not in this order).',
  refundReason: 'Say why the order is refunded.',
  refunded: (cents: number) =>
    `Refunded ${money(cents)}: the seats are free again, and the buyer is e-mailed.`,
  refundFailed: 'The processor refused the refund: nothing was refunded. Try again later.',
  refundUnknown:
    'We did not hear back from the processor: the refund is being checked. Do not refund again before it shows.',
  tooFast: 'Too many tries from this address: wait a minute and try again.',
} as const;

// ——— Prices and the seat map ———

export const ticketPriceItem = z.object({
  /** The section it prices; '' every section without a price of its own. */
  section: z.string(),
  kind: z.enum(['adult', 'child']),
  /** Cents. */
  amount: z.number().int(),
});
export type TicketPriceItem = z.infer<typeof ticketPriceItem>;

export const ticketMapSeat = z.object({
  id: z.string(),
  /** As the buyer reads it: "B 12" (row, number). */
  label: z.string(),
  number: z.number().int(),
  /** Where the seat is drawn in its row (aisles are gaps). */
  col: z.number().int(),
  accessible: z.boolean(),
  state: z.enum(TICKET_SEAT_STATES),
  /** Held by the one asking (their open order). */
  mine: z.boolean(),
});
export type TicketMapSeat = z.infer<typeof ticketMapSeat>;

export const ticketMapRow = z.object({
  name: z.string(),
  order: z.number().int(),
  seats: z.array(ticketMapSeat),
});
export const ticketMapSection = z.object({
  name: z.string(),
  order: z.number().int(),
  rows: z.array(ticketMapRow),
});
export type TicketMapSection = z.infer<typeof ticketMapSection>;

/** A show's seat map: sections by order, rows by order, seats by column; the prices of each section. */
export const ticketSeatMap = z.object({
  showId: z.string(),
  recitalId: z.string(),
  sections: z.array(ticketMapSection),
  prices: z.array(ticketPriceItem),
  /** Seats left to sell (free, not blocked). */
  free: z.number().int(),
  /** The one asking's open order on this show (held), if any. */
  myOrder: z.object({ id: z.string(), heldUntil: z.string() }).nullable(),
});
export type TicketSeatMap = z.infer<typeof ticketSeatMap>;

// ——— What families and the public see of a recital ———

export const ticketComps = z.object({
  /** comps per dancer × the family's dancers performing in the show. */
  allowed: z.number().int(),
  taken: z.number().int(),
  available: z.number().int(),
});

export const ticketSaleShow = recitalShowItem.extend({
  /** Whether tickets of this show can be bought now by the one asking. */
  onSale: z.boolean(),
  free: z.number().int(),
});

export const familyTicketShow = ticketSaleShow.extend({ comps: ticketComps });

const recitalForSale = z.object({
  id: z.string(),
  name: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  salesState: z.enum(TICKET_SALES_STATES),
  /** When sales open to the one asking (ISO), when `coming`. */
  opensAt: z.string().nullable(),
  /** When sales end (ISO); null: at each show's doors. */
  salesUntil: z.string().nullable(),
  prices: z.array(ticketPriceItem),
});

export const familyTicketRecital = recitalForSale.extend({
  shows: z.array(familyTicketShow),
  /** Whether this family may buy now; when not, the refusal's code, its sentence, and the balance owed. */
  mayBuy: z.boolean(),
  refusal: z
    .object({ code: z.enum(TICKET_BUY_REFUSALS), msg: z.string(), balance: z.number().int().nullable() })
    .nullable(),
});
export type FamilyTicketRecital = z.infer<typeof familyTicketRecital>;

export const familyTicketRecitals = z.object({ recitals: z.array(familyTicketRecital) });
export type FamilyTicketRecitals = z.infer<typeof familyTicketRecitals>;

export const publicTicketRecital = recitalForSale.extend({
  studioName: z.string(),
  shows: z.array(ticketSaleShow),
  /** How the buyer's browser turns a card into a token (Finix.js, or the sandbox's stand-in form). */
  tokenizer,
});
export type PublicTicketRecital = z.infer<typeof publicTicketRecital>;

// ——— Holds ———

export const ticketHoldInput = z.object({
  seatIds: z
    .array(idSchema, { error: TICKETS_TEXT.noSeats })
    .min(1, TICKETS_TEXT.noSeats)
    .max(MAX_SEATS_PER_ORDER, TICKETS_TEXT.tooManySeats)
    .refine((ids) => new Set(ids).size === ids.length, TICKETS_TEXT.sameSeatTwice),
});
export type TicketHoldInput = z.infer<typeof ticketHoldInput>;

export const ticketHeldSeat = z.object({
  seatId: z.string(),
  section: z.string(),
  row: z.string(),
  number: z.number().int(),
  label: z.string(),
});

export const ticketHoldAnswer = z.object({
  orderId: z.string(),
  /** ISO: when the hold ends. */
  heldUntil: z.string(),
  seats: z.array(ticketHeldSeat),
});
export type TicketHoldAnswer = z.infer<typeof ticketHoldAnswer>;

/** A public hold: its secret is kept by the buyer's browser and sent with each call on the order. */
export const publicTicketHoldAnswer = ticketHoldAnswer.extend({ secret: z.string() });
export type PublicTicketHoldAnswer = z.infer<typeof publicTicketHoldAnswer>;

// ——— Paying ———

export const ticketKindChoice = z.object({
  seatId: idSchema,
  kind: z.enum(TICKET_KIND_VALUES, { error: 'Choose adult, child or complimentary for each seat.' }),
});

const ticketChoices = z
  .array(ticketKindChoice, { error: TICKETS_TEXT.noSeats })
  .min(1, TICKETS_TEXT.noSeats)
  .max(MAX_SEATS_PER_ORDER, TICKETS_TEXT.tooManySeats);

/** The total the buyer was shown, in cents: only compared with the server's. */
const shownTotal = z
  .number({ error: 'The total is missing.' })
  .int('The total is in cents.')
  .min(0, 'The total is missing.')
  .max(10_000_000, 'The total is missing.');

const cardToken = z.string().trim().min(1, TICKETS_TEXT.tokenNeeded).max(200, TICKETS_TEXT.tokenNeeded);

export const familyTicketPayInput = z
  .object({
    tickets: ticketChoices,
    total: shownTotal,
    method: z.enum(FAMILY_TICKET_PAY_METHODS, { error: 'Choose how to pay.' }),
    /** With `card_token`: the processor's token of the card typed. */
    token: cardToken.optional(),
  })
  .refine((b) => b.method !== 'card_token' || !!b.token, {
    message: TICKETS_TEXT.tokenNeeded,
    path: ['token'],
  });
export type FamilyTicketPayInput = z.infer<typeof familyTicketPayInput>;

const orderSecret = z.string().trim().min(16, TICKETS_TEXT.wrongSecret).max(100, TICKETS_TEXT.wrongSecret);

export const publicTicketPayInput = z.object({
  secret: orderSecret,
  buyerName: text(100, 'Your name'),
  buyerEmail: email,
  buyerPhone: phone.optional(),
  tickets: z
    .array(
      ticketKindChoice.extend({ kind: z.enum(PUBLIC_TICKET_KINDS, { error: TICKETS_TEXT.compsPublic }) }),
      {
        error: TICKETS_TEXT.noSeats,
      },
    )
    .min(1, TICKETS_TEXT.noSeats)
    .max(MAX_SEATS_PER_ORDER, TICKETS_TEXT.tooManySeats),
  total: shownTotal,
  token: cardToken,
});
export type PublicTicketPayInput = z.infer<typeof publicTicketPayInput>;

export const ticketOrderSecretInput = z.object({ secret: orderSecret });
export const ticketOrderSecretQuery = z.object({ secret: orderSecret });

// ——— Orders and tickets ———

export const ticketItem = z.object({
  id: z.string(),
  seatId: z.string(),
  section: z.string(),
  row: z.string(),
  number: z.number().int(),
  label: z.string(),
  kind: z.enum(TICKET_KIND_VALUES),
  /** Cents. */
  price: z.number().int(),
  state: z.enum(TICKET_STATE_VALUES),
  /** The code the QR carries: only once sold (null while held, released). */
  code: z.string().nullable(),
  /** When it was first scanned at the door (ISO), null while not. */
  usedAt: z.string().nullable(),
});
export type TicketItem = z.infer<typeof ticketItem>;

export const ticketOrder = z.object({
  id: z.string(),
  number: z.number().int(),
  recitalId: z.string(),
  recitalName: z.string(),
  venueName: z.string(),
  show: recitalShowItem,
  channel: z.enum(TICKET_ORDER_CHANNELS),
  buyerName: z.string(),
  buyerEmail: z.string(),
  state: z.enum(TICKET_ORDER_STATES),
  heldUntil: z.string(),
  /** Cents. */
  total: z.number().int(),
  refunded: z.number().int(),
  method: z.enum(['card', 'bank', 'comp']).nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  tickets: z.array(ticketItem),
});
export type TicketOrder = z.infer<typeof ticketOrder>;

export const ticketOrderList = z.object({ orders: z.array(ticketOrder) });
export type TicketOrderList = z.infer<typeof ticketOrderList>;

export const ticketPayAnswer = z.object({ order: ticketOrder, msg: z.string() });
export type TicketPayAnswer = z.infer<typeof ticketPayAnswer>;

/** One ticket, as its mailed link opens it (the QR is drawn from its code). */
export const publicTicket = z.object({
  code: z.string(),
  recitalName: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  studioName: z.string(),
  show: recitalShowItem,
  section: z.string(),
  row: z.string(),
  number: z.number().int(),
  label: z.string(),
  kind: z.enum(TICKET_KIND_VALUES),
  /** `sold` (valid), `refunded` (no longer valid). */
  state: z.enum(TICKET_STATE_VALUES),
  usedAt: z.string().nullable(),
  orderNumber: z.number().int(),
  buyerName: z.string(),
});
export type PublicTicket = z.infer<typeof publicTicket>;

// ——— The owner's orders ———

export const ownerTicketOrdersQuery = z.object({
  showId: idSchema.optional(),
  state: z.enum(TICKET_ORDER_STATES).optional(),
  /** A buyer's name or e-mail, or an order's number. */
  search: optionalLine(100, 'The search').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export type OwnerTicketOrdersQuery = z.infer<typeof ownerTicketOrdersQuery>;

export const ownerTicketOrderRow = z.object({
  id: z.string(),
  number: z.number().int(),
  showId: z.string(),
  showName: z.string(),
  channel: z.enum(TICKET_ORDER_CHANNELS),
  buyerName: z.string(),
  buyerEmail: z.string(),
  /** The seats' labels, "Orchestra B 12, B 13". */
  seats: z.string(),
  tickets: z.number().int(),
  total: z.number().int(),
  refunded: z.number().int(),
  state: z.enum(TICKET_ORDER_STATES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OwnerTicketOrderRow = z.infer<typeof ownerTicketOrderRow>;

export const ownerTicketOrdersPage = z.object({
  recitalId: z.string(),
  shows: z.array(recitalShowItem),
  orders: z.array(ownerTicketOrderRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The recital's paid sales: tickets sold, cents taken and refunded (not filtered). */
  sums: z.object({ sold: z.number().int(), income: z.number().int(), refunded: z.number().int() }),
  /** The last day refunds are allowed (YYYY-MM-DD), null: until the show. */
  refundsUntil: z.string().nullable(),
});
export type OwnerTicketOrdersPage = z.infer<typeof ownerTicketOrdersPage>;

export const ownerTicketOrder = ticketOrder.extend({
  buyerPhone: z.string().nullable(),
  transferId: z.string().nullable(),
  /** Whether the owner may refund it now, and if not why. */
  refundable: z.boolean(),
  refundRefusal: z.string().nullable(),
});
export type OwnerTicketOrder = z.infer<typeof ownerTicketOrder>;

export const ticketRefundInput = z
  .object({
    /** The tickets to refund; `all` refunds every sold ticket of the order. */
    ticketIds: z.array(idSchema).max(MAX_SEATS_PER_ORDER).optional(),
    all: z.boolean().optional(),
    reason: z
      .string({ error: TICKETS_TEXT.refundReason })
      .trim()
      .min(1, TICKETS_TEXT.refundReason)
      .pipe(text(200, 'The reason')),
  })
  .refine((b) => b.all === true || (b.ticketIds?.length ?? 0) > 0, {
    message: TICKETS_TEXT.refundNothing,
    path: ['ticketIds'],
  });
export type TicketRefundInput = z.infer<typeof ticketRefundInput>;

export const ticketRefundAnswer = z.object({ order: ownerTicketOrder, msg: z.string() });
export type TicketRefundAnswer = z.infer<typeof ticketRefundAnswer>;
