import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { familyAccounts, students } from './families';
import { danceNumbers } from './schedule';
import { users } from './users';

/**
 * The recital (issue 38, decision 072): a recital, its shows, which dance numbers dance in which show and
 * in what order, the venue's seats, ticket prices, ticket orders and tickets, the door's scans and the
 * backstage sign-ins. Money is integer cents. Every table carries the studio's id.
 */

export const FEE_PER = ['dancer', 'family'] as const;
export type FeePer = (typeof FEE_PER)[number];

/**
 * A recital: a name, a venue, its days, and its settings — the recital fee (decision 073), the ticket
 * sales' windows and rules (decision 074), the running order's timing (decision 072).
 */
export const recitals = pgTable(
  'recitals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    venueName: text('venue_name').notNull().default(''),
    venueAddress: text('venue_address').notNull().default(''),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    /** Seconds between two numbers (entrances, bows) when a show's length is reckoned. */
    gapSeconds: smallint('gap_seconds').notNull().default(30),
    /** The intermission's length in minutes, counted in a show that has one. */
    intermissionMinutes: smallint('intermission_minutes').notNull().default(15),
    /** The recital fee (decision 073): cents per dancer or per family; 0 charges nothing. */
    feeAmount: integer('fee_amount').notNull().default(0),
    feePer: text('fee_per', { enum: FEE_PER }).notNull().default('dancer'),
    /** A dancer who leaves the recital on or before this day has the fee taken off; after it, it stays. */
    feeRefundableUntil: date('fee_refundable_until', { mode: 'string' }),
    /** Tickets (decision 074): comps a performing dancer's family may take free, per show danced. */
    compsPerDancer: smallint('comps_per_dancer').notNull().default(0),
    /** When the studio's families may start buying; null: not open. */
    familySalesFrom: timestamp('family_sales_from', { withTimezone: true }),
    /** When anyone with the public link may start buying; null: families only. */
    publicSalesFrom: timestamp('public_sales_from', { withTimezone: true }),
    /** When sales end; null: at the show's doors. */
    salesUntil: timestamp('sales_until', { withTimezone: true }),
    /** Only families who owe nothing may buy (the setting studios ask for). */
    settledFamiliesOnly: boolean('settled_families_only').notNull().default(false),
    /** The owner may refund an order until this day (inclusive); null: until the show. */
    refundsUntil: date('refunds_until', { mode: 'string' }),
    /** The secret of the public sales link (`/tickets/<token>`): random, made by the server (crypto). */
    publicToken: text('public_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('recitals_company_idx').on(t.companyId, t.firstDay),
    uniqueIndex('recitals_token_idx').on(t.publicToken),
    check('recitals_days_check', sql`${t.lastDay} >= ${t.firstDay}`),
    check('recitals_fee_check', sql`${t.feeAmount} >= 0`),
    check('recitals_comps_check', sql`${t.compsPerDancer} between 0 and 20`),
    check('recitals_gap_check', sql`${t.gapSeconds} between 0 and 600`),
    check('recitals_intermission_check', sql`${t.intermissionMinutes} between 0 and 120`),
  ],
);

/** A show of a recital: its day, its curtain and doors (the studio's wall-clock "HH:MM"), its intermission. */
export const recitalShows = pgTable(
  'recital_shows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    startsAt: text('starts_at').notNull(),
    doorsAt: text('doors_at').notNull(),
    /** The intermission comes after the number at this place (0 first); null: none. */
    intermissionAfter: integer('intermission_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recital_shows_recital_idx').on(t.recitalId, t.day),
    uniqueIndex('recital_shows_name_idx').on(t.recitalId, sql`lower(${t.name})`),
    check(
      'recital_shows_times_check',
      sql`${t.startsAt} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.doorsAt} ~ '^[0-2][0-9]:[0-5][0-9]$'`,
    ),
  ],
);

/**
 * A dance number in a show (decision 072): a number dances in one show of a recital, at a place of its
 * running order (0 first). `locked`: the proposal keeps it where the owner put it.
 */
