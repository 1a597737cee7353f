import type { AccountFilter, AccountStatus } from '@pirouette/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
import { rooms } from '../../db/schema/locations';
import { classes, classRegistrations } from '../../db/schema/schedule';

/**
 * A family's status, in one place (001 §4). In the studio's current term, a family is active when one
 * of its students has a registration that counts (not dropped, not removed, not rejected: as a class
 * counts its nReg), inactive when it has registrations in the term but none counts, and incomplete when
 * it has none — every family is incomplete while the studio has no current term.
 */

const counting = sql`(${classRegistrations.isDropped} = false and ${classRegistrations.iStatus} > 0 and ${classRegistrations.status} <> -1)`;

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

/**
 * One family's registrations in the studio's current term, as a LATERAL subquery of family_accounts
 * (join it with `.leftJoinLateral(term, withTerm)`): how many there are, whether one counts, and
 * whether one that counts is in a class matching `filter`. Per family it walks the family's students,
 * their registrations and classes by index (students_family_idx, class_registrations_student_idx,
 * primary keys), so a list costs in proportion to its families whatever the planner's statistics say.
 */
export function termRegistrations(db: Db, companyId: string, filter: AccountFilter = {}) {
  return db
    .select({
      any: sql<boolean>`count(*) > 0`.as('term_any'),
      counting: sql<boolean>`coalesce(bool_or(${counting}), false)`.as('term_counting'),
      matching: sql<boolean>`coalesce(bool_or(${counting} and ${classMatches(filter)}), false)`.as(
        'term_matching',
      ),
    })
    .from(students)
    .innerJoin(
      classRegistrations,
      and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.studentId, students.id)),
    )
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
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

/** The status of a family joined to its `term`. */
export function statusOf(term: TermRegistrations) {
  return sql<AccountStatus>`case when ${term.counting} then 'active' when ${term.any} then 'inactive' else 'incomplete' end`;
}

/** The families of one status, as a condition on a family joined to its `term`. */
export function statusIs(term: TermRegistrations, status: AccountStatus): SQL {
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
export const matchesFilter = (term: TermRegistrations): SQL => sql`${term.matching} is true`;
