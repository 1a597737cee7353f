import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classClosures } from '../../db/schema/attendance';
import { calendarFeeds } from '../../db/schema/calendar';
import { companies, yearTerms } from '../../db/schema/companies';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { familyAccounts, students } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';
import { memberships } from '../../db/schema/memberships';
import { privateLessons } from '../../db/schema/privates';
import { classes, classRegistrations, danceNumbers } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { users } from '../../db/schema/users';

/**
 * The calendar feed's reads and writes (issue 19 point 5, decision 035). Every query names the studio
 * and the family; the feed's own read finds both by the token, and nothing else is read without them.
 */

/**
 * A feed lives only while the parent who made it is still a user of its family at the studio: one who
 * leaves the family (or the studio) takes no copy of the family's schedule along, and the family's other
 * parents see the feed as off, to turn on anew.
 */
// The maker's one membership of the studio (unique by studio and person) asked as a value, looked up by
// both keys whatever the planner believes of the studio's size: as an EXISTS, the plan kept for a small
// studio found the membership by the studio alone and read every membership of the bench's large one
// (2,966 buffers at 4 ×; decision 111).
const makerInFamily = sql`(select m.family_id from ${memberships} m
  where m.company_id = ${calendarFeeds.companyId} and m.user_id = ${calendarFeeds.createdBy} and m.role = 'user'
  ) = ${calendarFeeds.familyId}`;

/** The family's feed with the name of who made it, or undefined while off. */
export async function findFeed(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({
      token: calendarFeeds.token,
      createdAt: calendarFeeds.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(calendarFeeds)
    .leftJoin(users, eq(users.id, calendarFeeds.createdBy))
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.familyId, familyId), makerInFamily));
  return row;
}

/**
 * Gives the family's feed a token: a new row, or the family's row with its token replaced (the old
 * token stops matching in the same statement), made now by `userId`.
 */
export async function putFeedToken(
  db: Db,
  opts: { companyId: string; familyId: string; token: string; userId: string },
) {
  await db
    .insert(calendarFeeds)
    .values({ companyId: opts.companyId, familyId: opts.familyId, token: opts.token, createdBy: opts.userId })
    .onConflictDoUpdate({
      target: calendarFeeds.familyId,
      set: { token: opts.token, createdBy: opts.userId, createdAt: sql`now()` },
    });
}

/** Deletes the family's feed; answers whether there was one. */
export async function deleteFeed(db: Db, companyId: string, familyId: string): Promise<boolean> {
  const gone = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.familyId, familyId)))
    .returning({ id: calendarFeeds.id });
  return gone.length > 0;
}

/**
 * The feed of a token with its family's studio: name and time zone. The family and the studio are
 * joined, so a feed whose family or studio is gone is not found (their deletes take the row too), nor
 * one whose maker is no longer a user of the family.
 */
export async function feedOfToken(db: Db, token: string) {
  const [row] = await db
    .select({
      companyId: calendarFeeds.companyId,
      familyId: calendarFeeds.familyId,
      studioName: companies.name,
      timeZone: companies.timeZone,
    })
    .from(calendarFeeds)
    .innerJoin(
      familyAccounts,
      and(
        eq(familyAccounts.id, calendarFeeds.familyId),
        eq(familyAccounts.companyId, calendarFeeds.companyId),
      ),
    )
    .innerJoin(companies, eq(companies.id, calendarFeeds.companyId))
    .where(and(eq(calendarFeeds.token, token), makerInFamily));
  return row;
}

/** A family's dancers in the order the family has them: oldest first, then as they were added. */
const dancerOrder = [asc(students.dob), asc(students.createdAt), asc(students.id)];

/** Parts of an address joined by commas, the empty ones left out. */
const joinedParts = (...parts: SQL[]) =>
  sql<string>`concat_ws(', ', ${sql.join(
    parts.map((p) => sql`nullif(trim(${p}), '')`),
    sql`, `,
  )})`;

/**
 * The studio's closures (not removed) of a class in scope, or of every class, within its term
 * (decision 062): a subquery, so the feed is still read in three round trips.
 */
const classClosuresOf = sql<{ dateFrom: string; dateTo: string; reason: string }[]>`(
  select coalesce(json_agg(json_build_object('dateFrom', cc.date_from, 'dateTo', cc.date_to, 'reason', cc.reason)
    order by cc.created_at), '[]'::json)
  from ${classClosures} cc
  where cc.company_id = ${classes.companyId} and cc.removed_at is null
    and (cc.class_id is null or cc.class_id = ${classes.id})
    and cc.date_to >= ${yearTerms.dateStart} and cc.date_from <= ${yearTerms.dateEnd}
)`;

