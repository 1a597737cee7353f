import { todayInZone } from '@pirouette/domain';
import type { Db } from '../../apps/api/src/db/client';
import {
  findFamilyTerm,
  insertFamilyTerm,
  loadPricingRules,
  reviseFamily,
} from '../../apps/api/src/modules/class-registration';
import { billAfterRevision } from '../../apps/api/src/modules/class-registration/revise';

/**
 * Payment plans for some families of a studio (the seed writes registrations only), chosen and revised
 * by the server's own code as a first registration would (bench/registration.ts does the same for the
 * featured family): a drop and its restore, the evening's registration writes, need a family in a plan.
 * Each is billed up to today at once, as a registration is (billAfterRevision): the server's billing day
 * then finds nothing new to post, so that the reference's copy of a PGlite directory, taken before the
 * server starts, holds the same balances. A family with a plan already is left as it is.
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
      const today = todayInZone(rules.timeZone, new Date());
      await billAfterRevision(tx, { companyId, familyId, today, actor: { userId }, rules });
    });
  }
}
