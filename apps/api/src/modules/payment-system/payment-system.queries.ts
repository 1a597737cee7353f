import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type IdRef, idIs } from '../../db/rows';
import { paymentPlanOptions, paymentPlans } from '../../db/schema/tuition';

export type PlanRow = typeof paymentPlans.$inferSelect;
export type OptionRow = typeof paymentPlanOptions.$inferSelect;

export function listPlans(db: Db, companyId: string, yearTermId: IdRef) {
  return db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.companyId, companyId), idIs(paymentPlans.yearTermId, yearTermId)))
    .orderBy(asc(paymentPlans.sortOrder), asc(paymentPlans.id))
    .limit(50);
}

/** The options of some plans, in one query. */
export function listOptions(db: Db, companyId: string, planIds: string[]): Promise<OptionRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentPlanOptions)
    .where(and(eq(paymentPlanOptions.companyId, companyId), inArray(paymentPlanOptions.planId, planIds)))
    .orderBy(asc(paymentPlanOptions.planId), asc(paymentPlanOptions.sortOrder), asc(paymentPlanOptions.id))
    .limit(500);
}

/** The options of a term's plans (as listPlans lists them), in one query that needs no plan ids. */
export function listTermOptions(db: Db, companyId: string, yearTermId: IdRef) {
  const plans = db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.companyId, companyId), idIs(paymentPlans.yearTermId, yearTermId)));
  return db
    .select()
    .from(paymentPlanOptions)
    .where(and(eq(paymentPlanOptions.companyId, companyId), inArray(paymentPlanOptions.planId, plans)))
    .orderBy(asc(paymentPlanOptions.planId), asc(paymentPlanOptions.sortOrder), asc(paymentPlanOptions.id))
    .limit(500);
}

export async function findPlan(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.companyId, companyId), eq(paymentPlans.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findOption(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentPlanOptions)
    .where(and(eq(paymentPlanOptions.companyId, companyId), eq(paymentPlanOptions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function setPlanDiscount(db: Db, companyId: string, id: string, discount: number) {
  await db
    .update(paymentPlans)
    .set({ discount, updatedAt: sql`now()` })
    .where(and(eq(paymentPlans.companyId, companyId), eq(paymentPlans.id, id)));
}

export async function setOptionDueDay(db: Db, companyId: string, id: string, dayPaymentDue: number) {
  await db
    .update(paymentPlanOptions)
    .set({ dayPaymentDue })
    .where(and(eq(paymentPlanOptions.companyId, companyId), eq(paymentPlanOptions.id, id)));
}

/** Removes a term's payment system; its options go with the plans (ON DELETE CASCADE). */
export async function deletePlansOfTerm(db: Db, companyId: string, yearTermId: string) {
  await db
    .delete(paymentPlans)
    .where(and(eq(paymentPlans.companyId, companyId), eq(paymentPlans.yearTermId, yearTermId)));
}

/** `case id when … then … end`: many rows get their own value in one statement. */
function caseById(
  idColumn: typeof paymentPlans.id | typeof paymentPlanOptions.id,
  pairs: [string, SQL][],
  otherwise: SQL,
): SQL {
  const whens = sql.join(
    pairs.map(([id, value]) => sql`when ${idColumn} = ${id} then ${value}`),
    sql` `,
  );
  return sql`case ${whens} else ${otherwise} end`;
}

export async function setPlanDiscounts(db: Db, companyId: string, discounts: Map<string, number>) {
  if (discounts.size === 0) return;
  const pairs = [...discounts].map(([id, d]): [string, SQL] => [id, sql`${d}::numeric`]);
  await db
    .update(paymentPlans)
    .set({ discount: caseById(paymentPlans.id, pairs, sql`${paymentPlans.discount}`) })
    .where(and(eq(paymentPlans.companyId, companyId), inArray(paymentPlans.id, [...discounts.keys()])));
}

export async function setOptionDueDays(db: Db, companyId: string, dueDays: Map<string, number>) {
  if (dueDays.size === 0) return;
  const pairs = [...dueDays].map(([id, day]): [string, SQL] => [id, sql`${day}::integer`]);
  await db
    .update(paymentPlanOptions)
    .set({ dayPaymentDue: caseById(paymentPlanOptions.id, pairs, sql`${paymentPlanOptions.dayPaymentDue}`) })
    .where(
      and(eq(paymentPlanOptions.companyId, companyId), inArray(paymentPlanOptions.id, [...dueDays.keys()])),
    );
}
