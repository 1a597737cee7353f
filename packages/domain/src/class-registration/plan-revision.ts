import { compareDates, type DateOnly, type Weekday } from '../dates';
import { formatDateOnly } from '../format';
import { centsText, parseMoneyInput, sumCents } from '../money';
import { scheduleParsed } from '../tuition/payment-schedule';
import {
  type ParsedPaymentScheduleInput,
  type PaymentScheduleInput,
  paymentScheduleInput,
  scheduleClassesInput,
} from '../tuition/schema';
import type { PaymentPeriod, SchedulePayment, SchedulePlan } from '../tuition/types';
import { explainPayment } from './explain-payment';
import type { QuoteLine } from './quote';

/**
 * A family's payment plan as revisions (issue 15, decision 026). The first revision is the plan's
 * schedule from the registration date (domain-rules §3). Each later change (a class added, dropped,
 * a price moved by a sibling's change) makes a new revision from its effective date D:
 *
 * - the change of each payment is Δ = S_after(D) − S_before(D), the plan's schedule for the family's
 *   classes after and before the change, both from D (so completed periods never move, and the rule
 *   for a period in progress, meetings left or share of the period, is the rule of §3);
 * - a payment already due before D (or paid) keeps its amount; its Δ becomes an adjustment due on D
 *   (the spec's iStatus 2, "new plan item");
 * - any other payment becomes its amount + Δ;
 * - Δ is explained per class ("Jazz 1 (Emma) dropped from Jan 15, 2027: −$31.50"), and a rounding line
 *   carries the cent where the per-class figures and the family's rounding differ. Every payment's
 *   lines add up to its amount.
 */

/**
 * One registration as the plan sees it: its weekday and final monthly price (Pr_f, cents); `note` names
 * what made the price (the discounts and the cap), for the payments' working.
 */
export type PlanClass = { key: string; label: string; day: Weekday; price: number; note?: string };

/** A class's `note` from its price's working (quote lines): the discounts and the cap by name. */
export const priceNote = (lines: readonly { label: string }[]): { note?: string } =>
  lines.length > 1
    ? {
        note: lines
          .slice(1)
          .map((l) => l.label)
          .join('; '),
      }
    : {};

export type PlanPayment = {
  /** The plan option it pays; for an adjustment, the option whose period it corrects. */
  optionId: string;
  kind: 'plan' | 'adjustment';
  name: string;
  dateStart: DateOnly;
  dateEnd: DateOnly;
  dateDue: DateOnly;
  period: PaymentPeriod;
  xPlanFinal: number;
  /** Cents; an adjustment may be negative (money owed back). */
  val: number;
  isRelivent: boolean;
  /** Add up to `val`. */
  lines: QuoteLine[];
  /** Unchanged from the previous revision. */
  carried: boolean;
};

export type RevisionInput = {
  /** The term's whole payment system (the default plan sets the ratio). */
  plans: PaymentScheduleInput['plans'];
  planId: string;
  effectiveDate: DateOnly;
  /** The family's classes after the change. */
  after: PlanClass[];
  /** The previous revision: its classes and payments; null for the first. */
  previous: { classes: PlanClass[]; payments: PlanPayment[] } | null;
  /** What to say of a class whose price moved without being added or dropped. */
  why?: (key: string) => string | undefined;
  /** Payment options already paid (they keep their amount, like those already due). */
  paidOptionIds?: ReadonlySet<string>;
};

export type Revision = { payments: PlanPayment[]; total: number; monthly: number };

/**
 * The family's plan and the default (whose number of payments every plan's ratio is taken from), parsed
 * once for a revision: it schedules several sets of classes against them, each set parsed on its own
 * (decision 091: the whole input parsed again for every set, and every plan of the term scheduled, was
 * most of a class change's CPU).
 */
const parsedPlans = new WeakMap<RevisionInput, ParsedPaymentScheduleInput>();

function plansOf(input: RevisionInput): ParsedPaymentScheduleInput {
  let parsed = parsedPlans.get(input);
  if (!parsed) {
    const plans = input.plans.filter((p) => p.id === input.planId || p.isDefault);
    parsed = parseMoneyInput(paymentScheduleInput, {
      classes: [],
      plans,
      effectiveDate: input.effectiveDate,
    });
    parsedPlans.set(input, parsed);
  }
  return parsed;
}

function scheduleOf(input: RevisionInput, classes: PlanClass[]) {
  const parsed = plansOf(input);
  const plans = scheduleParsed({
    classes: parseMoneyInput(
      scheduleClassesInput,
      classes.map((c) => ({ id: c.key, day: c.day, price: c.price })),
    ),
    plans: parsed.plans,
    effectiveDate: parsed.effectiveDate,
  });
  const plan = plans.find((p) => p.id === input.planId);
  if (!plan) throw new Error(`reviseFamilyPlan: no plan ${input.planId}`);
  return plan;
}

/**
 * A payment's working, class by class (issue 16: a charge says which class, which discount, how it was
 * prorated): each class's share is the plan's rule for that class alone; a rounding line carries the
 * cents where the family's rounding differs. A payment worth nothing keeps the one sentence of why.
 */
function classLines(
  input: RevisionInput,
  p: SchedulePayment,
  monthly: number,
  alone: ReadonlyMap<string, SchedulePlan>,
): QuoteLine[] {
  const whole = [{ label: explainPayment(p.explain, monthly), amount: p.val }];
  if (p.val === 0 || input.after.length === 0) return whole;
  const lines: QuoteLine[] = [];
  for (const c of input.after) {
    const own = alone.get(c.key)?.payments.find((x) => x.id === p.id);
    if (!own || own.val === 0) continue;
    const what = c.note ? `${c.label}, ${c.note}` : c.label;
    lines.push({ label: `${what}: ${explainPayment(own.explain, c.price)}`, amount: own.val });
  }
  const rounding = p.val - sumCents(lines.map((l) => l.amount));
  if (rounding !== 0) lines.push({ label: 'Rounding of the family total', amount: rounding });
  return lines.length > 0 ? lines : whole;
}

