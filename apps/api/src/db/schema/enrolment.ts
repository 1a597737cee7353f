import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, yearTerms } from './companies';
import { familyAccounts, students } from './families';
import { classes, classRegistrations } from './schedule';
import { paymentPlanOptions, paymentPlans } from './tuition';
import { users } from './users';

/** A line of a price's or a payment's working: a sentence and signed cents (they add up to the amount). */
export type MoneyLine = { label: string; amount: number };

/**
 * A family's enrolment in a year term (decision 026): the payment plan it chose. One per family and
 * term; the plan's payments are in the family's plan revisions.
 */
export const familyTerms = pgTable(
  'family_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    yearTermId: uuid('year_term_id')
      .notNull()
      .references(() => yearTerms.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    chosenBy: uuid('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_terms_unique_idx').on(t.familyId, t.yearTermId),
    index('family_terms_term_idx').on(t.companyId, t.yearTermId),
    index('family_terms_plan_idx').on(t.planId),
  ],
);

/**
 * One revision of a family's plan for a term: what it pays, from `effectiveDate`, and why. Revisions are
 * written, never changed; the latest is the plan in force. Its registrations' prices are in
 * `class_registration_revisions`, its payments in `family_plan_payments`.
 */
export const familyPlanRevisions = pgTable(
  'family_plan_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyTermId: uuid('family_term_id')
      .notNull()
      .references(() => familyTerms.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /**
     * The studio's day it was written on (a change may take effect earlier: an approval, an owner's
     * date): billing charges nothing of it as due before this day (decision 027). Null before issue 16:
     * read as the effective date.
     */
    writtenOn: date('written_on', { mode: 'string' }),
    /** Why: "Registration", "Jazz 1 (Emma) dropped", "2 registrations approved" … */
    reason: text('reason').notNull(),
    /** The family's monthly tuition in this revision, cents. */
    monthly: integer('monthly').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_plan_revisions_unique_idx').on(t.familyTermId, t.revision),
    // The studio's latest revision of each family term (the auto-pay page), not every studio's (issue 39
    // point 3).
    index('family_plan_revisions_company_idx').on(t.companyId, t.familyTermId, t.revision),
  ],
);

/**
 * A payment of a plan revision (001 §3 "Payment in a plan"): a plan option's payment, or an
 * adjustment (a change to a period already due, iStatus 2 "new plan item"). `val` is cents and may be
 * negative for an adjustment. `lines` explain it and add up to `val`.
 */
export const familyPlanPayments = pgTable(
  'family_plan_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => familyPlanRevisions.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => paymentPlanOptions.id),
    kind: text('kind', { enum: ['plan', 'adjustment'] }).notNull(),
    name: text('name').notNull(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    dateDue: date('date_due', { mode: 'string' }).notNull(),
    period: text('period', { enum: ['completed', 'inProgress', 'remaining'] }).notNull(),
    xPlanFinal: numeric('x_plan_final', { precision: 14, scale: 8, mode: 'number' }).notNull(),
    val: integer('val').notNull(),
    isRelivent: smallint('is_relivent').notNull(),
    lines: jsonb('lines').$type<MoneyLine[]>().notNull(),
    /** Changed by this revision (false: carried from the previous one). */
    changed: smallint('changed').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('family_plan_payments_revision_idx').on(t.revisionId, t.sortOrder)],
);

/**
 * A registration's prices in one plan revision (issue 15 point 3): Pr_0, Pr_i, Pr_f (cents), nTh and
 * iStatus as that revision priced it, with the working of its price.
 */
export const classRegistrationRevisions = pgTable(
  'class_registration_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => familyPlanRevisions.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => classRegistrations.id, { onDelete: 'cascade' }),
    pr0: integer('pr_0').notNull(),
    prI: integer('pr_i').notNull(),
    prF: integer('pr_f').notNull(),
    nTh: smallint('n_th').notNull(),
    iStatus: smallint('i_status').notNull(),
    lines: jsonb('lines').$type<MoneyLine[]>().notNull(),
  },
  (t) => [
    uniqueIndex('class_registration_revisions_unique_idx').on(t.revisionId, t.registrationId),
    index('class_registration_revisions_registration_idx').on(t.registrationId),
  ],
);

/**
 * The registration fee (domain-rules §4): once per family per term, with the family's first
 * registration of the term that counts in its plan. The unique index is what makes it once.
 */
export const registrationFees = pgTable(
  'registration_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyTermId: uuid('family_term_id')
      .notNull()
      .references(() => familyTerms.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => familyPlanRevisions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    participation: text('participation').notNull(),
    chargedOn: date('charged_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registration_fees_unique_idx').on(t.familyTermId),
    check('registration_fees_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * A dancer waiting for a place in a full class (issue 15 point 5). `position` orders the waiting
 * (lowest first; the owner may reorder); an offer holds one place until `offerExpiresAt`, counted with
 * the class's registrations; an entry leaves the list accepted, declined, expired or removed, and stays
 * as history. One open entry (waiting or offered) per dancer and class.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    status: text('status', {
      enum: ['waiting', 'offered', 'accepted', 'declined', 'expired', 'removed'],
    }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_open_idx')
      .on(t.classId, t.studentId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_class_idx').on(t.companyId, t.classId, t.status, t.position),
    index('waitlist_entries_family_idx').on(t.companyId, t.familyId),
  ],
);
