import type { ActivityFlags } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import type { DanceNumberWrite } from './classes.queries';

export async function findDanceNumber(db: Db, companyId: string, classId: string, id: string) {
  const [row] = await db
    .select({ id: danceNumbers.id, genreId: danceNumbers.genreId })
    .from(danceNumbers)
    .where(
      and(eq(danceNumbers.companyId, companyId), eq(danceNumbers.classId, classId), eq(danceNumbers.id, id)),
    )
    .limit(1);
  return row ?? null;
}

export async function updateDanceNumber(
  db: Db,
  companyId: string,
  classId: string,
  id: string,
  values: DanceNumberWrite,
) {
  await db
    .update(danceNumbers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(danceNumbers.companyId, companyId), eq(danceNumbers.classId, classId), eq(danceNumbers.id, id)),
    );
}

/** Deletes a dance number; its activity rows follow by cascade. */
export async function deleteDanceNumber(db: Db, companyId: string, classId: string, id: string) {
  await db
    .delete(danceNumbers)
    .where(
      and(eq(danceNumbers.companyId, companyId), eq(danceNumbers.classId, classId), eq(danceNumbers.id, id)),
    );
}

/** An activity row (every flag on) for each registration, in one statement. */
export async function insertActivity(
  db: Db,
  companyId: string,
  danceNumberId: string,
  registrationIds: string[],
) {
  if (registrationIds.length === 0) return;
  await db
    .insert(danceNumberActivity)
    .values(
      registrationIds.map((classRegistrationId) => ({ companyId, danceNumberId, classRegistrationId })),
    );
}

/** Sets some flags of an activity row of the studio; null when there is none. */
export async function setActivityFlags(db: Db, companyId: string, id: string, flags: ActivityFlags) {
  const [row] = await db
    .update(danceNumberActivity)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(and(eq(danceNumberActivity.companyId, companyId), eq(danceNumberActivity.id, id)))
    .returning({ id: danceNumberActivity.id, danceNumberId: danceNumberActivity.danceNumberId });
  return row ?? null;
}
