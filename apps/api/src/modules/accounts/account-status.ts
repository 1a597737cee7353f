import type { AccountFilter, AccountStatus } from '@pirouette/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
import { rooms } from '../../db/schema/locations';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { registrationCounts } from '../schedule/counting-registrations';

/**
 * A family's status, in one place (001 §4). In the studio's current term, a family is active when one
 * of its students has a registration that counts (not dropped, not removed, not rejected: as a class
 * counts its nReg), inactive when it has registrations in the term but none counts, and incomplete when
 * it has none — every family is incomplete while the studio has no current term.
 */

/** The studio's current term (at most one, year_terms_one_current_idx), null when it has none. */
const currentTermOf = (companyId: string) =>
  sql`(select ${yearTerms.id} from ${yearTerms} where ${yearTerms.companyId} = ${companyId} and ${yearTerms.isCurrent})`;

/** The active-filter's fields on a class (the location through the class's room). */
function classMatches(filter: AccountFilter): SQL {
  return (
    and(
      filter.locID ? eq(rooms.locationId, filter.locID) : undefined,
      filter.rmID ? eq(classes.roomId, filter.rmID) : undefined,
      filter.clSchID ? eq(classes.id, filter.clSchID) : undefined,
      filter.day !== undefined ? eq(classes.day, filter.day) : undefined,
      filter.level !== undefined ? eq(classes.level, filter.level) : undefined,
    ) ?? sql`true`
  );
}

export const hasFilter = (filter: AccountFilter) =>
  Object.values(filter).some((value) => value !== undefined && value !== null);

/** The rooms join the active-filter needs: only its location is read through a class's room. */
const needsRooms = (filter: AccountFilter) => Boolean(filter.locID);

/**
 * One family's registrations in the studio's current term, as a LATERAL subquery of family_accounts
 * (join it with `.leftJoinLateral(term, withTerm)`): how many there are, whether one counts, and
 * whether one that counts is in a class matching `filter`. Per family it walks the family's students,
 * their registrations and classes by index (students_family_idx, class_registrations_student_idx,
 * primary keys), so one family, or a page walked in name order, costs in proportion to its families
 * whatever the planner's statistics say. (Counting a whole studio is termStatuses' work.)
 */
export function termRegistrations(db: Db, companyId: string, filter: AccountFilter = {}) {
  const query = db
    .select({
      any: sql<boolean>`count(*) > 0`.as('term_any'),
      counting: sql<boolean>`coalesce(bool_or(${registrationCounts}), false)`.as('term_counting'),
      matching: sql<boolean>`coalesce(bool_or(${registrationCounts} and ${classMatches(filter)}), false)`.as(
        'term_matching',
      ),
    })
    .from(students)
    .innerJoin(
      classRegistrations,
      and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.studentId, students.id)),
    )
    .innerJoin(classes, and(eq(classes.id, classRegistrations.classId), eq(classes.companyId, companyId)))
    .$dynamic();
  if (needsRooms(filter)) {
    query.innerJoin(rooms, and(eq(rooms.id, classes.roomId), eq(rooms.companyId, companyId)));
  }
  return query
    .where(
      and(
        eq(students.companyId, companyId),
        eq(students.familyId, familyAccounts.id),
        eq(classes.yearTermId, currentTermOf(companyId)),
      ),
    )
    .as('term_registrations');
}
export type TermRegistrations = ReturnType<typeof termRegistrations>;

/** Joins a family's term registrations to it (one row per family, always). */
export const withTerm = sql`true`;

/** A family's three flags in the current term, from termRegistrations or termStatuses. */
export type TermFlags = { any: unknown; counting: unknown; matching: unknown };

/** The status of a family joined to its `term`. */
export function statusOf(term: TermFlags) {
  return sql<AccountStatus>`case when ${term.counting} then 'active' when ${term.any} then 'inactive' else 'incomplete' end`;
}

/** The families of one status, as a condition on a family joined to its `term`. */
export function statusIs(term: TermFlags, status: AccountStatus): SQL {
  switch (status) {
    case 'active':
      return sql`${term.counting} is true`;
    case 'inactive':
      return sql`(${term.any} and not ${term.counting})`;
    case 'incomplete':
      return sql`not ${term.any}`;
  }
}

/** A family with a counting registration in a class that matches the active-filter. */
export const matchesFilter = (term: TermFlags): SQL => sql`${term.matching} is true`;

/**
 * Every family of the studio that has a registration in the current term, with the same three flags
 * as termRegistrations, in one grouped pass (join it to family_accounts with
 * `.leftJoin(statuses, eq(statuses.familyId, familyAccounts.id))` and read it through `flagsOf`). The
 * studio's students, registrations and classes are each read once and hash-joined, where a LATERAL per
 * family would probe the indexes once per family: counting a studio of 900 families this way costs
 * about a third.
 */
export function termStatuses(db: Db, companyId: string, filter: AccountFilter = {}) {
  const inTerm = sql`${classes.id} is not null`;
  const query = db
    .select({
      familyId: students.familyId,
      any: sql<boolean>`bool_or(${inTerm})`.as('status_any'),
      counting: sql<boolean>`coalesce(bool_or(${inTerm} and ${registrationCounts}), false)`.as(
        'status_counting',
      ),
      matching:
        sql<boolean>`coalesce(bool_or(${inTerm} and ${registrationCounts} and ${classMatches(filter)}), false)`.as(
          'status_matching',
        ),
    })
    .from(students)
    .innerJoin(
      classRegistrations,
      and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.studentId, students.id)),
    )
    // A left join with the term in its condition: the planner hashes the term's classes and streams
    // the registrations past them (an inner join here leads it to probe per registration).
    .leftJoin(
      classes,
      and(
        eq(classes.id, classRegistrations.classId),
        eq(classes.companyId, companyId),
        eq(classes.yearTermId, currentTermOf(companyId)),
      ),
    )
    .$dynamic();
  if (needsRooms(filter)) {
    query.leftJoin(rooms, and(eq(rooms.id, classes.roomId), eq(rooms.companyId, companyId)));
  }
  return query.where(eq(students.companyId, companyId)).groupBy(students.familyId).as('term_statuses');
}
export type TermStatuses = ReturnType<typeof termStatuses>;

/** The flags of a family left-joined to termStatuses: a family without a row there has none set. */
export const flagsOf = (statuses: TermStatuses): TermFlags => ({
  any: sql`coalesce(${statuses.any}, false)`,
  counting: sql`coalesce(${statuses.counting}, false)`,
  matching: sql`coalesce(${statuses.matching}, false)`,
});
