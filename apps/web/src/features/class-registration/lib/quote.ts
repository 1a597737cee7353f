import {
  dollarsToCents,
  type FamilyQuote,
  inApplicationOrder,
  type PlanClass,
  priceNote,
  type QuoteClass,
  type QuoteInput,
  quoteFamily,
  type RegistrationBuilder,
  type Revision,
  registrationKey,
  reviseFamilyPlan,
  type Weekday,
} from '@pirouette/domain';
import { pairsAfter, type Selection } from './selection';

/**
 * The live figures of the wizard, by the rules the server prices a submission with: the family's
 * monthly tuition over every class it takes after the change (pending ones too), and the plan's
 * payments from today. The server compares what is sent with its own figures, so any difference here
 * is refused with a 409, never charged.
 */

/** The quote's input: all the family's counting registrations, minus drops, plus the new classes. */
export function quoteInputOf(builder: RegistrationBuilder, selection: Selection): QuoteInput {
  const pairs = pairsAfter(builder, selection);
  const byId = new Map(builder.sched.cls.map((c) => [c.id, c]));
  const classes = new Map<string, QuoteClass>();
  for (const { studentId, classId } of pairs) {
    if (classes.has(classId)) continue;
    const cls = byId.get(classId);
    if (cls) {
      classes.set(classId, {
        id: classId,
        name: cls.name,
        day: cls.day as Weekday,
        basePrice: dollarsToCents(cls.cost),
        applyDiscount: cls.applyDiscount,
      });
      continue;
    }
    // A registration whose class the builder no longer lists: priced at what it was registered at.
    const reg = builder.acctInfo.regCls.find((r) => r.stdID === studentId && r.clSchID === classId);
    if (reg) {
      classes.set(classId, {
        id: classId,
        name: reg.name,
        day: reg.day as Weekday,
        basePrice: dollarsToCents(reg.Pr_0),
        applyDiscount: true,
      });
    }
  }
  return {
    students: builder.acctInfo.stds.map((s) => ({ id: s.id, name: s.firstName })),
    classes: [...classes.values()],
    registrations: pairs
      .filter((p) => classes.has(p.classId))
      .map(({ studentId, classId }) => ({ studentId, classId })),
    discounts: inApplicationOrder(builder.disc),
    unlimited: builder.rules.unlimited,
    siblingIndex: builder.rules.siblingIndex,
  };
}

export const liveQuote = (builder: RegistrationBuilder, selection: Selection): FamilyQuote =>
  quoteFamily(quoteInputOf(builder, selection));

/**
 * The plan's view of the quote. Existing registrations are keyed by their id, as the family's plan
 * revisions key them, so a kept class at an unchanged price is not a change; new ones by `stdID:clSchID`.
 */
export function planClassesAfter(
  builder: RegistrationBuilder,
  selection: Selection,
  quote: FamilyQuote,
): PlanClass[] {
  const regIdOf = new Map(
    pairsAfter(builder, selection)
      .filter((p) => p.clRegID)
      .map((p) => [registrationKey(p.studentId, p.classId), p.clRegID as string]),
  );
  return quote.students.flatMap((s) =>
    s.classes.map((c) => ({
      key: regIdOf.get(c.key) ?? c.key,
      label: s.name ? `${c.name} (${s.name})` : c.name,
      day: c.day,
      price: c.Pr_f,
      ...priceNote(c.lines),
    })),
  );
}

export type PlanPreview = { planId: string; name: string; isDefault: boolean; revision: Revision };

/**
 * The payments each plan would ask. A family without a plan sees every plan of the term, each its
 * schedule from the effective date (a parent's is today; the owner picks one); a family with one sees
 * only its plan, revised from that date by difference.
 */
export function planPreviews(
  builder: RegistrationBuilder,
  selection: Selection,
  quote: FamilyQuote,
  effectiveDate: string = builder.today,
): PlanPreview[] {
  const after = planClassesAfter(builder, selection, quote);
  const { plan, paySys } = builder;
  if (plan) {
    const own = paySys.find((p) => p.id === plan.planId);
    if (!own) return [];
    const revision = reviseFamilyPlan({
      plans: paySys,
      planId: plan.planId,
      effectiveDate,
      after,
      // A plan chosen while its registrations wait for approval has no revision yet: the first one is
      // the plan's schedule itself, as the server will write it.
      previous: plan.revision > 0 ? { classes: plan.classes as PlanClass[], payments: plan.payments } : null,
    });
    return [{ planId: own.id, name: own.name, isDefault: own.isDefault, revision }];
  }
  if (after.length === 0) return [];
  return paySys.map((p) => ({
    planId: p.id,
    name: p.name,
    isDefault: p.isDefault,
    revision: reviseFamilyPlan({ plans: paySys, planId: p.id, effectiveDate, after, previous: null }),
  }));
}
