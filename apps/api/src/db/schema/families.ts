import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * A family: the studio's customer account (001 §3 "Account info"). Its users, contacts, terms
 * acceptances and log arrive with the families issue; the schedule needs only the family and its
 * students, whom classes and private lessons register.
 */
export const familyAccounts = pgTable(
  'family_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    address: text('address').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    /** 10 digits. */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_accounts_company_idx').on(t.companyId)],
);

/** A dancer of a family (001 §3 "Student"). */
export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    dob: date('dob', { mode: 'string' }).notNull(),
    gender: text('gender').notNull().default('F'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('students_family_idx').on(t.companyId, t.familyId),
    index('students_name_idx').on(t.companyId, t.lastName, t.firstName),
  ],
);
