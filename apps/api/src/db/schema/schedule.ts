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
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { genres } from './catalog';
import { companies, yearTerms } from './companies';
import { students } from './families';
import { rooms } from './locations';
import { teachers } from './staff';
import { classTuitions } from './tuition';

/**
 * A weekly class of a year term (002 §3 "Class"): a room, a day (0 Monday … 6 Sunday) and a time.
 * The term, room, teacher and price it names are refused deletion while it exists (the services say
 * so in words; the foreign keys are the last guard).
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    yearTermId: uuid('year_term_id')
      .notNull()
      .references(() => yearTerms.id),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id),
    priceId: uuid('price_id')
      .notNull()
      .references(() => classTuitions.id),
    name: text('name').notNull(),
    day: smallint('day').notNull(),
    timeStart: time('time_start').notNull(),
    timeEnd: time('time_end').notNull(),
    ageMin: smallint('age_min').notNull().default(0),
    ageMax: smallint('age_max').notNull().default(10),
    /** 1–7, the fixed levels (LEVEL_OPTIONS). */
    level: smallint('level').notNull().default(1),
    nMin: smallint('n_min').notNull().default(0),
    nMax: smallint('n_max').notNull().default(20),
    isOpen: boolean('is_open').notNull().default(true),
    minGenreRequired: smallint('min_genre_required').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classes_room_idx').on(t.companyId, t.yearTermId, t.roomId, t.day, t.timeStart),
    index('classes_teacher_idx').on(t.companyId, t.yearTermId, t.teacherId, t.day),
    index('classes_price_idx').on(t.priceId),
    index('classes_room_ref_idx').on(t.roomId),
    check('classes_day_check', sql`${t.day} between 0 and 6`),
    check('classes_time_check', sql`${t.timeEnd} > ${t.timeStart}`),
    check('classes_level_check', sql`${t.level} between 1 and 7`),
  ],
);

/** A routine taught in a class (002 §3 "Dance number"). */
export const danceNumbers = pgTable(
  'dance_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id')
      .notNull()
      .references(() => genres.id),
    name: text('name').notNull(),
    songName: text('song_name').notNull().default(''),
    songArtist: text('song_artist').notNull().default(''),
    /** Seconds; the API shows it as m:ss (default 2:00). */
    songLength: integer('song_length').notNull().default(120),
    costume: boolean('costume').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dance_numbers_class_idx').on(t.companyId, t.classId),
    index('dance_numbers_genre_idx').on(t.genreId),
  ],
);

/** A genre a class teaches (002 §3 "Class genre"). */
export const classGenres = pgTable(
  'class_genres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id')
      .notNull()
      .references(() => genres.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_genres_unique_idx').on(t.classId, t.genreId),
    index('class_genres_genre_idx').on(t.genreId),
  ],
);

/**
 * Another class a student of this class takes, or may take (002 §3 "Other requirement"): a genre at a
 * level, required or optional. `minGenreRequired` of the class counts them (002 §5).
 */
export const classRequirements = pgTable(
  'class_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id')
      .notNull()
      .references(() => genres.id),
    level: smallint('level').notNull(),
    isRequired: boolean('is_required').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_requirements_unique_idx').on(t.classId, t.genreId, t.level),
    index('class_requirements_genre_idx').on(t.genreId),
    check('class_requirements_level_check', sql`${t.level} between 1 and 7`),
  ],
);

/**
 * A student's registration in a class (001 §3, §4). Prices are cents: `pr0` the class's base price,
 * `prI` after the multi-class and sibling discounts, `prF` the final one (after the unlimited cap).
 * `iStatus`: 1 new, 10 registered, -1 dropped, -2 removed, 2 new plan item. `status` is the owner's
 * approval: 0 pending, 1 approved, -1 rejected. One registration per student and class: dropping and
 * coming back flips the same row.
 */
