import type { Db } from '../../apps/api/src/db/client';
import {
  findFamilyTerm,
  insertFamilyTerm,
  loadPricingRules,
  reviseFamily,
} from '../../apps/api/src/modules/class-registration';

/**
 * Payment plans for some families of a studio (the seed writes registrations only), chosen and revised
 * by the server's own code as a first registration would (bench/registration.ts does the same for the
 * featured family): a drop and its restore, the evening's registration writes, need a family in a plan.
 * A family with a plan already is left as it is.
 */
export async function plansFor(
  db: Db,
  studio: { companyId: string; yearTermId: string; dateStart: string },
  families: { familyId: string; userId: string }[],
): Promise<void> {
  const { companyId, yearTermId } = studio;
  const rules = await loadPricingRules(db, companyId, yearTermId);
  const plan = rules.paySys.find((p) => p.name === 'Half year') ?? rules.paySys.find((p) => p.isDefault);
  if (!plan) return;
  for (const { familyId, userId } of families) {
    if (await findFamilyTerm(db, companyId, familyId, yearTermId)) continue;
    await db.transaction(async (tx) => {
      await insertFamilyTerm(tx, { companyId, familyId, yearTermId, planId: plan.id, chosenBy: userId });
      await reviseFamily(tx, {
        companyId,
        familyId,
        yearTermId,
        effectiveDate: studio.dateStart,
        reason: 'Registered',
        actor: { userId, companyId },
        rules,
      });
    });
  }
}
