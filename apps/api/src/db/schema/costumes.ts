import { sql } from 'drizzle-orm';
import {
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
import { danceNumberActivity, danceNumbers } from './schedule';

/**
 * Costumes (issue 18, decision 029): the companies the studio orders from with their size charts,
 * styles on dance numbers with their size-colour prices, dancers' measurements, and the costumes
 * assigned to each dancer of a number (their outfit). Money in cents; measurements in tenths of an inch.
 */

/** A costume company (002 §3 "Costume company"). */
export const costumeCompanies = pgTable(
  'costume_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('costume_companies_company_idx').on(t.companyId)],
);

/** One size of a company's chart: girth, chest and hips ranges, each bound open when null. */
export const costumeSizeChart = pgTable(
  'costume_size_chart',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    costumeCompanyId: uuid('costume_company_id')
      .notNull()
      .references(() => costumeCompanies.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    sortOrder: smallint('sort_order').notNull(),
    girthMin: integer('girth_min'),
    girthMax: integer('girth_max'),
    chestMin: integer('chest_min'),
    chestMax: integer('chest_max'),
    hipsMin: integer('hips_min'),
    hipsMax: integer('hips_max'),
  },
  (t) => [
    uniqueIndex('costume_size_chart_size_idx').on(t.costumeCompanyId, sql`lower(${t.size})`),
    check('costume_size_chart_girth_check', sql`${t.girthMin} <= ${t.girthMax}`),
    check('costume_size_chart_chest_check', sql`${t.chestMin} <= ${t.chestMax}`),
    check('costume_size_chart_hips_check', sql`${t.hipsMin} <= ${t.hipsMax}`),
  ],
);

/** A costume style of a company (002 §3 "Costume style"); on dance numbers through its references. */
export const costumeStyles = pgTable(
  'costume_styles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    costumeCompanyId: uuid('costume_company_id')
      .notNull()
      .references(() => costumeCompanies.id),
    styleNumber: text('style_number').notNull(),
    styleName: text('style_name').notNull(),
    sizeGroups: text('size_groups').array().notNull().default(sql`'{}'::text[]`),
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('costume_styles_number_idx').on(t.costumeCompanyId, sql`lower(${t.styleNumber})`),
    index('costume_styles_company_idx').on(t.companyId),
  ],
);

/** A style worn in a dance number: a style may dress several numbers. */
export const costumeReferences = pgTable(
  'costume_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    styleId: uuid('style_id')
      .notNull()
      .references(() => costumeStyles.id, { onDelete: 'cascade' }),
    danceNumberId: uuid('dance_number_id')
      .notNull()
      .references(() => danceNumbers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('costume_references_pair_idx').on(t.styleId, t.danceNumberId),
    index('costume_references_number_idx').on(t.danceNumberId),
  ],
);

/** A size-colour entry of a style with its prices (002 §3): its id is both sizeColorID and priceID. */
export const costumePrices = pgTable(
  'costume_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    styleId: uuid('style_id')
      .notNull()
      .references(() => costumeStyles.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    color: text('color').notNull().default(''),
    priceBuy: integer('price_buy').notNull(),
    priceSell: integer('price_sell').notNull(),
  },
  (t) => [
    uniqueIndex('costume_prices_entry_idx').on(t.styleId, sql`lower(${t.size})`, sql`lower(${t.color})`),
    check('costume_prices_money_check', sql`${t.priceBuy} >= 0 and ${t.priceSell} >= 0`),
  ],
);

/** A dancer's measurements on a day; history kept, the latest used. */
export const studentMeasurements = pgTable(
  'student_measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    girth: integer('girth'),
    chest: integer('chest'),
    hips: integer('hips'),
    height: integer('height'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_measurements_student_idx').on(t.companyId, t.studentId, t.takenOn)],
);

/** A dancer's outfit for one dance number (002 §3 "Outfit"): one per dance-number activity row. */
export const studentOutfits = pgTable(
  'student_outfits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => danceNumberActivity.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('student_outfits_activity_idx').on(t.activityId),
    index('student_outfits_family_idx').on(t.companyId, t.familyId),
  ],
);

/**
 * A costume assigned to a dancer (002 §3 "Assigned costume"): the size-colour entry, what the dancer is
 * charged and what it costs the studio, in cents. Removed, it stays with its reason; one live
 * assignment of a style per outfit. Its deposit is a ledger charge keyed `costume-deposit:<id>`.
 */
