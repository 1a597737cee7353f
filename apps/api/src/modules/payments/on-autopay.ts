import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autopayConsents } from '../../db/schema/payments';

/**
 * Whether a family is on automatic payments: a consent not withdrawn and not paused. The billing day's
 * bill is not sent to such a family (it had its reminder and gets its receipt): the ledger asks this
 * through billFamily's `notify` (jobs/billing-jobs.ts), so the ledger never reads the payments' tables
 * (decision 044).
 */
export async function onAutopay(tx: Db, companyId: string, familyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ pausedAt: autopayConsents.pausedAt })
    .from(autopayConsents)
    .where(
      and(
        eq(autopayConsents.companyId, companyId),
        eq(autopayConsents.familyId, familyId),
        isNull(autopayConsents.withdrawnAt),
      ),
    );
  return row !== undefined && row.pausedAt === null;
}
