import { and, eq } from 'drizzle-orm';
import {
  findFamilyTerm,
  insertFamilyTerm,
  loadPricingRules,
  markDropped,
  reviseFamily,
} from '../modules/class-registration';
import { insertClassRegistration } from '../modules/schedule';
import type { Db } from './client';
import { familyAccounts, students } from './schema/families';
import { classes, classRegistrations } from './schema/schedule';
import { classTuitions } from './schema/tuition';

type Term = { id: string; dateStart: string; dateEnd: string };

/** Each demo family's plan, by family name: the three plans a studio offers, in use. */
const PLANS: Record<string, string> = {
  Patel: 'Monthly',
  Hartley: 'Half year',
  Nguyen: 'Full year',
  Russo: 'Monthly',
  Okafor: 'Monthly',
  Kim: 'Half year',
  Brennan: 'Monthly',
};

/**
 * The demo families' plans, priced by the rules the product charges with (issue 15): each registered
 * family chooses its plan at the season's start and gets revision 1 with the registration fee; the
 * Okafors drop Acro 1 from October 15th (revision 2, with the adjustment that explains it); the
 * Brennans' request for Ballet 1 waits for the owner's approval.
 */
export async function seedDemoPlans(db: Db, studio: { companyId: string; term: Term; ownerId: string }) {
  const { companyId, term } = studio;
  const actor = { userId: studio.ownerId, companyId };
  const rules = await loadPricingRules(db, companyId, term.id);
  const planId = (name: string) => rules.paySys.find((p) => p.name === name)!.id;
  const families = await db.select().from(familyAccounts).where(eq(familyAccounts.companyId, companyId));
  const familyOf = (name: string) => families.find((f) => f.lastName === name)!;

  for (const [name, plan] of Object.entries(PLANS)) {
    const family = familyOf(name);
    if (!(await findFamilyTerm(db, companyId, family.id, term.id))) {
      await insertFamilyTerm(db, {
        companyId,
        familyId: family.id,
        yearTermId: term.id,
        planId: planId(plan),
        chosenBy: studio.ownerId,
      });
    }
    if (name === 'Brennan') continue;
    await reviseFamily(db, {
      companyId,
      familyId: family.id,
      yearTermId: term.id,
      effectiveDate: term.dateStart,
      reason: 'Registration for the season',
      actor,
      rules,
    });
  }

  const year = term.dateStart.slice(0, 4);
  const [contemporary] = await db
    .select({ id: classRegistrations.id })
    .from(classRegistrations)
    .innerJoin(classes, eq(classes.id, classRegistrations.classId))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(and(eq(classes.name, 'Contemporary 2'), eq(students.familyId, familyOf('Okafor').id)));
  if (contemporary) {
    await markDropped(db, companyId, contemporary.id, `${year}-10-15`);
    await reviseFamily(db, {
      companyId,
      familyId: familyOf('Okafor').id,
      yearTermId: term.id,
      effectiveDate: `${year}-10-15`,
      reason: 'Contemporary 2 (Zara) dropped',
      actor,
      rules,
    });
  }

  const [nora] = await db
    .select()
    .from(students)
    .where(eq(students.familyId, familyOf('Brennan').id));
  const [ballet] = await db
    .select({ id: classes.id, price: classTuitions.price })
    .from(classes)
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(
      and(eq(classes.companyId, companyId), eq(classes.yearTermId, term.id), eq(classes.name, 'Ballet 1')),
    );
  if (nora && ballet) {
    await insertClassRegistration(db, {
      companyId,
      classId: ballet.id,
      studentId: nora.id,
      pr0: ballet.price,
      status: 0,
      dateI: term.dateStart,
      dateF: term.dateEnd,
      createdBy: studio.ownerId,
    });
  }
}
