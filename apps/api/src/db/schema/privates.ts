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
import { genres } from './catalog';
import { companies, yearTerms } from './companies';
import { students } from './families';
import { locations } from './locations';
import { teachers } from './staff';
import { privateTuitions } from './tuition';

/**
 * A private lesson of a year term (002 §3 "Private lesson"): a routine taught by one teacher at one
 * location to a solo (type 1), duet (2), trio (3) or group (4). The term is its price's term.
 */
export const privateLessons = pgTable(
  'private_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    yearTermId: uuid('year_term_id')
      .notNull()
      .references(() => yearTerms.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id),
    priceId: uuid('price_id')
      .notNull()
      .references(() => privateTuitions.id),
    genreId: uuid('genre_id')
      .notNull()
      .references(() => genres.id),
    name: text('name').notNull(),
    songName: text('song_name').notNull().default(''),
    songArtist: text('song_artist').notNull().default(''),
    /** Seconds; shown as m:ss. */
    songLength: integer('song_length').notNull().default(120),
    type: smallint('type').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('private_lessons_location_idx').on(t.companyId, t.yearTermId, t.locationId),
    index('private_lessons_teacher_idx').on(t.teacherId),
    index('private_lessons_price_idx').on(t.priceId),
    index('private_lessons_genre_idx').on(t.genreId),
    check('private_lessons_type_check', sql`${t.type} between 1 and 4`),
  ],
);

/**
 * A student's registration in a private lesson (002 §3 "Private registration"). `price` is cents;
 * `regStatus` 1 registered, 0 inactive (step 1 of the activity update sets it with the flags).
 */
export const privateRegistrations = pgTable(
  'private_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    privateId: uuid('private_id')
      .notNull()
      .references(() => privateLessons.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    regStatus: smallint('reg_status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('private_registrations_unique_idx').on(t.privateId, t.studentId),
    index('private_registrations_student_idx').on(t.companyId, t.studentId),
    check('private_registrations_dates_check', sql`${t.dateEnd} >= ${t.dateStart}`),
  ],
);

/** What a student does with a private routine: the same four flags as a dance number's activity. */
export const privateRegistrationActivity = pgTable(
  'private_registration_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    privateRegistrationId: uuid('private_registration_id')
      .notNull()
      .references(() => privateRegistrations.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    competition: boolean('competition').notNull().default(true),
    recital: boolean('recital').notNull().default(true),
    costume: boolean('costume').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('private_registration_activity_unique_idx').on(t.privateRegistrationId)],
);
