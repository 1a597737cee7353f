import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A studio. The spec calls it a company: `cID`, `cName`. */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipcode: text('zipcode').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  aboutUsOption: text('about_us_option'),
  aboutUsNotes: text('about_us_notes'),
  /** The money rules' studio settings (unlimited cap, sibling index mode, fees), validated by the domain schema. */
  moneySettings: jsonb('money_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Attendance and make-ups (issue 36): the window, the cut-off, closures; validated by the domain schema. */
  attendanceSettings: jsonb('attendance_settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A studio's year terms (002 §3). Exactly one may be the studio's current term. */
export const yearTerms = pgTable(
  'year_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('year_terms_company_idx').on(t.companyId, t.dateStart),
    uniqueIndex('year_terms_one_current_idx').on(t.companyId).where(sql`${t.isCurrent}`),
  ],
);
