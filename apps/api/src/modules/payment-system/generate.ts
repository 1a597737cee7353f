import { randomUUID } from 'node:crypto';
import { defaultPaymentSystem } from '@pirouette/domain';
import { insertJson } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { paymentPlanOptions, paymentPlans } from '../../db/schema/tuition';

type Term = { companyId: string; yearTermId: string; dateStart: string; dateEnd: string };

/**
 * Writes a new year term's payment system (Monthly, Half year, Full year) from its dates. Two
 * statements whatever the number of options; run it in the transaction that creates the term.
 */
export async function generatePaymentSystem(db: Db, term: Term): Promise<void> {
  await generatePaymentSystems(db, [term]);
}

/**
 * The payment systems of many new year terms at once (the large seed's thousands of studios): the
 * plans, then their options, as JSON in chunked statements (insertJson); the ids are made here.
 */
export async function generatePaymentSystems(db: Db, terms: Term[]): Promise<void> {
  const plans: (typeof paymentPlans.$inferInsert)[] = [];
  const options: (typeof paymentPlanOptions.$inferInsert)[] = [];
  for (const term of terms) {
    defaultPaymentSystem(term.dateStart, term.dateEnd).forEach((p, i) => {
      const planId = randomUUID();
      plans.push({
        id: planId,
        companyId: term.companyId,
        yearTermId: term.yearTermId,
        name: p.name,
        isDefault: p.isDefault,
        nPays: p.nPays,
        discount: p.discount,
        sortOrder: i,
      });
      p.options.forEach((o, j) => {
        options.push({
          companyId: term.companyId,
          planId,
          name: o.name,
          dateStart: o.dateStart,
          dateEnd: o.dateEnd,
          dayPaymentDue: o.dayPaymentDue,
          sortOrder: j,
        });
      });
    });
  }
  await insertJson(db, paymentPlans, plans);
  await insertJson(db, paymentPlanOptions, options);
}
