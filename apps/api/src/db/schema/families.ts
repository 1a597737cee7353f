import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { termsDocuments } from './terms';
import { users } from './users';

/**
 * A family: the studio's customer account (001 §3 "Account info"), with its users and contacts
 * (`family_people`), students, terms acceptances, and its log (the audit log's entries whose target
 * is the family).
 */
export const familyAccounts = pgTable(
  'family_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The family's name on lists: the last name of its first user (kept by the people service). */
    lastName: text('last_name').notNull().default(''),
    address: text('address').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    /** 10 digits. */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** How the family heard of the studio (000 §3 'about us'). */
    aboutUsOption: text('about_us_option'),
    aboutUsNotes: text('about_us_notes').notNull().default(''),
    /**
     * Made by an import and not invited yet (issue 35 item 5, decision 056): the studio's mail to the
     * family (notices, balances, receipts) waits until the owner sends the import's invitations, or a
     * member of the family joins by another way (`addressOf` answers no address meanwhile).
     */
    mailHeld: boolean('mail_held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The family's status in the studio's current term (001 §4; modules/accounts/account-status.ts),
     * kept by the database itself: triggers on the registrations, students, classes and terms it is read
     * from set it in the same transaction as the write (migration 0019, decision 036). Never written by
     * the server.
     */
    termStatus: text('term_status')
      .$type<'active' | 'inactive' | 'incomplete'>()
      .notNull()
      .default('incomplete'),
  },
  (t) => [
    index('family_accounts_company_idx').on(t.companyId),
    index('family_accounts_name_idx').on(t.companyId, sql`lower(${t.lastName})`),
    // A tab of the account list, a page at a time in name order (its counts are kept: decision 109).
    index('family_accounts_status_name_idx').on(t.companyId, t.termStatus, sql`lower(${t.lastName})`, t.id),
    // The recital fee page's walk (decision 087): families in the order people read names (ICU's root
    // collation, what the page sorted by before), a page of them at a time.
    index('family_accounts_name_icu_idx').on(t.companyId, sql`${t.lastName} collate "und-x-icu"`, t.id),
  ],
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
    /** What a teacher must know for the dancer's safety (issue 36): shown on the roll. */
    allergies: text('allergies').notNull().default(''),
    /** A note the owner chose to share with the dancer's teachers (issue 36). */
    teacherNote: text('teacher_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('students_family_idx').on(t.companyId, t.familyId),
    index('students_name_idx').on(t.companyId, t.lastName, t.firstName),
  ],
);

/**
 * The grown-ups of a family (001 §3 "User and contact"): its users, the parents who sign in (`userId`
 * set), and its contacts, who are called but do not sign in. `role` is one of CONTACT_ROLES.
 */
export const familyPeople = pgTable(
  'family_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['user', 'contact'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('family_people_family_idx').on(t.companyId, t.familyId),
    index('family_people_user_idx').on(t.userId),
  ],
);

/** A family's acceptance of one version of a studio terms document, by whom and when. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => termsDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    accepted: boolean('accepted').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_acceptances_family_idx').on(t.companyId, t.familyId, t.documentId)],
);
