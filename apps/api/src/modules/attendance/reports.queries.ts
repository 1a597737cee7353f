import {
  ATTENDANCE_REPORT_PAGE_SIZE,
  type DateOnly,
  type MakeupBookingFact,
  type MakeupCreditFact,
  type ReportMark,
} from '@pirouette/domain';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inJsonList, rowsOf } from '../../db/rows';
import {
  attendanceMarks,
  attendanceStreaks,
  makeupBookings,
  makeupCredits,
} from '../../db/schema/attendance';
import { companies, yearTerms } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
import { classes } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';

/**
 * What the attendance reports read (decision 065): each function one statement, scoped by the studio,
 * bounded whatever the studio's size.
 */

/** Far above a year of a page's marks (50 classes of 40 dancers, 53 weeks), low enough to stay bounded. */
const MARKS_BOUND = 200_000;

/** The studio's name and time zone (its today). */
export async function studioOf(db: Db, companyId: string) {
  const [row] = await db
    .select({ name: companies.name, timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { name: 'Studio', timeZone: 'America/New_York' };
}

/** A page of the studio's classes whose term overlaps [from, to] (or every one, `pageSize` null), by weekday and time. */
export async function classPage(
  db: Db,
  companyId: string,
  q: { from: DateOnly; to: DateOnly; page: number; pageSize: number | null },
) {
  const rows = await db
    .select({
      id: classes.id,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      teacher: sql<string>`trim(${teachers.firstName} || ' ' || ${teachers.lastName})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(yearTerms, eq(yearTerms.id, classes.yearTermId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(
      and(eq(classes.companyId, companyId), lte(yearTerms.dateStart, q.to), gte(yearTerms.dateEnd, q.from)),
    )
    .orderBy(asc(classes.day), asc(classes.timeStart), asc(classes.name), asc(classes.id))
    .limit(q.pageSize ?? 100_000)
    .offset(q.pageSize ? (q.page - 1) * q.pageSize : 0);
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * A registration (`cr`) that puts a dancer on a class's roster at some day of [from, to]: the condition of
 * `classRosters` (kernel/class-rosters.ts), which then says at which meetings.
 */
const rosterDuring = (from: DateOnly, to: DateOnly) => sql`cr.i_status > 0 and cr.status <> -1
    and cr.date_i <= ${to} and cr.date_f >= ${from} and (cr.is_dropped = false or cr.dropped_on > ${from})`;

/** The classes of the dancer of the row (`students`) whose roster has them during [from, to]. */
const onRosterBetween = (from: DateOnly, to: DateOnly) => sql`
  select cr.class_id::text from class_registrations cr
  where cr.company_id = "students"."company_id" and cr.student_id = "students"."id"
    and ${rosterDuring(from, to)}`;

/**
 * A page of the studio's dancers on a class's roster during [from, to] (every one, `pageSize` null), by
 * name, and how many there are. The page walks the dancers by name and stops at its last; the count is
 * the period's registrations' distinct dancers, one pass over them, where a count of the page's own rows
 * (`count(*) over ()`) asked every dancer of the studio whether they were on a roster (5,600 at 4 ×).
 */
export async function dancerPage(
  db: Db,
  companyId: string,
  q: { from: DateOnly; to: DateOnly; page: number; pageSize: number | null },
) {
  const page = db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      familyId: students.familyId,
      classIds: sql<string[]>`array(${onRosterBetween(q.from, q.to)} order by 1)`,
    })
    .from(students)
    // On a roster, asked of each dancer by their key (a subquery the planner cannot turn into a join):
    // as `exists`, the generic plan kept for the prepared statement (decision 036), which takes a
    // studio's dancers for a few dozen, joined every dancer to all the studio's registrations in the
    // period (the large studio at 4 x: 3.3 s, against 35 ms this way, either plan).
    .where(
      and(eq(students.companyId, companyId), sql`(${onRosterBetween(q.from, q.to)} limit 1) is not null`),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id))
    .limit(q.pageSize ?? ATTENDANCE_REPORT_PAGE_SIZE * 2000)
    .offset(q.pageSize ? (q.page - 1) * q.pageSize : 0);
  if (q.pageSize === null) {
    const rows = await page;
    return { rows, total: rows.length };
  }
  const [rows, [counted]] = await Promise.all([
    page,
    // The registrations alone (decision 144), the studio's registrations of its own dancers. Joined to each dancer to
    // check the studio again, the plan kept for the prepared statement looked up every one of the
    // period's dancers (8.3-10.5 ms at 4 x, against 2.3).
    rowsOf<{ n: number }>(
      db,
      sql`select count(distinct cr.student_id)::int as n from class_registrations cr
          where cr.company_id = ${companyId} and ${rosterDuring(q.from, q.to)}`,
    ),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The names of some of the studio's classes. */
export function classNames(db: Db, companyId: string, classIds: readonly string[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), inArray(classes.id, [...classIds])));
}

/**
 * The roll's marks in [from, to] of some classes, or of some dancers: one statement, its rows as the
 * driver gives them (a page of the class report reads some 14,000: Drizzle's mapping of each row's
 * columns was a tenth of the report's time), the ids asked as one JSON list each.
 */
export function marksBetween(
  db: Db,
  companyId: string,
  q: { from: DateOnly; to: DateOnly; classIds?: readonly string[]; studentIds?: readonly string[] },
): Promise<ReportMark[]> {
  if (q.classIds?.length === 0 || q.studentIds?.length === 0) return Promise.resolve([]);
  const m = attendanceMarks;
  const ofClasses = q.classIds ? sql`and ${inJsonList(m.classId, JSON.stringify(q.classIds))}` : sql``;
  const ofDancers = q.studentIds ? sql`and ${inJsonList(m.studentId, JSON.stringify(q.studentIds))}` : sql``;
  return rowsOf<ReportMark>(
    db,
    sql`select ${m.classId} as "classId", ${m.meetingDate}::text as date, ${m.studentId} as "studentId",
          ${m.status} as status, ${m.bookingId} is not null as guest
        from ${m}
        where ${m.companyId} = ${companyId} and ${m.meetingDate} between ${q.from} and ${q.to}
          ${ofClasses} ${ofDancers}
        limit ${MARKS_BOUND}`,
  );
}

/**
 * The (class, dancer) pairs whose last three counted marks were all missed, the oldest of them on or
 * after `since`: the only pairs the early warning (`absenceStreaks`) can find over a lookback from
 * `since` to today, and every pair it can (marks are never written for a future meeting). Kept by the
 * database as marks, closures and meetings change (`attendance_streaks`, decision 142), read by the
 * studio's index: a few rows, whatever the studio has marked.
 */
export function streakCandidates(db: Db, companyId: string, since: DateOnly) {
  return db
    .select({ classId: attendanceStreaks.classId, studentId: attendanceStreaks.studentId })
    .from(attendanceStreaks)
    .where(and(eq(attendanceStreaks.companyId, companyId), gte(attendanceStreaks.since, since)))
    .limit(STREAK_CANDIDATES_BOUND);
}

/** Far above the dancers a studio could have missing three times in a row; bounds the answer. */
const STREAK_CANDIDATES_BOUND = 20_000;

/** The family's name and phone (the family's own, or its first user's), for some of the studio's families. */
export function familyContacts(db: Db, companyId: string, familyIds: readonly string[]) {
  if (familyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: familyAccounts.id,
      name: familyAccounts.lastName,
      phone: sql<string>`coalesce(nullif(${familyAccounts.phone}, ''), (
        select p.phone from family_people p
        where p.company_id = "family_accounts"."company_id" and p.family_id = "family_accounts"."id"
          and p.kind = 'user' and p.phone <> ''
        order by p.created_at, p.id limit 1
      ), '')`,
    })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), inArray(familyAccounts.id, [...familyIds])));
}

/**
 * The classes a family's dancers were registered in during [from, to] (the roster's condition). The
 * registrations are found from each of the family's dancers (a lateral sub-select, `offset 0` so the
 * planner cannot fold it into the join), as the family's batch finds them (account.queries.ts): the plan
 * kept for the prepared statement otherwise started from every registration of the studio and kept the
 * family's (8,920 rows, 14,600 buffers a request for the large studio at 4 ×; issue 39 point 3).
 */
export function familyClasses(db: Db, companyId: string, familyId: string, from: DateOnly, to: DateOnly) {
  return rowsOf<FamilyClassRow>(db, familyClassesStatement(companyId, familyId, from, to));
}

export function familyClassesStatement(companyId: string, familyId: string, from: DateOnly, to: DateOnly) {
  return sql`select distinct s.id as "studentId", s.first_name as "firstName", s.last_name as "lastName",
        r.class_id as "classId", k.name as "className", k.day, k.time_start as "timeStart"
      from students s
      cross join lateral (
        select cr.class_id
        from class_registrations cr
        where cr.company_id = ${companyId} and cr.student_id = s.id
          and cr.i_status > 0 and cr.status <> -1
          and cr.date_i <= ${to} and cr.date_f >= ${from}
          and (cr.is_dropped = false or cr.dropped_on > ${from})
        offset 0
      ) r
      join classes k on k.id = r.class_id and k.company_id = ${companyId}
      where s.company_id = ${companyId} and s.family_id = ${familyId}
      order by s.first_name, s.id, k.day, k.time_start`;
}

type FamilyClassRow = {
  studentId: string;
  firstName: string;
  lastName: string;
  classId: string;
  className: string;
  day: number;
  timeStart: string;
};

/** A fact with the name of its class (null for a credit given by hand). */
type Named<T> = T & { className: string | null };

/**
 * The make-up credits and bookings of [from, to], counted by the database (decision 141): credits by class,
 * source and state and whether the period saw them given, settled or both; bookings by class. A day is
 * the studio's (its time zone): the period runs from its first day's midnight there to the midnight after
 * its last, two instants worked out once a statement, not each row's time turned into a date. A few rows a class, with
 * its name, where it sent every credit of the period (9,500 at 4 × the large studio) and then asked the
 * names of all their classes.
 */
export async function makeupFacts(
  db: Db,
  companyId: string,
  q: { from: DateOnly; to: DateOnly; timeZone: string },
): Promise<{ credits: Named<MakeupCreditFact>[]; bookings: Named<MakeupBookingFact>[] }> {
  const statements = makeupFactsStatements(companyId, q);
  const [credits, bookings] = await Promise.all([
    rowsOf<Named<MakeupCreditFact>>(db, statements.credits),
    rowsOf<Named<MakeupBookingFact>>(db, statements.bookings),
  ]);
  return { credits, bookings };
}

/** `makeupFacts`' two statements (their plans are tested). */
export function makeupFactsStatements(
  companyId: string,
  q: { from: DateOnly; to: DateOnly; timeZone: string },
) {
  // The period's two instants, worked out once a statement (a materialized row, `b`; decision 144): written inline,
  // with the date and the zone as parameters, the plan kept for the prepared statement turned them into
  // instants again for every credit it read (16 ms at 4 x the large studio, against 3.2).
  const bounds = sql`bounds as materialized (
    select (${q.from}::date)::timestamp at time zone ${q.timeZone} as lo,
      (${q.to}::date + 1)::timestamp at time zone ${q.timeZone} as hi)`;
  const within = (col: unknown) => sql`(${col} >= b.lo and ${col} < b.hi)`;
  return {
    // Counted first, then named: a few rows a class joined to its name, not every credit (5.2 -> 3.8 ms
    // at 4 x the large studio).
    credits: sql`with ${bounds}, counted as (
          select ${makeupCredits.classId} as class_id, ${makeupCredits.source} as source,
            ${makeupCredits.state} as state, ${within(makeupCredits.createdAt)} as given,
            coalesce(${within(makeupCredits.settledAt)}, false) as settled, count(*)::int as n
          from ${makeupCredits} cross join bounds b
          where ${makeupCredits.companyId} = ${companyId}
            and (${within(makeupCredits.createdAt)} or ${within(makeupCredits.settledAt)})
          group by 1, 2, 3, 4, 5
        )
        select k.class_id as "classId", ${classes.name} as "className", k.source, k.state,
          k.given as "givenInPeriod", k.settled as "settledInPeriod", k.n
        from counted k left join ${classes} on ${classes.id} = k.class_id`,
    bookings: sql`with ${bounds}
        select ${makeupBookings.classId} as "classId", ${classes.name} as "className", count(*)::int as n
        from ${makeupBookings} join ${classes} on ${classes.id} = ${makeupBookings.classId} cross join bounds b
        where ${makeupBookings.companyId} = ${companyId} and ${within(makeupBookings.createdAt)}
        group by 1, 2`,
  };
}
