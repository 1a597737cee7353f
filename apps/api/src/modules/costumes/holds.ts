import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { costumeAssignments, costumeOrderLines, costumeReferences } from '../../db/schema/costumes';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { standsUnderKey } from '../ledger';

/**
 * Whether costumes hold dance numbers in place (a number, or every number of a class): a costume still
 * on a dancer, one in an order, or one whose deposit stays on the family's bill. Deleting the number
 * would take those records with it (the foreign keys cascade) while the money stays, so the schedule's
 * deletes refuse instead (decision 029, point 7).
 *
 * The numbers' costume references are locked first (`FOR UPDATE`): an assignment under way holds its
 * reference `FOR SHARE`, so the check waits for it and then sees it, and one starting later waits for
 * the delete and then finds its style off the number.
 */
export async function costumesHoldNumbers(
  tx: Db,
  companyId: string,
  which: { danceNumberId: string } | { classId: string },
): Promise<boolean> {
  const numbers: SQL =
    'danceNumberId' in which
      ? sql`select ${which.danceNumberId}::uuid`
      : sql`select ${danceNumbers.id} from ${danceNumbers}
          where ${danceNumbers.companyId} = ${companyId} and ${danceNumbers.classId} = ${which.classId}`;
  await tx.execute(sql`select 1 from ${costumeReferences}
    where ${costumeReferences.companyId} = ${companyId} and ${costumeReferences.danceNumberId} in (${numbers})
    for update`);
  const rows = await tx.execute(sql`select exists (
      select 1 from ${costumeAssignments} a
      join ${danceNumberActivity} d on d.id = a.activity_id
      where a.company_id = ${companyId} and d.dance_number_id in (${numbers})
        and (a.removed_at is null
          or exists (select 1 from ${costumeOrderLines} l where l.assignment_id = a.id)
          or ${standsUnderKey(companyId, sql`'costume-deposit:' || a.id`)})
    ) as held`);
  return (rows as unknown as { rows: { held: boolean }[] }).rows[0]?.held === true;
}
