import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerCharges } from '../../db/schema/ledger';

/**
 * A plan payment's standing in the ledger (001 §3 `isPayed`, derived, never stored): what was charged
 * for its due item and what of that is still open. The due item's key is the one billing posts under
 * (decision 027): `<family term>:plan:<option>`, or `<family term>:adj:<n>` for the n-th adjustment.
 */

/** The due item keys of a revision's payments, in their order. */
export function dueKeysOf(
  familyTermId: string,
  payments: readonly { kind: 'plan' | 'adjustment'; optionId: string; sortOrder: number }[],
): string[] {
  const adjustments = payments
    .filter((p) => p.kind === 'adjustment')
    .sort((a, b) => a.sortOrder - b.sortOrder);
  return payments.map((p) =>
    p.kind === 'plan'
      ? `${familyTermId}:plan:${p.optionId}`
      : `${familyTermId}:adj:${adjustments.indexOf(p) + 1}`,
  );
}

/** Charged and still open per due item of a family's term, in one statement. */
export async function dueItemStanding(
  db: Db,
  companyId: string,
  familyTermId: string,
): Promise<Map<string, { charged: number; open: number }>> {
  const rows = await db
    .select({
      dueKey: sql<string>`${ledgerCharges.dueKey}`,
      charged: sql<number>`coalesce(sum(${ledgerCharges.total}), 0)::int`,
      open: sql<number>`coalesce(sum(case
        when ${ledgerCharges.total} > 0 and not exists (select 1 from ledger_transactions r where r.reverses_id = ${ledgerCharges.txId})
        then ${ledgerCharges.total} - coalesce((select sum(a.amount) from ledger_allocations a where a.charge_tx_id = ${ledgerCharges.txId}), 0)
        else 0 end), 0)::int`,
    })
    .from(ledgerCharges)
    .where(
      and(
        eq(ledgerCharges.companyId, companyId),
        eq(ledgerCharges.familyTermId, familyTermId),
        isNotNull(ledgerCharges.dueKey),
      ),
    )
    .groupBy(ledgerCharges.dueKey);
  return new Map(rows.map((r) => [r.dueKey, { charged: r.charged, open: r.open }]));
}

/** Paid: charged in full and nothing open (an amount of zero or less owes nothing). */
export const isPaid = (val: number, standing: { charged: number; open: number } | undefined) =>
  val <= 0 || (standing !== undefined && standing.charged === val && standing.open === 0);
