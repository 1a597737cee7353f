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
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Competitions (issue 19, decision 031): the companies that run dance competitions, their locations,
 * the events held there, and each event's entries with what the studio pays and what families are
 * charged. Money in cents. Registrations of dance numbers and dancers on entries come next and point at
 * `competition_entries`.
 */

/** A company that runs competitions (002 §3 "Competition company"). */
export const competitionCompanies = pgTable(
  'competition_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address1: text('address_1').notNull().default(''),
    address2: text('address_2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    phone: text('phone').notNull().default(''),
    director: text('director').notNull().default(''),
    directorPhone: text('director_phone').notNull().default(''),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('competition_companies_company_idx').on(t.companyId)],
);

/** A venue of a competition company (002 §3 "Competition location"): a name or a first address line. */
export const competitionLocations = pgTable(
  'competition_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    competitionCompanyId: uuid('competition_company_id')
      .notNull()
      .references(() => competitionCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    address1: text('address_1').notNull().default(''),
    address2: text('address_2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competition_locations_company_idx').on(t.companyId, t.competitionCompanyId),
    check('competition_locations_named_check', sql`${t.name} <> '' or ${t.address1} <> ''`),
  ],
);

/**
 * An event at a location (002 §3 "Competition event"). A location holding an event is never deleted
 * under it: the foreign key takes no action, and the service says what holds it.
 */
export const competitionEvents = pgTable(
  'competition_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => competitionLocations.id),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    type: text('type').notNull().default('Regional'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competition_events_location_idx').on(t.companyId, t.locationId),
    index('competition_events_date_idx').on(t.companyId, t.dateStart),
    check('competition_events_dates_check', sql`${t.dateEnd} >= ${t.dateStart}`),
  ],
);

/**
 * An entry of an event (002 §3 "Competition entry"): a category the studio can enter (a solo, a small
 * group, a workshop), with what the studio pays the competition and what each dancer's family is
 * charged, per dancer, and how many dancers it takes. The batch rules of 002 §5 hold in the database too.
 */
export const competitionEntries = pgTable(
  'competition_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => competitionEvents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceStudio: integer('price_studio').notNull(),
    priceCustomer: integer('price_customer').notNull(),
    dancersMin: smallint('dancers_min').notNull(),
    dancersMax: smallint('dancers_max').notNull(),
    isPerformance: boolean('is_performance').notNull().default(true),
    notes: text('notes').notNull().default(''),
    /** The entry's place in its event's list: the order the owner typed them in. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competition_entries_event_idx').on(t.companyId, t.eventId, t.position),
    check(
      'competition_entries_prices_check',
      sql`${t.priceStudio} > 0 and ${t.priceCustomer} >= ${t.priceStudio}`,
    ),
    check(
      'competition_entries_dancers_check',
      sql`${t.dancersMin} > 0 and ${t.dancersMax} >= ${t.dancersMin}`,
    ),
  ],
);
