import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { processorPayoutItems } from '../../db/schema/books';

/**
 * The processor's actual fees of some transfers (decision 076), from the payouts' items: a transfer in a
 * payout answers its fee (cents, of every item of that transfer); a transfer not paid out yet is not in
 * the map, and the caller estimates it. One query.
 */
export async function transferFees(
  db: Db,
  companyId: string,
  transferIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(transferIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ transferId: processorPayoutItems.transferId, fee: processorPayoutItems.fee })
    .from(processorPayoutItems)
    .where(and(eq(processorPayoutItems.companyId, companyId), inArray(processorPayoutItems.transferId, ids)));
  const fees = new Map<string, number>();
  for (const r of rows) fees.set(r.transferId, (fees.get(r.transferId) ?? 0) + r.fee);
  return fees;
}
