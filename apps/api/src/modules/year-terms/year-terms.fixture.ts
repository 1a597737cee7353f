import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/studios';
import { yearTerms } from '../../db/schema/companies';
import { paymentPlanOptions, paymentPlans } from '../../db/schema/tuition';

/**
 * The year-term tests' helpers. A test file builds its app and studios in beforeAll, after these are
 * made, so both are read at each call.
 */
export function yearTermHelpers(app: () => TestApp, owner: () => Caller) {
  const db = () => app().database.db;

  /** A term's plans and options straight from the database, in order. */
  async function plansOf(yearTermId: string) {
    const plans = await db()
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.yearTermId, yearTermId))
      .orderBy(asc(paymentPlans.sortOrder));
    const options = await db().select().from(paymentPlanOptions).orderBy(asc(paymentPlanOptions.sortOrder));
    return plans.map((p) => ({
      id: p.id,
      name: p.name,
      isDefault: p.isDefault,
      nPays: p.nPays,
      discount: Number(p.discount),
      options: options
        .filter((o) => o.planId === p.id)
        .map((o) => ({
          id: o.id,
          name: o.name,
          dateStart: o.dateStart,
          dateEnd: o.dateEnd,
          due: o.dayPaymentDue,
        })),
    }));
  }

  const newTerm = (payload: unknown, caller: Caller = owner()) =>
    caller('POST', '/api/mystudio/yearTerms/new', payload);
  const termOf = async (id: string) => (await db().select().from(yearTerms).where(eq(yearTerms.id, id)))[0];

  return { db, plansOf, newTerm, termOf };
}