export const costumeAssignments = pgTable(
  'costume_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    outfitId: uuid('outfit_id')
      .notNull()
      .references(() => studentOutfits.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => danceNumberActivity.id, { onDelete: 'cascade' }),
    styleId: uuid('style_id')
      .notNull()
      .references(() => costumeStyles.id),
    priceId: uuid('price_id')
      .notNull()
      .references(() => costumePrices.id),
    sellPrice: integer('sell_price').notNull(),
    priceBuy: integer('price_buy').notNull(),
    /** The deposit charged with it (0 when the studio sets none). */
    deposit: integer('deposit').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedReason: text('removed_reason'),
  },
  (t) => [
    uniqueIndex('costume_assignments_live_idx').on(t.outfitId, t.styleId).where(sql`${t.removedAt} is null`),
    index('costume_assignments_activity_idx').on(t.activityId),
    index('costume_assignments_style_idx').on(t.styleId),
    // The studio's costumes (the deposits and balances lists, their filters), and an outfit's (a family's
    // costumes): not every studio's (issue 39 point 3).
    index('costume_assignments_company_idx').on(t.companyId, t.activityId),
    index('costume_assignments_outfit_idx').on(t.outfitId),
    check(
      'costume_assignments_money_check',
      sql`${t.sellPrice} >= 0 and ${t.priceBuy} >= 0 and ${t.deposit} >= 0`,
    ),
  ],
);

export const DEPOSIT_KIND_VALUES = ['none', 'amount', 'percent'] as const;

/**
 * The studio's costume settings: the deposit a costume asks (an amount in cents, or a percentage in
 * basis points) and the date from which it is no longer taken off when the costume is.
 */
export const costumeSettings = pgTable(
  'costume_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    depositKind: text('deposit_kind', { enum: DEPOSIT_KIND_VALUES }).notNull().default('none'),
    depositValue: integer('deposit_value').notNull().default(0),
    refundableUntil: date('refundable_until', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('costume_settings_kind_check', sql`${t.depositKind} in ('none', 'amount', 'percent')`),
    check('costume_settings_value_check', sql`${t.depositValue} >= 0`),
  ],
);

export const COSTUME_ORDER_STATUS_VALUES = ['cart', 'ordered'] as const;

/**
 * An order to a costume company (001 §3 "Costume order"): its id is the spec's orderID, made by the
 * client for a new cart. One open cart per company; numbered per company ("Curtain Call — order 3").
 */
export const costumeOrders = pgTable(
  'costume_orders',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // A company deleted takes its empty carts: an order with a costume keeps its company (its style is
    // assigned), as the company's deletion already checks.
    costumeCompanyId: uuid('costume_company_id')
      .notNull()
      .references(() => costumeCompanies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: COSTUME_ORDER_STATUS_VALUES }).notNull().default('cart'),
    orderedOn: date('ordered_on', { mode: 'string' }),
    orderedBy: uuid('ordered_by'),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('costume_orders_number_idx').on(t.costumeCompanyId, t.number),
    uniqueIndex('costume_orders_cart_idx').on(t.costumeCompanyId).where(sql`${t.status} = 'cart'`),
    index('costume_orders_company_idx').on(t.companyId),
    check('costume_orders_status_check', sql`${t.status} in ('cart', 'ordered')`),
  ],
);

/** A costume of an order: a dancer's assignment, in one order at most, at the buy price agreed (cents). */
export const costumeOrderLines = pgTable(
  'costume_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => costumeOrders.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => costumeAssignments.id, { onDelete: 'cascade' }),
    priceBuy: integer('price_buy').notNull(),
  },
  (t) => [
    uniqueIndex('costume_order_lines_assignment_idx').on(t.assignmentId),
    index('costume_order_lines_order_idx').on(t.orderId),
    check('costume_order_lines_money_check', sql`${t.priceBuy} >= 0`),
  ],
);

/** A shipment received against an order (001 §4): partial shipments allowed. */
export const costumeShipments = pgTable(
  'costume_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => costumeOrders.id, { onDelete: 'cascade' }),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    receivedBy: uuid('received_by'),
    receivedByName: text('received_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('costume_shipments_order_idx').on(t.orderId)],
);

/** A costume that arrived in a shipment: each assignment received once. */
export const costumeShipmentLines = pgTable(
  'costume_shipment_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => costumeShipments.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => costumeAssignments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('costume_shipment_lines_assignment_idx').on(t.assignmentId),
    // A shipment's lines (an order's shipments, each with what it brought), not every studio's.
    index('costume_shipment_lines_shipment_idx').on(t.shipmentId),
  ],
);
