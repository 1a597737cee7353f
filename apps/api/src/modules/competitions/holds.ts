import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import { privateLessons } from '../../db/schema/privates';
import { danceNumbers } from '../../db/schema/schedule';

/**
 * Whether dancers are registered for a competition with these dance numbers (one, or every number of a
 * class) or this private lesson. Deleting them would take the registration lines with it (the foreign
 * keys cascade) while the fees stay on the families' books, so the schedule's and the privates' deletes
 * refuse instead (decision 032).
 *
 * The numbers' (or the lesson's) rows are locked first (`FOR UPDATE`): a registration under way holds
 * them `FOR KEY SHARE` through its foreign key, so the check waits for it and then sees its lines, and a
 * registration starting later waits for the delete and then finds the number gone.
 */
export async function competitionsHold(
  tx: Db,
  companyId: string,
  which: { danceNumberId: string } | { classId: string } | { privateId: string },
): Promise<boolean> {
  let lock: SQL;
  let held: SQL;
  if ('privateId' in which) {
    lock = sql`select 1 from ${privateLessons} where company_id = ${companyId} and id = ${which.privateId} for update`;
    held = sql`r.private_id = ${which.privateId}`;
  } else {
    const numbers =
      'danceNumberId' in which
        ? sql`${danceNumbers.id} = ${which.danceNumberId}`
        : sql`${danceNumbers.classId} = ${which.classId}`;
    lock = sql`select 1 from ${danceNumbers} where ${danceNumbers.companyId} = ${companyId} and ${numbers} for update`;
    held = sql`r.dance_number_id in (select ${danceNumbers.id} from ${danceNumbers}
      where ${danceNumbers.companyId} = ${companyId} and ${numbers})`;
  }
  await tx.execute(lock);
  const rows = await tx.execute(sql`select exists (
      select 1 from ${competitionRegistrations} r where r.company_id = ${companyId} and ${held}
    ) as held`);
  return (rows as unknown as { rows: { held: boolean }[] }).rows[0]?.held === true;
}
