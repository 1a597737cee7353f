import { SCHEDULE_LIMITS } from '@pirouette/domain';
import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/rows';
import { genres } from '../../db/schema/catalog';
import { yearTerms } from '../../db/schema/companies';
import { waitlistEntries } from '../../db/schema/enrolment';
import { students } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';
import { classes, classGenres, classRegistrations, classRequirements } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions } from '../../db/schema/tuition';
import { keptCount } from '../../db/studio-counts';
import { registrationCounts } from '../../kernel/counting-registrations';

/** Far above any studio's term; the schedule's own bound. */
const TERM_CLASSES_LIMIT = 2000;

/** What the builder adds to a class beyond the schedule's: its discounts, waitlist counts and requirements. */
const classExtraFields = {
  applyDiscount: classTuitions.applyDiscount,
  /** Waitlist offers, which hold a place until taken or ended. */
  offered: sql<number>`(
    select count(*) from ${waitlistEntries}
    where ${waitlistEntries.classId} = ${classes.id} and ${waitlistEntries.status} = 'offered'
  )`.mapWith(Number),
  waiting: sql<number>`(
    select count(*) from ${waitlistEntries}
    where ${waitlistEntries.classId} = ${classes.id} and ${waitlistEntries.status} = 'waiting'
  )`.mapWith(Number),
  genreIDs: sql<string[]>`coalesce((
    select json_agg(${classGenres.genreId} order by ${classGenres.genreId}) from ${classGenres}
    where ${classGenres.classId} = ${classes.id}
  ), '[]'::json)`,
  requirements: sql<{ genreID: string; genreName: string; levelID: number; isRequired: boolean }[]>`coalesce((
    select json_agg(json_build_object(
      'genreID', ${classRequirements.genreId}, 'genreName', ${genres.name},
      'levelID', ${classRequirements.level}, 'isRequired', ${classRequirements.isRequired}
    ) order by ${genres.name}, ${classRequirements.level})
    from ${classRequirements} join ${genres} on ${genres.id} = ${classRequirements.genreId}
    where ${classRequirements.classId} = ${classes.id}
  ), '[]'::json)`,
};

/**
 * What the builder adds to the schedule's classes, for every class of a term, in one query: the names
 * of its room and location, whether its price takes discounts, its genres and other requirements.
 */
export function termClassExtras(db: Db, companyId: string, yearTermId: string, classIds?: readonly string[]) {
  return db
    .select({
      id: classes.id,
      location: locations.name,
      room: rooms.name,
      ...classExtraFields,
    })
    .from(classes)
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(
      and(
        eq(classes.companyId, companyId),
        eq(classes.yearTermId, yearTermId),
        // A JSON list, one parameter: one statement's text whatever the number of classes.
        classIds
          ? sql`${classes.id} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(classIds)}::jsonb))`
          : undefined,
      ),
    )
    .orderBy(asc(classes.id))
    .limit(TERM_CLASSES_LIMIT);
}

/** Bounds of the builder's short lists to switch: far above what a studio has. */
const LOCATIONS_LIMIT = 500;
const ROOMS_LIMIT = 2000;

/**
 * The location a builder's week is for (decision 082), as a subquery of the term's read: the location
 * asked for (`locationId`, when it is the studio's), else the location of the class asked for (the
 * owner's "register a dancer" from a class), else the one where the family's dancers take the most
 * classes this term, else the studio's first location by name. An empty `locationId` or `classId` asks
 * for nothing; another studio's is ignored like an unknown one, so it never shows what it names.
 * The class asked for is found by its key alone (`offset 0` keeps the lookup apart), its studio and term
 * checked on the row found: beside them, the generic plan walked the term's classes by the studio's index
 * for a class id that is mostly empty (480 classes at 4 × the large studio).
 */
function weekLocation(
  companyId: string,
  familyId: string,
  yearTermId: SQLWrapper,
  asked: { locationId: string; classId: string },
): SQL<string | null> {
  return sql<string | null>`coalesce(
    (select l.id from ${locations} l where l.company_id = ${companyId}
      and l.id = nullif(${asked.locationId}, '')::uuid),
    (select r.location_id
      from (select c.company_id, c.year_term_id, c.room_id from ${classes} c
        where c.id = nullif(${asked.classId}, '')::uuid offset 0) c
      join ${rooms} r on r.id = c.room_id
      where c.company_id = ${companyId} and c.year_term_id = ${yearTermId}),
    (select r.location_id from ${classRegistrations}
      join ${students} s on s.id = ${classRegistrations.studentId}
      join ${classes} c on c.id = ${classRegistrations.classId}
      join ${rooms} r on r.id = c.room_id
      join ${locations} l on l.id = r.location_id
      where ${classRegistrations.companyId} = ${companyId} and s.company_id = ${companyId}
        and s.family_id = ${familyId} and c.year_term_id = ${yearTermId} and ${registrationCounts}
      group by r.location_id, l.name order by count(*) desc, l.name, r.location_id limit 1),
    (select l.id from ${locations} l where l.company_id = ${companyId} order by l.name, l.id limit 1))`;
}

