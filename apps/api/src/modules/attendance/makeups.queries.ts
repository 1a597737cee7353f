import { addDays, type DateOnly } from '@pirouette/domain';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { companies, yearTerms } from '../../db/schema/companies';
import { waitlistEntries } from '../../db/schema/enrolment';
import { students } from '../../db/schema/families';
import { rooms } from '../../db/schema/locations';
import { classes, classGenres } from '../../db/schema/schedule';

/**
 * The make-ups' reads and writes (decision 064), every one scoped by the studio and, for a parent, the
 * family. A list reads in a fixed number of statements whatever it holds.
 */

/** Settled credits stay listed this many days after they expired (the family sees what became of them). */
const SETTLED_SHOWN_DAYS = 60;
/** A family's credits listed at most (far above what a family holds in a season). */
const CREDITS_MAX = 200;

/** The studio's time zone and name. */
export async function studioOf(db: Db, companyId: string) {
  const [row] = await db
    .select({ timeZone: companies.timeZone, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? { timeZone: 'America/New_York', name: '' };
}

const booked = sql`${makeupBookings.state} = 'booked'`;

/**
 * A family's credits that are open or booked, or settled less than 60 days ago, with the dancer, the
 * missed class's name and the live booking, if any (one statement).
 */
export function familyCredits(db: Db, companyId: string, familyId: string, today: DateOnly) {
  const missedClass = sql<
    string | null
  >`(select ${classes.name} from ${classes} where ${classes.id} = ${makeupCredits.classId})`;
  return db
    .select({
      id: makeupCredits.id,
      studentId: makeupCredits.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
      source: makeupCredits.source,
      classId: makeupCredits.classId,
      missedClass,
      meetingDate: makeupCredits.meetingDate,
      expiresOn: makeupCredits.expiresOn,
      state: makeupCredits.state,
      note: makeupCredits.note,
      bookingId: makeupBookings.id,
      bookedClassId: makeupBookings.classId,
      bookedDate: makeupBookings.meetingDate,
    })
    .from(makeupCredits)
    .innerJoin(students, eq(students.id, makeupCredits.studentId))
    .leftJoin(makeupBookings, and(eq(makeupBookings.creditId, makeupCredits.id), booked))
    .where(
      and(
        eq(makeupCredits.companyId, companyId),
        eq(makeupCredits.familyId, familyId),
        or(
          inArray(makeupCredits.state, ['open', 'booked']),
          gte(makeupCredits.expiresOn, addDays(today, -SETTLED_SHOWN_DAYS)),
        ),
      ),
    )
    .orderBy(
      sql`case when ${makeupCredits.state} in ('open', 'booked') then 0 else 1 end`,
      asc(makeupCredits.expiresOn),
      asc(students.firstName),
      asc(makeupCredits.id),
    )
    .limit(CREDITS_MAX);
}
export type CreditRow = Awaited<ReturnType<typeof familyCredits>>[number];

/**
 * What the make-up rules read of classes (one statement): level, ages, size, open waitlist offers,
 * genres, room, time and term; the classes named, and those whose term touches [from, to].
 */
export function classFacts(
  db: Db,
  companyId: string,
  opts: { ids: readonly string[]; from?: DateOnly; to?: DateOnly },
) {
  const named = opts.ids.length > 0 ? inArray(classes.id, [...opts.ids]) : sql`false`;
  const inWindow =
    opts.from && opts.to
      ? and(lte(yearTerms.dateStart, opts.to), gte(yearTerms.dateEnd, opts.from))
      : sql`false`;
  return db
    .select({
      id: classes.id,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      level: classes.level,
      ageMin: classes.ageMin,
      ageMax: classes.ageMax,
      nMax: classes.nMax,
      room: rooms.name,
      termStart: yearTerms.dateStart,
      termEnd: yearTerms.dateEnd,
      // Open waitlist offers hold a place until taken or ended, as registration counts them
      // (class-registration's lockedClassesRead): read here, under the booking's class lock.
      offered: sql<number>`(
        select count(*) from ${waitlistEntries}
        where ${waitlistEntries.companyId} = ${companyId}
          and ${waitlistEntries.classId} = ${classes.id} and ${waitlistEntries.status} = 'offered'
      )`.mapWith(Number),
      genreIds: sql<
        string[]
      >`coalesce((select array_agg(${classGenres.genreId}::text) from ${classGenres} where ${classGenres.classId} = ${classes.id}), '{}')`,
    })
    .from(classes)
    .innerJoin(yearTerms, eq(yearTerms.id, classes.yearTermId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .where(and(eq(classes.companyId, companyId), or(named, inWindow)))
    .orderBy(classes.id);
}
export type ClassFacts = Awaited<ReturnType<typeof classFacts>>[number];

/**
 * The make-ups booked into these classes' meetings in [from, to], counted per meeting, as a read not yet
 * run (for a `batch`); `countsByMeeting` keys its rows. At least one class.
 */
export function bookedCountsRead(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  from: DateOnly,
  to: DateOnly,
) {
  return db
    .select({
      classId: makeupBookings.classId,
      date: makeupBookings.meetingDate,
      n: sql<number>`count(*)::int`,
    })
    .from(makeupBookings)
    .where(
      and(
        eq(makeupBookings.companyId, companyId),
        inArray(makeupBookings.classId, [...classIds]),
        gte(makeupBookings.meetingDate, from),
        lte(makeupBookings.meetingDate, to),
        booked,
      ),
    )
    .groupBy(makeupBookings.classId, makeupBookings.meetingDate);
}

/** `bookedCountsRead`'s rows by meeting. */
export const countsByMeeting = (rows: readonly { classId: string; date: DateOnly; n: number }[]) =>
  new Map(rows.map((r) => [meetingKey(r.classId, r.date), Number(r.n)]));

export const meetingKey = (classId: string, date: DateOnly) => `${classId}:${date}`;

/** The meetings the family's dancers are booked into as guests in [from, to] (one statement). */
export async function familyBookedMeetings(db: Db, companyId: string, familyId: string, from: DateOnly) {
  const rows = await db
    .select({
      studentId: makeupBookings.studentId,
      classId: makeupBookings.classId,
      date: makeupBookings.meetingDate,
    })
    .from(makeupBookings)
    .where(
      and(
        eq(makeupBookings.companyId, companyId),
        eq(makeupBookings.familyId, familyId),
        gte(makeupBookings.meetingDate, from),
        booked,
      ),
    );
  return new Set(rows.map((r) => `${r.studentId}:${meetingKey(r.classId, r.date)}`));
}

/*
 * The locks below are NO KEY UPDATE, not UPDATE (see modules/imports/run.service.ts): they conflict with
 * each other, so two bookings into one class, or two changes of one credit, still run one after the
 * other; but not with the KEY SHARE every insert referencing the row takes (a mark, a registration or a
 * booking naming the class, a booking naming the credit), so those go on while a booking holds it.
 * Order: the class, then the credit, then the booking (the roll's correction takes class then credit).
 */

/** A credit of the studio (of the family, for a parent), locked for the rest of the transaction. */
export async function lockCredit(db: Db, companyId: string, creditId: string, familyId?: string) {
  const [row] = await db
    .select()
    .from(makeupCredits)
    .where(
      and(
        eq(makeupCredits.companyId, companyId),
        eq(makeupCredits.id, creditId),
        familyId ? eq(makeupCredits.familyId, familyId) : undefined,
      ),
    )
    .for('no key update');
  return row ?? null;
}

/** A class of the studio, locked: bookings into it run one after the other, so its places hold. */
export async function lockClass(db: Db, companyId: string, classId: string) {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, classId)))
    .for('no key update');
  return row ?? null;
}

/** A booking of the family (or any of the studio's, without one), locked unless `lock` is false. */
export async function lockBooking(
  db: Db,
  companyId: string,
  bookingId: string,
  familyId?: string,
  lock = true,
) {
  const query = db
    .select()
    .from(makeupBookings)
    .where(
      and(
        eq(makeupBookings.companyId, companyId),
        eq(makeupBookings.id, bookingId),
        familyId ? eq(makeupBookings.familyId, familyId) : undefined,
      ),
    );
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** The live booking of a credit, locked. */
export async function lockBookingOfCredit(db: Db, companyId: string, creditId: string) {
  const [row] = await db
    .select()
    .from(makeupBookings)
    .where(and(eq(makeupBookings.companyId, companyId), eq(makeupBookings.creditId, creditId), booked))
    .for('no key update');
  return row ?? null;
}

/** A dancer of the family, with the date of birth the age rule reads. */
export async function familyStudent(db: Db, companyId: string, familyId: string, studentId: string) {
  const [row] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(
      and(eq(students.companyId, companyId), eq(students.familyId, familyId), eq(students.id, studentId)),
    )
    .limit(1);
  return row ?? null;
}