export const classRegistrations = pgTable(
  'class_registrations',
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
    pr0: integer('pr_0').notNull(),
    prI: integer('pr_i').notNull(),
    prF: integer('pr_f').notNull(),
    /** The class's position for the student (0 first), the index the discounts used. */
    nTh: smallint('n_th').notNull().default(0),
    iStatus: smallint('i_status').notNull().default(10),
    status: smallint('status').notNull().default(0),
    /** The registration's own activity flag (001 §4: active when iStatus > -1 and this is set). */
    active: boolean('active').notNull().default(true),
    dateI: date('date_i', { mode: 'string' }).notNull(),
    dateF: date('date_f', { mode: 'string' }).notNull(),
    isDropped: boolean('is_dropped').notNull().default(false),
    /** A drop's effective date: the registration is charged until the day before (issue 15). */
    droppedOn: date('dropped_on', { mode: 'string' }),
    /** Who registered: a parent from the portal, or the owner (for the log and the approvals list). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_registrations_unique_idx').on(t.classId, t.studentId),
    index('class_registrations_class_idx').on(t.companyId, t.classId),
    // The registrations a class's places count (kernel/counting-registrations.ts's `registrationCounts`,
    // the same predicate): a class's count read from this index alone once the table is vacuumed
    // (db/statistics.ts), not from each registration's row (decision 095).
    index('class_registrations_counting_idx')
      .on(t.companyId, t.classId)
      .where(sql`${t.isDropped} = false and ${t.iStatus} > 0 and ${t.status} <> -1`),
    // The registrations waiting for the owner's approval (status 0) that count: the approvals list and
    // the sidebar's count read them alone, whatever the number of the studio's approved ones (decision 098).
    index('class_registrations_pending_idx')
      .on(t.companyId, t.classId)
      .where(sql`${t.status} = 0 and ${t.isDropped} = false and ${t.iStatus} > 0`),
    index('class_registrations_student_idx').on(t.companyId, t.studentId),
    check('class_registrations_i_status_check', sql`${t.iStatus} in (1, 2, 10, -1, -2)`),
    check('class_registrations_status_check', sql`${t.status} in (0, 1, -1)`),
    check('class_registrations_dates_check', sql`${t.dateF} >= ${t.dateI}`),
  ],
);

/**
 * What one registered student does in one dance number (002 §3 "Dance-number activity"): dances it
 * at all, at competitions, at the recital, and needs its costume.
 */
export const danceNumberActivity = pgTable(
  'dance_number_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    danceNumberId: uuid('dance_number_id')
      .notNull()
      .references(() => danceNumbers.id, { onDelete: 'cascade' }),
    classRegistrationId: uuid('class_registration_id')
      .notNull()
      .references(() => classRegistrations.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    competition: boolean('competition').notNull().default(true),
    recital: boolean('recital').notNull().default(true),
    costume: boolean('costume').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Kept by the database (decision 107), never written by the product: the registration's dancer and
     * the dancer's family, and whether this activity dances at the recital (`recital_dances`: active, the
     * recital switch on, of an active registration that counts). The activity's own trigger sets them
     * from its registration; the registration's trigger sets them again when its state or dancer changes,
     * the dancer's when their family does.
     */
    studentId: uuid('student_id'),
    familyId: uuid('family_id'),
    atRecital: boolean('at_recital').notNull().default(false),
    /** Kept by the database (decision 110): the term of the number's class, which says which recitals' season the activity is in. */
    yearTermId: uuid('year_term_id'),
  },
  (t) => [
    uniqueIndex('dance_number_activity_unique_idx').on(t.danceNumberId, t.classRegistrationId),
    index('dance_number_activity_registration_idx').on(t.classRegistrationId),
    // Who dances at the recital: a number's dancers with their families (the board's keys, the dancer
    // sheet's count, the fee's performers, a show's dancers) and a dancer's numbers, from the index alone
    // (decision 107). The studio comes last: led by it, a plan made for any studio (a generic plan, which
    // guesses a studio small) read a page's fifty dancers' numbers by scanning the studio's every number.
    index('dance_number_activity_recital_idx')
      .on(t.danceNumberId, t.studentId, t.familyId, t.companyId)
      .where(sql`${t.atRecital}`),
    index('dance_number_activity_recital_student_idx')
      .on(t.studentId, t.danceNumberId, t.companyId)
      .where(sql`${t.atRecital}`),
  ],
);