function firstRevision(input: RevisionInput): Revision {
  const plan = scheduleOf(input, input.after);
  // Each class's own schedule, worked out once for all the payments' lines.
  const alone = new Map(input.after.map((c) => [c.key, scheduleOf(input, [c])] as const));
  const payments = plan.payments.map(
    (p): PlanPayment => ({
      optionId: p.id,
      kind: 'plan',
      name: p.name,
      dateStart: p.dateStart,
      dateEnd: p.dateEnd,
      dateDue: p.dateDue,
      period: p.period,
      xPlanFinal: p.xPlanFinal,
      val: p.val,
      isRelivent: p.isRelivent,
      lines: classLines(input, p, plan.monthly, alone),
      carried: false,
    }),
  );
  return { payments, total: sumCents(payments.map((p) => p.val)), monthly: plan.monthly };
}

const signed = (cents: number) => (cents < 0 ? `−${centsText(-cents)}` : `+${centsText(cents)}`);

/** Per class, what its change adds to each payment of the plan, with its sentence. */
function classDeltas(input: RevisionInput, before: PlanClass[], after: PlanClass[]) {
  const was = new Map(before.map((c) => [c.key, c]));
  const now = new Map(after.map((c) => [c.key, c]));
  const from = formatDateOnly(input.effectiveDate);
  const deltas: { label: string; byOption: Map<string, number> }[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(key);
    const b = now.get(key);
    if (a && b && a.price === b.price && a.day === b.day) continue;
    const valOf = (c: PlanClass | undefined) =>
      new Map(c ? scheduleOf(input, [c]).payments.map((p: SchedulePayment) => [p.id, p.val] as const) : []);
    const va = valOf(a);
    const vb = valOf(b);
    const byOption = new Map<string, number>();
    for (const id of new Set([...va.keys(), ...vb.keys()])) {
      byOption.set(id, (vb.get(id) ?? 0) - (va.get(id) ?? 0));
    }
    const label = !a
      ? `${b!.label} added from ${from}`
      : !b
        ? `${a.label} dropped from ${from}`
        : `${b.label}: ${centsText(a.price)} → ${centsText(b.price)} a month from ${from}${
            input.why?.(key) ? ` (${input.why(key)})` : ''
          }`;
    deltas.push({ label, byOption });
  }
  return deltas;
}

/**
 * The family's plan after a change from `effectiveDate` (see the top of this file). The first
 * revision (no `previous`) is exactly `buildPaymentSchedule`'s schedule of the plan.
 */
export function reviseFamilyPlan(input: RevisionInput): Revision {
  if (!input.previous) return firstRevision(input);
  const { previous, effectiveDate } = input;
  const before = scheduleOf(input, previous.classes);
  const after = scheduleOf(input, input.after);
  const deltas = classDeltas(input, previous.classes, input.after);
  const paid = input.paidOptionIds ?? new Set<string>();

  const payments: PlanPayment[] = [];
  // Earlier adjustments stay ahead of this revision's, so the list reads in the order things happened.
  const earlier: PlanPayment[] = [];
  const adjustments: PlanPayment[] = [];
  for (const old of previous.payments) {
    if (old.kind === 'adjustment') {
      earlier.push({ ...old, carried: true });
      continue;
    }
    const b = before.payments.find((p) => p.id === old.optionId);
    const n = after.payments.find((p) => p.id === old.optionId);
    const delta = (n?.val ?? 0) - (b?.val ?? 0);
    if (delta === 0) {
      payments.push({ ...old, carried: true });
      continue;
    }
    const lines: QuoteLine[] = [];
    for (const d of deltas) {
      const amount = d.byOption.get(old.optionId) ?? 0;
      if (amount !== 0) lines.push({ label: `${d.label}: ${signed(amount)}`, amount });
    }
    const explained = sumCents(lines.map((l) => l.amount));
    if (explained !== delta) lines.push({ label: 'Rounding of the family total', amount: delta - explained });

    const settled = compareDates(old.dateDue, effectiveDate) < 0 || paid.has(old.optionId);
    if (settled) {
      payments.push({ ...old, carried: true });
      adjustments.push({
        optionId: old.optionId,
        kind: 'adjustment',
        name: `${old.name}: change from ${formatDateOnly(effectiveDate)}`,
        // It corrects the option's period from D on, or the whole of it when the option starts later
        // (a payment made ahead of its period).
        dateStart: compareDates(old.dateStart, effectiveDate) > 0 ? old.dateStart : effectiveDate,
        dateEnd: old.dateEnd,
        dateDue: effectiveDate,
        period: n?.period ?? 'inProgress',
        xPlanFinal: 0,
        val: delta,
        isRelivent: true,
        lines,
        carried: false,
      });
    } else {
      const val = old.val + delta;
      payments.push({
        ...old,
        val,
        // A payment the change makes worth nothing no longer counts; one it gives a value now does.
        isRelivent: val !== 0 || (n?.isRelivent ?? false),
        xPlanFinal: n?.xPlanFinal ?? old.xPlanFinal,
        lines: [...old.lines, ...lines],
        carried: false,
      });
    }
  }
  const all = [...payments, ...earlier, ...adjustments];
  return { payments: all, total: sumCents(all.map((p) => p.val)), monthly: after.monthly };
}