/**
 * The family's dancers' class registrations in the year terms not ended by `today`, one row per
 * dancer and class, with the class's day, times, term, place and teacher. A registration the owner
 * rejected is left out, and so is one removed; a dropped one keeps its meetings up to the day before
 * its drop (its `date_f`).
 */
export function familyClassRows(db: Db, companyId: string, familyId: string, today: string) {
  return db
    .select({
      classId: classes.id,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      termStart: yearTerms.dateStart,
      termEnd: yearTerms.dateEnd,
      place: joinedParts(
        sql`${locations.name} || ' (' || ${rooms.name} || ')'`,
        sql`${locations.address}`,
        sql`${locations.city}`,
        sql`trim(${locations.state} || ' ' || ${locations.zipcode})`,
      ),
      teacher: sql<string>`trim(${teachers.firstName} || ' ' || ${teachers.lastName})`,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      from: classRegistrations.dateI,
      until: classRegistrations.dateF,
      closures: classClosuresOf,
    })
    .from(classRegistrations)
    .innerJoin(
      students,
      and(
        eq(students.id, classRegistrations.studentId),
        eq(students.companyId, classRegistrations.companyId),
      ),
    )
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(yearTerms, eq(yearTerms.id, classes.yearTermId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(students.familyId, familyId),
        gte(yearTerms.dateEnd, today),
        sql`${classRegistrations.status} <> -1`,
        sql`(${classRegistrations.iStatus} > 0 or (${classRegistrations.isDropped}
          and ${classRegistrations.droppedOn} > ${classRegistrations.dateI}))`,
      ),
    )
    .orderBy(
      asc(yearTerms.dateStart),
      asc(classes.day),
      asc(classes.timeStart),
      asc(classes.id),
      ...dancerOrder,
    );
}

/**
 * The competition events the family's dancers are registered for, ended on or after the first day of the
 * studio's year terms not ended by `today` (or today, without one): the season's events stay in the
 * calendar with its classes. One row per registration line, with the event's company, type and venue,
 * and the entry with its dance number or private lesson.
 */
export function familyCompetitionRows(db: Db, companyId: string, familyId: string, today: string) {
  const since = sql`least(${today}::date, coalesce((
    select min(${yearTerms.dateStart}) from ${yearTerms}
    where ${yearTerms.companyId} = ${companyId} and ${yearTerms.dateEnd} >= ${today}::date
  ), ${today}::date))`;
  return db
    .select({
      eventId: competitionEvents.id,
      dateStart: competitionEvents.dateStart,
      dateEnd: competitionEvents.dateEnd,
      name: sql<string>`trim(${competitionCompanies.name} || ' ' || ${competitionEvents.type})`,
      place: joinedParts(
        sql`${competitionLocations.name}`,
        sql`${competitionLocations.address1}`,
        sql`${competitionLocations.address2}`,
        sql`${competitionLocations.city}`,
        sql`trim(${competitionLocations.state} || ' ' || ${competitionLocations.zipcode})`,
      ),
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      entry: competitionEntries.name,
      routine: sql<string>`coalesce(${danceNumbers.name}, ${privateLessons.name}, '')`,
    })
    .from(competitionRegistrations)
    .innerJoin(
      students,
      and(
        eq(students.id, competitionRegistrations.studentId),
        eq(students.companyId, competitionRegistrations.companyId),
      ),
    )
    .innerJoin(competitionEntries, eq(competitionEntries.id, competitionRegistrations.entryId))
    .innerJoin(competitionEvents, eq(competitionEvents.id, competitionEntries.eventId))
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .leftJoin(danceNumbers, eq(danceNumbers.id, competitionRegistrations.danceNumberId))
    .leftJoin(privateLessons, eq(privateLessons.id, competitionRegistrations.privateId))
    .where(
      and(
        eq(competitionRegistrations.companyId, companyId),
        eq(students.familyId, familyId),
        sql`${competitionEvents.dateEnd} >= ${since}`,
      ),
    )
    .orderBy(
      asc(competitionEvents.dateStart),
      asc(competitionEvents.id),
      ...dancerOrder,
      asc(competitionEntries.position),
      asc(competitionEntries.name),
    );
}
