import { type DueStanding, isDueItemPaid } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IdRef } from '../../db/rows';
import { dueItemsPaid } from './paid';

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

/**
 * Charged, standing and open per due item of a family's term, in one statement (a read, for a batch):
 * the due items' figures of `paid.ts`, the one reading of what is paid.
 */
export function dueItemStandingRead(db: Db, companyId: string, familyTerm: IdRef) {
  const ofTerm = typeof familyTerm === 'string' ? sql`${familyTerm}` : sql`(${familyTerm})`;
  return db
    .select({
      dueKey: sql<string>`f.due_key`,
      charged: sql<number>`f.charged`,
      standing: sql<number>`f.standing`,
      open: sql<number>`f.open`,
    })
    .from(sql`(${dueItemsPaid(sql`c.company_id = ${companyId} and c.family_term_id = ${ofTerm}`)}) f`);
}

/** dueItemStandingRead's rows by due item key. */
export function standingOf(rows: Awaited<ReturnType<typeof dueItemStandingRead>>): Map<string, DueStanding> {
  return new Map(rows.map((r) => [r.dueKey, { charged: r.charged, standing: r.standing, open: r.open }]));
}

/** The rules over those figures are the domain's (`packages/domain/src/ledger/paid.ts`). */
export type { DueStanding };
export const isPaid = isDueItemPaid;
