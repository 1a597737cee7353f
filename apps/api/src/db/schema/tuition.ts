import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, yearTerms } from './companies';

/** A class price of a year term (002 §3): the monthly price of a class of this duration. */
export const classTuitions = pgTable(
  'class_tuitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    yearTermId: uuid('year_term_id')
      .notNull()
      .references(() => yearTerms.id, { onDelete: 'cascade' }),
    /** Class length in minutes. */
    duration: integer('duration').notNull(),
    /** Monthly price in cents. */
    price: integer('price').notNull(),
    applyDiscount: boolean('apply_discount').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_tuitions_term_idx').on(t.companyId, t.yearTermId)],
);

/** A private lesson price of a year term (002 §3). */
export const privateTuitions = pgTable(
  'private_tuitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    yearTermId: uuid('year_term_id')
      .notNull()
      .references(() => yearTerms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nDancers: integer('n_dancers').notNull().default(1),
    /** Price in cents. */
    price: integer('price').notNull(),
    applyDiscount: boolean('apply_discount').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('private_tuitions_term_idx').on(t.companyId, t.yearTermId)],
);

/**
 * A studio discount (001 §3, domain-rules §1): typeID 100 multi-class or 200 sibling; vTypeID 100 a
 * fraction (0.10 is 10 %) or 200 a fixed amount in cents per step; rValue the rounding unit in cents.
 * Discounts of one type apply in `sortOrder`.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').notNull(),
    vTypeId: integer('v_type_id').notNull(),
    value: numeric('value', { precision: 14, scale: 6, mode: 'number' }).notNull(),
    rValue: integer('r_value').notNull().default(1),
    name: text('name').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discounts_company_idx').on(t.companyId, t.typeId, t.sortOrder)],
);

/** A payment plan of a year term's payment system: Monthly (default), Half year, Full year. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    yearTermId: uuid('year_term_id')
      .notNull()
      .references(() => yearTerms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    nPays: integer('n_pays').notNull(),
    /** A fraction: 0.05 is 5 % off. */
    discount: numeric('discount', { precision: 8, scale: 6, mode: 'number' }).notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_plans_term_idx').on(t.companyId, t.yearTermId, t.sortOrder)],
);

/** One payment of a plan: the period it pays for and the day of the month it is due. */
export const paymentPlanOptions = pgTable(
  'payment_plan_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    dayPaymentDue: integer('day_payment_due').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('payment_plan_options_plan_idx').on(t.companyId, t.planId, t.sortOrder)],
);
