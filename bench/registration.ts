import { and, eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';
import { yearTerms } from '../apps/api/src/db/schema/companies';
import { memberships } from '../apps/api/src/db/schema/memberships';
import { users } from '../apps/api/src/db/schema/users';
import { LARGE_SIGN_INS } from '../apps/api/src/db/seed-large';
import {
  findFamilyTerm,
  insertFamilyTerm,
  loadPricingRules,
  reviseFamily,
} from '../apps/api/src/modules/class-registration';

/**
 * The featured family's payment plan for the term (the large seed writes its registrations only), so
 * that the schedule builder and the family's tuition the bench loads read a plan with its prices and
 * payments, as they do for every family that registered. Chosen and revised by the server's own code,
 * as its first registration would: the half-year plan, from the term's start. Does nothing when the
 * family has a plan already.
 */
export async function planForFeaturedFamily(db: Db): Promise<void> {
  const [parent] = await db
    .select({ userId: users.id, familyId: memberships.familyId, companyId: memberships.companyId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, LARGE_SIGN_INS.parent.email))
    .limit(1);
  if (!parent?.familyId) throw new Error('The large studio has no featured family.');
  const { companyId, familyId } = parent;
  const [term] = await db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)))
    .limit(1);
  if (!term) throw new Error('The large studio has no current term.');
  const yearTermId = term.id;
  if (await findFamilyTerm(db, companyId, familyId, yearTermId)) return;
  const rules = await loadPricingRules(db, companyId, yearTermId);
  const plan = rules.paySys.find((p) => p.name === 'Half year') ?? rules.paySys.find((p) => p.isDefault)!;
  await db.transaction(async (tx) => {
    await insertFamilyTerm(tx, { companyId, familyId, yearTermId, planId: plan.id, chosenBy: parent.userId });
    await reviseFamily(tx, {
      companyId,
      familyId,
      yearTermId,
      effectiveDate: term.dateStart,
      reason: 'Registered',
      actor: { userId: parent.userId, companyId },
      rules,
    });
  });
}
