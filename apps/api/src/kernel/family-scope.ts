import { type Actor, can, messages } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { preparedBatch } from '../db/batch';
import type { Db } from '../db/client';
import { familyAccounts, familyPeople } from '../db/schema/families';
import { AppError, forbidden } from '../http/errors';

/** The parent's own family: the session names it, never the request (403 for anyone but a parent). */
export function ownFamily(actor: Actor): string {
  if (!can(actor, 'parent:portal')) throw forbidden();
  if (!actor.familyAccountId) throw new AppError('not_found', messages.accountNotFound);
  return actor.familyAccountId;
}

/**
 * A family of the session's studio, or 404 ('This account could not be found.'): another studio's
 * family and an unknown id answer alike. `lock` takes the family's row for the rest of the transaction,
 * so concurrent changes to one family (its last user, its name) run one after the other: NO KEY UPDATE,
 * as every writer of a family takes it (decision 126), so rows inserted naming the family do not wait;
 * `'to delete'` takes FOR UPDATE, so that they do wait, and then find the family gone.
 */
export async function findFamily(
  db: Db,
  companyId: string,
  familyId: string,
  opts: { lock?: boolean | 'to delete' } = {},
) {
  const [family] = opts.lock
    ? await familyRead(db, companyId, familyId).for(opts.lock === 'to delete' ? 'update' : 'no key update')
    : (await familyOnce(db, { companyId, familyId })).family;
  if (!family) throw new AppError('not_found', messages.accountNotFound);
  return family;
}

const familyRead = (db: Db, companyId: string, familyId: string) =>
  db
    .select()
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)));

/** findFamily's read without the lock, built once (decision 124): a family's pages ask it on every call. */
const familyOnce = preparedBatch(['companyId', 'familyId'], (db, p) => ({
  family: familyRead(db, p.companyId, p.familyId),
}));

/** The family's name on lists follows its first user's last name (decision 014). */
export async function refreshFamilyName(
  db: Db,
  { companyId, familyId }: { companyId: string; familyId: string },
): Promise<void> {
  await db
    .update(familyAccounts)
    .set({
      lastName: sql`coalesce((
        select ${familyPeople.lastName} from ${familyPeople}
        where ${familyPeople.companyId} = ${companyId} and ${familyPeople.familyId} = ${familyId}
          and ${familyPeople.kind} = 'user'
        order by ${familyPeople.createdAt}, ${familyPeople.id} limit 1
      ), ${familyAccounts.lastName})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)));
}
