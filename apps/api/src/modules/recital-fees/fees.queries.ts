import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
import { recitalFeeCharges, recitals } from '../../db/schema/recitals';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { registrationCounts } from '../../kernel/counting-registrations';
import { seasonTerms } from '../recitals';

export type RecitalFeeRecital = typeof recitals.$inferSelect;

/** The studio's recital (not archived or archived alike), locked when asked; null when another studio's. */
export async function findRecital(
  db: Db,
  companyId: string,
  id: string,
  /** true: FOR UPDATE (a change of the settings); 'share': FOR SHARE (a posting run's family). */
  lock: boolean | 'share' = false,
): Promise<(RecitalFeeRecital & { timeZone: string }) | null> {
  const q = db
    .select({ r: recitals, timeZone: companies.timeZone })
    .from(recitals)
    .innerJoin(companies, eq(companies.id, recitals.companyId))
    .where(and(eq(recitals.companyId, companyId), eq(recitals.id, id)))
    .limit(1);
  const [row] =
    lock === 'share'
      ? await q.for('share', { of: recitals })
      : lock
        ? await q.for('update', { of: recitals })
        : await q;
  return row ? { ...row.r, timeZone: row.timeZone } : null;
}

export type PerformingRow = {
  studentId: string;
  familyId: string;
  firstName: string;
  lastName: string;
  family: string;
};

/** Far above a studio's dancers: one answer stays bounded. */
const DANCERS_BOUND = 20_000;

/**
 * The dancers who perform in the recital (one query): any active dance-number activity with the recital
 * switch on, of a registration that counts and is active, in a number of a class of the recital's season
 * (the recital module's `seasonTerms`).
 * `familyId` narrows it to one family (the posting run, under the family's lock).
 */
export async function performingDancers(
  db: Db,
  companyId: string,
  r: { firstDay: string; lastDay: string },
  familyId?: string,
): Promise<PerformingRow[]> {
  // The season as the shows decide it (decision 072): the numbers on the board are the ones charged.
  const termIds = (await seasonTerms(db, companyId, r.firstDay, r.lastDay)).map((t) => t.id);
  if (termIds.length === 0) return [];
  const where: (SQL | undefined)[] = [
    eq(danceNumberActivity.companyId, companyId),
    eq(danceNumberActivity.active, true),
    eq(danceNumberActivity.recital, true),
    eq(classRegistrations.active, true),
    registrationCounts,
    inArray(classes.yearTermId, termIds),
    familyId ? eq(students.familyId, familyId) : undefined,
  ];
  return db
    .selectDistinct({
      studentId: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      family: familyAccounts.lastName,
    })
    .from(danceNumberActivity)
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
    .innerJoin(classes, eq(classes.id, danceNumbers.classId))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
    .where(and(...where))
    .orderBy(asc(familyAccounts.lastName), asc(students.familyId), asc(students.firstName), asc(students.id))
    .limit(DANCERS_BOUND);
}

export type FeeRow = typeof recitalFeeCharges.$inferSelect & {
  family: string;
  firstName: string | null;
  lastName: string | null;
};

/** The recital's fee rows, live and taken off, with the family's and dancer's names (one query). */
export function feeRows(db: Db, companyId: string, recitalId: string, familyId?: string): Promise<FeeRow[]> {
  return db
    .select({
      id: recitalFeeCharges.id,
      companyId: recitalFeeCharges.companyId,
      recitalId: recitalFeeCharges.recitalId,
      familyId: recitalFeeCharges.familyId,
      studentId: recitalFeeCharges.studentId,
      amount: recitalFeeCharges.amount,
      ledgerChargeId: recitalFeeCharges.ledgerChargeId,
      postedAt: recitalFeeCharges.postedAt,
      removedAt: recitalFeeCharges.removedAt,
      family: familyAccounts.lastName,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(recitalFeeCharges)
    .innerJoin(familyAccounts, eq(familyAccounts.id, recitalFeeCharges.familyId))
    .leftJoin(students, eq(students.id, recitalFeeCharges.studentId))
    .where(
      and(
        eq(recitalFeeCharges.companyId, companyId),
        eq(recitalFeeCharges.recitalId, recitalId),
        familyId ? eq(recitalFeeCharges.familyId, familyId) : undefined,
      ),
    )
    .orderBy(asc(recitalFeeCharges.postedAt), asc(recitalFeeCharges.id))
    .limit(DANCERS_BOUND);
}

/** Whether a fee of the recital is on a bill (the amount and per are then kept). */
export async function hasLiveFees(db: Db, companyId: string, recitalId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(recitalFeeCharges)
    .where(
      and(
        eq(recitalFeeCharges.companyId, companyId),
        eq(recitalFeeCharges.recitalId, recitalId),
        isNull(recitalFeeCharges.removedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
