import { randomUUID } from 'node:crypto';
import { defaultPaymentSystem } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { paymentPlanOptions, paymentPlans } from '../../db/schema/tuition';

type Term = { companyId: string; yearTermId: string; dateStart: string; dateEnd: string };

/** Rows a statement carries at most: well under PostgreSQL's 65,535 parameters for these tables. */
const CHUNK = 2000;

/**
 * Writes a new year term's payment system (Monthly, Half year, Full year) from its dates. Two
 * statements whatever the number of options; run it in the transaction that creates the term.
 */
export async function generatePaymentSystem(db: Db, term: Term): Promise<void> {
  await generatePaymentSystems(db, [term]);
}

/**
 * The payment systems of many new year terms at once (the large seed's thousands of studios): the
 * plans, then their options, in statements of at most CHUNK rows; the ids are made here.
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
  for (let i = 0; i < plans.length; i += CHUNK)
    await db.insert(paymentPlans).values(plans.slice(i, i + CHUNK));
  for (let i = 0; i < options.length; i += CHUNK) {
    await db.insert(paymentPlanOptions).values(options.slice(i, i + CHUNK));
  }
}
