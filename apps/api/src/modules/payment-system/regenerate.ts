import type { Db } from '../../db/client';
import { generatePaymentSystem } from './generate';
import {
  deletePlansOfTerm,
  listOptions,
  listPlans,
  setOptionDueDays,
  setPlanDiscounts,
} from './payment-system.queries';

type Term = { companyId: string; yearTermId: string; dateStart: string; dateEnd: string };

/**
 * Rebuilds a term's payment system after its dates changed (docs/decisions/011): the plans and options
 * are generated afresh from the new dates, and what the owner had customised carries over by name —
 * a plan's discount to the plan of the same name, an option's due day to the option of the same name in
 * the plan of the same name ("October 2026" of Monthly, "Second half" of Half year). Whatever has no
 * namesake in the new system starts from the studio terms' default. Run it inside the transaction that
 * changes the term; a fixed number of statements, whatever the number of options.
 */
export async function regeneratePaymentSystem(
  db: Db,
  term: Term,
): Promise<{ keptDiscounts: number; keptDueDays: number }> {
  const { companyId, yearTermId } = term;
  const oldPlans = await listPlans(db, companyId, yearTermId);
  const oldOptions = await listOptions(
    db,
    companyId,
    oldPlans.map((p) => p.id),
  );

  await deletePlansOfTerm(db, companyId, yearTermId);
  await generatePaymentSystem(db, term);

  const newPlans = await listPlans(db, companyId, yearTermId);
  const newOptions = await listOptions(
    db,
    companyId,
    newPlans.map((p) => p.id),
  );

  const oldPlanByName = new Map(oldPlans.map((p) => [p.name, p]));
  const discounts = new Map<string, number>();
  for (const plan of newPlans) {
    const old = oldPlanByName.get(plan.name);
    // The default plan's discount stays 0 whatever it was.
    if (old && !plan.isDefault && Number(old.discount) !== Number(plan.discount)) {
      discounts.set(plan.id, Number(old.discount));
    }
  }

  const key = (planName: string, optionName: string) => `${planName}\u0000${optionName}`;
  const oldPlanName = new Map(oldPlans.map((p) => [p.id, p.name]));
  const newPlanName = new Map(newPlans.map((p) => [p.id, p.name]));
  const oldDueDay = new Map(
    oldOptions.map((o) => [key(oldPlanName.get(o.planId)!, o.name), o.dayPaymentDue]),
  );
  const dueDays = new Map<string, number>();
  for (const option of newOptions) {
    const kept = oldDueDay.get(key(newPlanName.get(option.planId)!, option.name));
    if (kept !== undefined && kept !== option.dayPaymentDue) dueDays.set(option.id, kept);
  }

  await setPlanDiscounts(db, companyId, discounts);
  await setOptionDueDays(db, companyId, dueDays);
  return { keptDiscounts: discounts.size, keptDueDays: dueDays.size };
}
