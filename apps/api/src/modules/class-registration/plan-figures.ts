import {
  buildPaymentSchedule,
  centsToDollars as dollars,
  dueItemPaid,
  explainPayment,
  type FamilyPaymentSystem,
  type PaymentSpecFields,
  type PaymentSystem,
  paymentSpecFields,
  type TuitionPayment,
  type TuitionSplit,
  tuitionSplit,
  withFields,
} from '@pirouette/domain';
import { type DueStanding, dueKeysOf, isPaid } from '../ledger';
import type { FamilyRegistrationRow, PlanPaymentRow, StudentRow } from './enrolment.queries';
import {
  type PricingRules,
  planClassesOf,
  pricedRow,
  quoteRegistrations,
  registrationLabel,
} from './pricing';

/**
 * A plan's payments as a family's answers carry them (001 §3 "Payment in a plan", decision 043): the
 * family's stored revision with what the ledger says of each, or the plan's rules applied to the family's
 * classes from a day. The money rules are the domain's (buildPaymentSchedule, paymentSpecFields); this
 * file only presents their results in dollars.
 */

const line = (l: { label: string; amount: number }) => ({ label: l.label, amount: dollars(l.amount) });

const specInDollars = (f: PaymentSpecFields) =>
  withFields(f, {
    val_i: dollars(f.val_i),
    tuition: {
      active: dollars(f.tuition.active),
      inActive: dollars(f.tuition.inActive),
      total: dollars(f.tuition.total),
    },
  });

/** 002 §3 "Payment plan entry": the option paid, the place in the list, the share of the monthly tuition. */
const entryOf = (optionId: string, index: number, xPlanFinal: number) => ({
  a_paymentOptionsID: optionId,
  n: index + 1,
  order: index,
  xPlanFinal,
});

/** The revision the family's plan is at: its payments, number and monthly tuition (cents). */
export type StoredRevision = {
  familyTermId: string;
  planId: string;
  revision: number;
  monthly: number;
  payments: PlanPaymentRow[];
  standing: Map<string, DueStanding>;
};

/** The payments of the family's latest plan revision (GET parents/tuition/schedule, paySys' own plan). */
export function presentStoredPayments(
  plans: PaymentSystem,
  stored: StoredRevision,
  tuition: TuitionSplit,
): TuitionPayment[] {
  const dueKeys = dueKeysOf(stored.familyTermId, stored.payments);
  return stored.payments.map((p, i) => {
    const st = stored.standing.get(dueKeys[i]!);
    const facts = withFields(p, { xPlanFinal: Number(p.xPlanFinal), isRelivent: p.isRelivent === 1 });
    const spec = paymentSpecFields(facts, {
      plans,
      planId: stored.planId,
      monthly: stored.monthly,
      rev: stored.revision,
      tuition,
    });
    return Object.assign(
      {
        id: p.id,
        kind: p.kind,
        name: p.name,
        dateStart: p.dateStart,
        dateEnd: p.dateEnd,
        dateDue: p.dateDue,
        period: p.period,
        val: dollars(p.val),
        isRelivent: p.isRelivent === 1,
        lines: p.lines.map(line),
        changed: p.changed === 1 && stored.revision > 1,
        charged: dollars(st?.charged ?? 0),
        paid: dollars(dueItemPaid(st)),
        isPayed: isPaid(p.val, st) ? (1 as const) : (0 as const),
      },
      specInDollars(spec),
      entryOf(p.optionId, i, facts.xPlanFinal),
    );
  });
}

/**
 * Every plan of the term with what it asks of the family (001 §3 "Payment plan option": total and
 * payments): the family's own plan as its latest revision holds it; every other plan (every plan, for
 * a family without one) as its rules schedule the family's classes that count, priced by the studio's
 * discounts and cap, from `today`.
 */
export function familyPaySys(args: {
  rules: PricingRules;
  students: StudentRow[];
  registrations: FamilyRegistrationRow[];
  stored: StoredRevision | null;
  today: string;
}): FamilyPaymentSystem {
  const { rules, students, registrations, stored, today } = args;
  const tuition = tuitionSplit(registrations);
  const schedules = projectedSchedules(rules, students, registrations, today);
  return rules.paySys.map((plan) => {
    if (stored && stored.planId === plan.id) {
      const payments = presentStoredPayments(rules.paySys, stored, tuition);
      return withFields(plan, { total: dollars(stored.payments.reduce((a, p) => a + p.val, 0)), payments });
    }
    const schedule = schedules.find((s) => s.id === plan.id);
    if (!schedule) return withFields(plan, { total: 0, payments: [] as TuitionPayment[] });
    const payments = schedule.payments.map((p, i): TuitionPayment => {
      const spec = paymentSpecFields(
        { optionId: p.id, kind: 'plan', ...p },
        { plans: rules.paySys, planId: plan.id, monthly: schedule.monthly, rev: 0, tuition },
      );
      return Object.assign(
        {
          id: p.id,
          kind: 'plan' as const,
          name: p.name,
          dateStart: p.dateStart,
          dateEnd: p.dateEnd,
          dateDue: p.dateDue,
          period: p.period,
          val: dollars(p.val),
          isRelivent: p.isRelivent,
          lines: [{ label: explainPayment(p.explain, schedule.monthly), amount: dollars(p.val) }],
          changed: false,
          charged: 0,
          paid: 0,
          isPayed: 0 as const,
        },
        specInDollars(spec),
        entryOf(p.id, i, p.xPlanFinal),
      );
    });
    return withFields(plan, { total: dollars(schedule.total), payments });
  });
}

/** Each plan's schedule of the family's counting classes from `today` (none without a default plan). */
function projectedSchedules(
  rules: PricingRules,
  students: StudentRow[],
  registrations: FamilyRegistrationRow[],
  today: string,
) {
  if (!rules.paySys.some((p) => p.isDefault)) return [];
  const counting = registrations.filter((r) => r.counts);
  const quote = quoteRegistrations(rules, students, counting.map(pricedRow));
  const byPair = new Map(counting.map((r) => [`${r.studentId}:${r.classId}`, r]));
  const firstName = new Map(students.map((s) => [s.id, s.firstName]));
  const classes = planClassesOf(
    quote,
    (s, c) => byPair.get(`${s}:${c}`)?.id ?? `${s}:${c}`,
    (s, c) => registrationLabel(byPair.get(`${s}:${c}`)?.className ?? '', firstName.get(s) ?? ''),
  );
  return buildPaymentSchedule({
    classes: classes.map((c) => ({ id: c.key, day: c.day, price: c.price })),
    plans: rules.paySys,
    effectiveDate: today,
  });
}
