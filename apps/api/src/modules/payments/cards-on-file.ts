import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/payments';

/**
 * Which cards are on file (issue 35 item 6, decision 057): for moving out, each family's live card by
 * brand, last four and expiry, and nothing else. The number never was here (the processor holds it);
 * neither the processor's instrument id nor the fingerprint leaves. One statement, scoped by the studio.
 */
export function cardsOnFile(db: Db, scope: { companyId: string; familyId?: string }) {
  return db
    .select({
      familyId: paymentCards.familyId,
      brand: paymentCards.brand,
      last4: paymentCards.last4,
      expMonth: paymentCards.expMonth,
      expYear: paymentCards.expYear,
      name: paymentCards.name,
      addedBy: paymentCards.addedByName,
    })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, scope.companyId),
        scope.familyId ? eq(paymentCards.familyId, scope.familyId) : undefined,
        isNull(paymentCards.removedAt),
      ),
    )
    .orderBy(asc(paymentCards.addedAt));
}
export type CardOnFileRow = Awaited<ReturnType<typeof cardsOnFile>>[number];
