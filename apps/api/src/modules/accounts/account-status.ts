import type { AccountFilter, AccountStatus } from '@pirouette/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { yearTerms } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
import { rooms } from '../../db/schema/locations';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { registrationCounts } from '../../kernel/counting-registrations';

/**
 * A family's status, in one place (001 §4). In the studio's current term, a family is active when one
 * of its students has a registration that counts (not dropped, not removed, not rejected: as a class
 * counts its nReg), inactive when it has registrations in the term but none counts, and incomplete when
 * it has none — every family is incomplete while the studio has no current term.
 *
 * The database keeps it: `family_accounts.term_status`, set by triggers in the same transaction as any
 * write to the registrations, students, classes or terms it is read from (migration 0019, decision
 * 036), so a page or the tabs' counts read it from the family's row and never recount the studio's
 * registrations. The rule itself is written once, in that migration's `pirouette_refresh_term_status`
 * (`term-status.test.ts` holds it to an independent oracle under random writes).
 */

/** The families of one status. */
export const statusIs = (status: AccountStatus): SQL => eq(familyAccounts.termStatus, status);

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
 * A family with a counting registration, in a class of the current term, that matches the
 * active-filter: a condition on family_accounts, walked per family by index (students_family_idx,
 * class_registrations_student_idx, primary keys).
 */
export function matchesFilter(companyId: string, filter: AccountFilter): SQL {
  const roomJoin = filter.locID
    ? sql`join ${rooms} on ${rooms.id} = ${classes.roomId} and ${rooms.companyId} = ${companyId}`
    : sql``;
  return sql`exists (
    select 1 from ${students}
    join ${classRegistrations} on ${classRegistrations.companyId} = ${companyId}
      and ${classRegistrations.studentId} = ${students.id}
    join ${classes} on ${classes.id} = ${classRegistrations.classId} and ${classes.companyId} = ${companyId}
    join ${yearTerms} on ${yearTerms.id} = ${classes.yearTermId} and ${yearTerms.companyId} = ${companyId}
      and ${yearTerms.isCurrent}
    ${roomJoin}
    where ${students.companyId} = ${companyId} and ${students.familyId} = ${familyAccounts.id}
      and ${registrationCounts} and ${classMatches(filter)}
  )`;
}