export const recitalShowNumbers = pgTable(
  'recital_show_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    showId: uuid('show_id')
      .notNull()
      .references(() => recitalShows.id, { onDelete: 'cascade' }),
    danceNumberId: uuid('dance_number_id')
      .notNull()
      .references(() => danceNumbers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    locked: boolean('locked').notNull().default(false),
  },
  (t) => [
    uniqueIndex('recital_show_numbers_number_idx').on(t.recitalId, t.danceNumberId),
    uniqueIndex('recital_show_numbers_place_idx').on(t.showId, t.position),
    // A number's places in every recital: its activities' changes reach the recital's dancers (decision 112).
    index('recital_show_numbers_dance_number_idx').on(t.danceNumberId),
    check('recital_show_numbers_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * The venue's seats, described once per recital (decision 074): a section, a row, a seat number. `col` is
 * where the seat is drawn in its row (aisles are gaps); `blocked` seats are never sold (a camera, the
 * sound desk), `accessible` ones are marked on the map.
 */
export const recitalSeats = pgTable(
  'recital_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    sectionOrder: smallint('section_order').notNull().default(0),
    row: text('row').notNull(),
    rowOrder: smallint('row_order').notNull().default(0),
    number: integer('number').notNull(),
    col: smallint('col').notNull().default(0),
    accessible: boolean('accessible').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
  },
  (t) => [
    uniqueIndex('recital_seats_seat_idx').on(t.recitalId, t.section, t.row, t.number),
    index('recital_seats_company_idx').on(t.companyId, t.recitalId),
  ],
);

export const TICKET_KINDS = ['adult', 'child', 'comp'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** A price of a recital's tickets: a kind (adult, child) in a section ('' every section not priced on its own). */
export const recitalPrices = pgTable(
  'recital_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    section: text('section').notNull().default(''),
    kind: text('kind', { enum: ['adult', 'child'] }).notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    uniqueIndex('recital_prices_idx').on(t.recitalId, t.section, t.kind),
    check('recital_prices_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const ORDER_CHANNELS = ['family', 'public', 'studio'] as const;
/**
 * An order's life (decision 074): `held` (seats held while the buyer pays), `paying` (the processor's
 * call recorded, its answer awaited), `unknown` (no answer we trust: looked up by its idempotency id),
 * `paid`, `failed` (declined: seats released), `expired` (the hold ran out), `refunded` (all of it).
 */
export const ORDER_STATES = ['held', 'paying', 'unknown', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_METHODS = ['card', 'bank', 'comp'] as const;

/** A ticket order: one buyer, one show, its seats; an entry in the studio's books once paid. */
export const ticketOrders = pgTable(
  'ticket_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    /** An order is money on the books: its show cannot go while it stands (no cascade; decision 074). */
    showId: uuid('show_id')
      .notNull()
      .references(() => recitalShows.id, { onDelete: 'no action' }),
    /** 1, 2, 3 … per studio: what the buyer and the door read. */
    number: integer('number').notNull(),
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull(),
    /** The studio's family who bought (channel family); null for the public. */
    familyId: uuid('family_id').references(() => familyAccounts.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    state: text('state', { enum: ORDER_STATES }).notNull().default('held'),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** What the tickets cost (cents), computed by the server. */
    total: integer('total').notNull(),
    method: text('method', { enum: ORDER_METHODS }),
    /** The processor call's idempotency id, recorded before the call. */
    idempotencyId: text('idempotency_id'),
    transferId: text('transfer_id'),
    failureCode: text('failure_code'),
    /** What has been refunded (cents). */
    refunded: integer('refunded').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_orders_number_idx').on(t.companyId, t.number),
    uniqueIndex('ticket_orders_idempotency_idx').on(t.idempotencyId),
    uniqueIndex('ticket_orders_transfer_idx').on(t.transferId),
    index('ticket_orders_show_idx').on(t.showId, t.state),
    index('ticket_orders_family_idx').on(t.companyId, t.familyId),
    index('ticket_orders_recital_idx').on(t.companyId, t.recitalId, t.createdAt),
    check('ticket_orders_total_check', sql`${t.total} >= 0`),
    check('ticket_orders_refunded_check', sql`${t.refunded} between 0 and ${t.total}`),
  ],
);

/**
 * `held` (its order's hold), `sold`, `released` (the hold ended or the payment failed), `refunded`. A seat
 * of a show is claimed by one held or sold ticket at most: the partial unique index is the guard, so a seat
 * is never sold twice whatever the number of buyers at once.
 */
export const TICKET_STATES = ['held', 'sold', 'released', 'refunded'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** A ticket: a seat of a show in an order; its code is what the QR carries and the door scans. */
export const recitalTickets = pgTable(
  'recital_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    showId: uuid('show_id')
      .notNull()
      .references(() => recitalShows.id, { onDelete: 'cascade' }),
    /** A seat sold or refunded stays while its ticket does (no cascade; decision 075). */
    seatId: uuid('seat_id')
      .notNull()
      .references(() => recitalSeats.id, { onDelete: 'no action' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    price: integer('price').notNull(),
    state: text('state', { enum: TICKET_STATES }).notNull().default('held'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The secret the QR code carries (unguessable). */
    code: text('code').notNull(),
    /** The first admitting scan: when (the scanning phone's time), at which door, by whom. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedDoor: text('used_door'),
    usedBy: text('used_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recital_tickets_seat_idx').on(t.showId, t.seatId).where(sql`${t.state} in ('held', 'sold')`),
    uniqueIndex('recital_tickets_code_idx').on(t.code),
    index('recital_tickets_order_idx').on(t.orderId),
    index('recital_tickets_hold_idx').on(t.showId, t.heldUntil).where(sql`${t.state} = 'held'`),
    check('recital_tickets_price_check', sql`${t.price} >= 0`),
  ],
);

export const SCAN_RESULTS = ['admitted', 'already_used', 'refunded', 'wrong_show', 'unknown'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/**
 * Every scan at the door (decision 075), as the phone sent it: `clientScanId` makes a scan sent twice (a
 * poor connection) count once; `scannedAt` is the phone's time, `offline` whether it waited on the phone.
 */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    showId: uuid('show_id')
      .notNull()
      .references(() => recitalShows.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => recitalTickets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    clientScanId: text('client_scan_id').notNull(),
    door: text('door').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    offline: boolean('offline').notNull().default(false),
    result: text('result', { enum: SCAN_RESULTS }).notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('ticket_scans_client_idx').on(t.companyId, t.clientScanId),
    index('ticket_scans_show_idx').on(t.showId, t.receivedAt),
    index('ticket_scans_ticket_idx').on(t.ticketId),
  ],
);

/** A dancer signed in or out backstage on a show's day (decision 075); the family is told of each. */
export const backstageSignins = pgTable(
  'backstage_signins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    showId: uuid('show_id')
      .notNull()
      .references(() => recitalShows.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['in', 'out'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who took the dancer out, when signed out (a parent's name). */
    pickedUpBy: text('picked_up_by'),
    clientId: text('client_id').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('backstage_signins_client_idx').on(t.companyId, t.clientId),
    index('backstage_signins_show_idx').on(t.showId, t.studentId, t.at),
  ],
);

/**
 * A recital fee posted to a family's bill (decision 073): per dancer (`studentId`) or per family (null),
 * once — the ledger's key is `recital-fee:<recital>:<student or family>` — and `removedAt` once taken off
 * because the dancer left the recital before the fee's date.
 */
export const recitalFeeCharges = pgTable(
  'recital_fee_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The family ledger's charge (ledger_charges.id), posted in the same transaction. */
    ledgerChargeId: uuid('ledger_charge_id'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recital_fee_charges_idx')
      .on(
        t.recitalId,
        t.familyId,
        sql`coalesce(${t.studentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`${t.removedAt} is null`),
    index('recital_fee_charges_family_idx').on(t.companyId, t.familyId),
  ],
);