/** The studio's locations by name, to switch the week to another. */
export function studioLocations(db: Db, companyId: string) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(LOCATIONS_LIMIT);
}

/** The studio's rooms by name, each with its location, to narrow the week to one. */
export function studioRooms(db: Db, companyId: string) {
  return db
    .select({ id: rooms.id, locationId: rooms.locationId, name: rooms.name, description: rooms.description })
    .from(rooms)
    .where(eq(rooms.companyId, companyId))
    .orderBy(asc(rooms.name), asc(rooms.id))
    .limit(ROOMS_LIMIT);
}

export type TermWeekRow = {
  id: string;
  name: string;
  dateStart: string;
  dateEnd: string;
  locationId: string | null;
};

/**
 * The studio's current term (no row when it has none) and the location its builder's week is for, in
 * one statement built once: the location is chosen from the term's classes and the family's
 * registrations in it. '' for a location or class not asked for.
 */
export const currentTermWeek = preparedRows<TermWeekRow, 'companyId' | 'familyId' | 'locationId' | 'classId'>(
  ['companyId', 'familyId', 'locationId', 'classId'],
  (p) => sql`select y.id, y.name, y.date_start::text as "dateStart", y.date_end::text as "dateEnd",
      ${weekLocation(p.companyId, p.familyId, sql`y.id`, p)} as "locationId"
    from ${yearTerms} y where y.company_id = ${p.companyId} and y.is_current limit 1`,
);

/**
 * A class as the builder lists it, in one row: the schedule's class (nReg by the one counting rule),
 * its room and location's names, whether its price takes discounts, its waitlist, genres and other
 * requirements.
 */
const builderClassFields = {
  id: classes.id,
  name: classes.name,
  day: classes.day,
  timeStart: classes.timeStart,
  timeEnd: classes.timeEnd,
  yearTermId: classes.yearTermId,
  roomId: classes.roomId,
  locationId: rooms.locationId,
  priceId: classes.priceId,
  teacherId: classes.teacherId,
  teacherFirstName: teachers.firstName,
  teacherLastName: teachers.lastName,
  ageMin: classes.ageMin,
  ageMax: classes.ageMax,
  level: classes.level,
  nMin: classes.nMin,
  nMax: classes.nMax,
  price: classTuitions.price,
  isOpen: classes.isOpen,
  minGenreRequired: classes.minGenreRequired,
  // The class's places taken, kept (decision 121): a few rows, not each registration's.
  nReg: keptCount(sql`${classes.companyId}`, 'places', sql`${classes.id}::text`).mapWith(Number),
  location: locations.name,
  room: rooms.name,
  ...classExtraFields,
};

/**
 * The builder's week: the term's classes of the location `locationId` names ('' for none), and the
 * classes of the family's registrations in the term wherever they are (for its prices and its
 * requirements, a class's requirement met by a class elsewhere). The week's classes are found first,
 * as an array of ids (the location's rooms, then each room's classes of the term by classes_room_ref_idx,
 * and the family's own), and read by their keys: the studio's other classes of the term are never read,
 * whatever plan the database keeps for the statement (decision 098; before, every class of the term was
 * read and its room's location compared). The per-class subqueries run for the week's classes only.
 */
export function weekClasses(
  db: Db,
  companyId: string,
  familyId: string,
  yearTermId: string,
  locationId: string,
) {
  const weekClass = alias(classes, 'week_classes');
  const familyClass = alias(classes, 'family_classes');
  const locationRooms = db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), sql`${rooms.locationId} = nullif(${locationId}, '')::uuid`));
  const locationClasses = db
    .select({ id: weekClass.id })
    .from(weekClass)
    .where(
      and(eq(weekClass.yearTermId, yearTermId), sql`${weekClass.roomId} = any(array(${locationRooms}))`),
    );
  const familyClasses = db
    .select({ id: classRegistrations.classId })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .innerJoin(familyClass, eq(familyClass.id, classRegistrations.classId))
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(students.companyId, companyId),
        eq(students.familyId, familyId),
        eq(familyClass.yearTermId, yearTermId),
      ),
    );
  // The location's classes by their rooms (classes_room_ref_idx) and the week's by their keys alone: a
  // condition on the studio here would let a plan made without the arguments (which estimates a studio's
  // term at one class) read the whole term instead. The rooms and the family's dancers are the studio's
  // own, found by the studio, so the classes are.
  return db
    .select(builderClassFields)
    .from(classes)
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(sql`${classes.id} = any(array(${union(locationClasses, familyClasses)}))`)
    .orderBy(asc(classes.day), asc(classes.timeStart), asc(classes.name), asc(classes.id))
    .limit(SCHEDULE_LIMITS.classesPerAnswer);
}

export type BuilderClassRow = Awaited<ReturnType<typeof weekClasses>>[number];
