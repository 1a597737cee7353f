import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type IdRef, idIs } from '../../db/rows';
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

/** Charged and still open per due item of a family's term, in one statement (a read, for a batch). */
export function dueItemStandingRead(db: Db, companyId: string, familyTerm: IdRef) {
  return db
    .select({
      dueKey: sql<string>`${ledgerCharges.dueKey}`,
      charged: sql<number>`coalesce(sum(${ledgerCharges.total}), 0)::int`,
      standing: sql<number>`coalesce(sum(${ledgerCharges.total}) filter (where not exists (select 1 from ledger_transactions r where r.reverses_id = ${ledgerCharges.txId})), 0)::int`,
      open: sql<number>`coalesce(sum(case
        when ${ledgerCharges.total} > 0 and not exists (select 1 from ledger_transactions r where r.reverses_id = ${ledgerCharges.txId})
        then ${ledgerCharges.total} - coalesce((select sum(a.amount) from ledger_allocations a where a.charge_tx_id = ${ledgerCharges.txId}), 0)
        else 0 end), 0)::int`,
    })
    .from(ledgerCharges)
    .where(
      and(
        eq(ledgerCharges.companyId, companyId),
        idIs(ledgerCharges.familyTermId, familyTerm),
        isNotNull(ledgerCharges.dueKey),
      ),
    )
    .groupBy(ledgerCharges.dueKey);
}

/** dueItemStandingRead's rows by due item key. */
export function standingOf(rows: Awaited<ReturnType<typeof dueItemStandingRead>>): Map<string, DueStanding> {
  return new Map(rows.map((r) => [r.dueKey, { charged: r.charged, standing: r.standing, open: r.open }]));
}

/** Charged and still open per due item of a family's term, in one statement. */
export async function dueItemStanding(
  db: Db,
  companyId: string,
  familyTermId: string,
): Promise<Map<string, DueStanding>> {
  return standingOf(await dueItemStandingRead(db, companyId, familyTermId));
}

/**
 * What was charged for a due item (removed charges included), what of it still stands (removed ones
 * left out), and what of that is open.
 */
export type DueStanding = { charged: number; standing: number; open: number };

/**
 * Billed: billing has nothing more to post for it. Its charges add up to the amount, or the owner
 * removed some and what stands is zero above it (a drop after the removal gives nothing more back,
 * decision 027).
 */
export const isBilled = (val: number, s: DueStanding) =>
  s.charged === val || (s.charged > val && s.standing === 0 && s.charged > s.standing);

/** Paid: billed and nothing open (an amount of zero or less owes nothing). */
export const isPaid = (val: number, standing: DueStanding | undefined) =>
  val <= 0 || (standing !== undefined && isBilled(val, standing) && standing.open === 0);
