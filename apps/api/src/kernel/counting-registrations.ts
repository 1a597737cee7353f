import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classRegistrations } from '../db/schema/schedule';

/**
 * A class registration that counts (decision 014): not dropped, not removed (iStatus above 0) and not
 * rejected by the owner (status -1). It is the one rule behind a class's nReg, a family's active
 * status, who dances a new dance number and the count a dance-number delete is checked against, so the
 * schedule, the account list and the class screens never disagree about who is in a class. The
 * database restates it once, as `registration_counts` (migration 0048), for a class's kept places
 * (decision 121), which the builder's week and a room's schedule read as its nReg.
 */
export const registrationCounts: SQL = sql`(${classRegistrations.isDropped} = false and ${classRegistrations.iStatus} > 0 and ${classRegistrations.status} <> -1)`;

/**
 * A class's registrations: `counting`, the students the schedule shows as its nReg (what the owner
 * sees, so what a change they confirmed is checked against); `all`, every row, dropped and rejected
 * ones included (their history carries money: what keeps a class in its year term, and what its
 * delete removes).
 */
export async function countClassRegistrations(
  db: Db,
  companyId: string,
  classId: string,
  which: 'counting' | 'all',
) {
  const [row] = await db
    .select({ n: count() })
    .from(classRegistrations)
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(classRegistrations.classId, classId),
        which === 'counting' ? registrationCounts : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Far above any class's size, low enough that one answer stays small. */
const CLASS_REGISTRATIONS_BOUND = 1000;

/** The ids of a class's registrations that count: the students who dance its dance numbers. */
export async function countingRegistrationIds(db: Db, companyId: string, classId: string) {
  const rows = await db
    .select({ id: classRegistrations.id })
    .from(classRegistrations)
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        eq(classRegistrations.classId, classId),
        registrationCounts,
      ),
    )
    .limit(CLASS_REGISTRATIONS_BOUND);
  return rows.map((r) => r.id);
}
