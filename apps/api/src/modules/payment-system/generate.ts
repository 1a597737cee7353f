import { defaultPaymentSystem } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { paymentPlanOptions, paymentPlans } from '../../db/schema/tuition';

/**
 * Writes a new year term's payment system (Monthly, Half year, Full year) from its dates. Two
 * statements whatever the number of options; run it in the transaction that creates the term.
 */
export async function generatePaymentSystem(
  db: Db,
  term: { companyId: string; yearTermId: string; dateStart: string; dateEnd: string },
): Promise<void> {
  const templates = defaultPaymentSystem(term.dateStart, term.dateEnd);
  const plans = await db
    .insert(paymentPlans)
    .values(
      templates.map((p, i) => ({
        companyId: term.companyId,
        yearTermId: term.yearTermId,
        name: p.name,
        isDefault: p.isDefault,
        nPays: p.nPays,
        discount: p.discount,
        sortOrder: i,
      })),
    )
    .returning({ id: paymentPlans.id, sortOrder: paymentPlans.sortOrder });
  const planIdAt = new Map(plans.map((p) => [p.sortOrder, p.id]));
  await db.insert(paymentPlanOptions).values(
    templates.flatMap((p, i) =>
      p.options.map((o, j) => ({
        companyId: term.companyId,
        planId: planIdAt.get(i)!,
        name: o.name,
        dateStart: o.dateStart,
        dateEnd: o.dateEnd,
        dayPaymentDue: o.dayPaymentDue,
        sortOrder: j,
      })),
    ),
  );
}
