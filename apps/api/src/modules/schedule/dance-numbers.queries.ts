import type { ActivityFlags } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { genres } from '../../db/schema/catalog';
import { costumeReferences } from '../../db/schema/costumes';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { type AuditEntry, auditInsertFrom } from '../../lib/audit';
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

/**
 * Some flags of an activity row of the studio set, and `log` written once if they were (never for another
 * studio's or an unknown row), in one statement (decision 099). Answers whether they were.
 */
export async function setActivityFlagsLogged(
  db: Db,
  companyId: string,
  id: string,
  flags: ActivityFlags,
  log: AuditEntry,
): Promise<boolean> {
  const update = db
    .update(danceNumberActivity)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(and(eq(danceNumberActivity.companyId, companyId), eq(danceNumberActivity.id, id)))
    .returning({ id: danceNumberActivity.id });
  const [row] = await rowsOf<{ updated: number }>(
    db,
    sql`with updated as (${update.getSQL()}), logged as (${auditInsertFrom(log, 'updated')})
      select count(*)::int as updated from updated`,
  );
  return (row?.updated ?? 0) > 0;
}

/**
 * A year term's dance numbers with their class, genre, active dancers and costume styles, in the week's order (day,
 * start, class, number): one statement, the dancers counted by a lateral subquery on the activity's
 * number index.
 */
export async function listTermDanceNumbers(db: Db, companyId: string, yearTermId: string) {
  const rows = await db.execute(sql`
    select n.id, n.name, g.name as genre, n.costume, c.id as "classId", c.name as "className", c.day,
      to_char(c.time_start, 'HH24:MI') as "timeStart", d.dancers,
      (select count(*)::int from ${costumeReferences} cr where cr.dance_number_id = n.id) as styles
    from ${danceNumbers} n
    join ${classes} c on c.id = n.class_id
    join ${genres} g on g.id = n.genre_id
    cross join lateral (
      select count(*)::int as dancers
      from ${danceNumberActivity} a
      join ${classRegistrations} r on r.id = a.class_registration_id
      where a.dance_number_id = n.id and a.active and r.active and r.i_status >= 0
    ) d
    where n.company_id = ${companyId} and c.company_id = ${companyId} and c.year_term_id = ${yearTermId}
    order by c.day, c.time_start, c.name, c.id, n.name, n.id`);
  return (rows as unknown as { rows: TermDanceNumberRow[] }).rows;
}
export type TermDanceNumberRow = {
  id: string;
  name: string;
  genre: string;
  costume: boolean;
  classId: string;
  className: string;
  day: number;
  timeStart: string;
  dancers: number;
  styles: number;
};
