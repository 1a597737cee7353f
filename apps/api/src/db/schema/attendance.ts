import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { familyAccounts, students } from './families';
import { classes } from './schedule';
import { users } from './users';

/**
 * Attendance and make-ups (issue 36, decision 060). A class meets on its weekday between its term's first
 * and last day; a meeting is a class and a date, never a row of its own. These tables hold what happens to
 * meetings: closures, the roll's marks, trial guests, make-up credits and the bookings that use them.
 */

export const MARK_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export const CREDIT_SOURCES = ['absence', 'closure', 'owner'] as const;
export const CREDIT_STATES = ['open', 'booked', 'used', 'expired', 'removed'] as const;

/**
 * A studio closure (a holiday, a recital week, a snow day): the meetings it covers are cancelled. One class,
 * or every class of the studio when `classId` is null, from `dateFrom` to `dateTo` inclusive. A removed
 * closure (`removedAt`) cancels nothing.
 */
export const classClosures = pgTable(
  'class_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** The owner chose to give each enrolled dancer a make-up credit for each meeting it cancels. */
    givesMakeups: text('gives_makeups', { enum: ['yes', 'no'] })
      .notNull()
      .default('no'),
    /** The owner chose to credit the families' tuition for it (a ledger credit with the reason), or not. */
    creditsTuition: text('credits_tuition', { enum: ['yes', 'no'] })
      .notNull()
      .default('no'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('class_closures_company_idx').on(t.companyId, t.dateFrom),
    index('class_closures_class_idx').on(t.classId),
    check('class_closures_dates_check', sql`${t.dateTo} >= ${t.dateFrom}`),
  ],
);

/**
 * One dancer's mark at one meeting: enrolled, or a make-up guest (`bookingId`). A phone that sends a mark
 * again (the same `clientId`), or an older tap after a newer one (`clientAt`), changes nothing.
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MARK_STATUSES }).notNull(),
    /** The make-up booking that brought a guest to this meeting; null for an enrolled dancer. */
    bookingId: uuid('booking_id').references((): AnyPgColumn => makeupBookings.id, { onDelete: 'set null' }),
    /** The phone's own id of the tap, so a mark sent twice is written once. */
    clientId: uuid('client_id'),
    /** When the tap was made on the phone (its clock); a later tap wins over an earlier one sent late. */
    clientAt: timestamp('client_at', { withTimezone: true }),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendance_marks_meeting_student_idx').on(t.classId, t.meetingDate, t.studentId),
    index('attendance_marks_company_date_idx').on(t.companyId, t.meetingDate),
    index('attendance_marks_student_idx').on(t.studentId, t.meetingDate),
  ],
);

/**
 * The early warning kept (decision 142, migration 0050): each (class, dancer) whose last three counted
 * marks, of all time, were missed; `since` is the oldest of the three. A mark counts as the rule counts
 * it (the dancer's own, at a meeting of the class: its weekday, within its term, not cancelled by a
 * closure). Written only by the database's triggers: on the marks, the closures, a class's day or term
 * and a term's dates (the function `attendance_streaks_refresh`). Marks are never written for a future
 * meeting, so the pairs whose `since` is within the lookback are those whose last three counted marks
 * in it were missed; the report's rule then decides on them (the dancer still expected, decision 065).
 */
export const attendanceStreaks = pgTable(
  'attendance_streaks',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    since: date('since', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId] }),
    index('attendance_streaks_company_since_idx').on(t.companyId, t.since),
  ],
);

/** A trial guest at one meeting: someone trying the class, not (yet) a dancer of the studio. */
export const trialVisits = pgTable(
  'trial_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** A grown-up's phone (10 digits) or e-mail, to call them back. */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status', { enum: MARK_STATUSES }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trial_visits_meeting_idx').on(t.companyId, t.classId, t.meetingDate)],
);

/**
 * A make-up credit: one missed meeting (an absence, or a closure the owner chose to make up), or one given
 * by hand. Open until booked, used, expired (by the expiry job, once) or removed.
 */
export const makeupCredits = pgTable(
  'makeup_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    source: text('source', { enum: CREDIT_SOURCES }).notNull(),
    /** The missed meeting (absence, closure); null for a credit given by hand. */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    meetingDate: date('meeting_date', { mode: 'string' }),
    closureId: uuid('closure_id').references(() => classClosures.id, { onDelete: 'set null' }),
    /** The last day a make-up may be taken on. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    state: text('state', { enum: CREDIT_STATES }).notNull().default('open'),
    /** The owner's words for a credit given or removed by hand. */
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the state last changed (expired, removed, used). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('makeup_credits_family_idx').on(t.companyId, t.familyId, t.state),
    index('makeup_credits_expiry_idx').on(t.companyId, t.state, t.expiresOn),
    // One credit per missed meeting of a dancer, whatever its source.
    uniqueIndex('makeup_credits_meeting_idx')
      .on(t.studentId, t.classId, t.meetingDate)
      .where(sql`${t.classId} is not null and ${t.meetingDate} is not null`),
  ],
);

/** A make-up booked into one meeting of a class with a place free, using one credit. */
export const makeupBookings = pgTable(
  'makeup_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => makeupCredits.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('makeup_bookings_credit_idx').on(t.creditId).where(sql`${t.state} = 'booked'`),
    uniqueIndex('makeup_bookings_student_meeting_idx')
      .on(t.studentId, t.classId, t.meetingDate)
      .where(sql`${t.state} = 'booked'`),
    index('makeup_bookings_meeting_idx').on(t.companyId, t.classId, t.meetingDate),
    index('makeup_bookings_family_idx').on(t.companyId, t.familyId),
  ],
);
