import { compareDates, type DateOnly, dateParts, daysInclusive, makeDate } from '../dates';
import { parseMoneyInput, roundTo, sumCents } from '../money';
import { countMeetings, meetingsCharge } from './period-charge';
import { type ParsedPaymentScheduleInput, type PaymentScheduleInput, paymentScheduleInput } from './schema';
import type { PaymentPeriod, PeriodSplit, SchedulePayment, SchedulePlan } from './types';

/** `f` is rounded down to a quarter percent: 400 steps. */
export const QUARTER_PERCENT_STEPS = 400;
/** An in-progress payment counts only when more than 30 % of its period is left (001 §9). */
export const MIN_SHARE_LEFT_STEPS = 120;
/** A plan whose ratio to the default is under this is charged by the class meetings left (a monthly plan). */
export const MONTHLY_RATIO_BELOW = 1.25;

type Parsed = ParsedPaymentScheduleInput;
type Plan = Parsed['plans'][number];
type Option = Plan['options'][number];
type Context = {
  plan: Plan;
  ratio: number;
  monthly: number;
  effectiveDate: DateOnly;
  classes: Parsed['classes'];
};

function periodOf(option: Option, effectiveDate: DateOnly): PaymentPeriod {
  if (compareDates(option.dateEnd, effectiveDate) < 0) return 'completed';
  if (compareDates(option.dateStart, effectiveDate) >= 0) return 'remaining';
  return 'inProgress';
}

function split(option: Option, effectiveDate: DateOnly): PeriodSplit & { steps: number } {
  const daysLeft = daysInclusive(effectiveDate, option.dateEnd);
  const daysTotal = daysInclusive(option.dateStart, option.dateEnd);
  // Integer floor, so 107/122 is 350 steps (0.875) and never 350.99999 read as 351.
  const scaled = daysLeft * QUARTER_PERCENT_STEPS;
  const steps = (scaled - (scaled % daysTotal)) / daysTotal;
  return { daysLeft, daysTotal, f: steps / QUARTER_PERCENT_STEPS, steps };
}

/** Day `dayPaymentDue` of the month of `dateStart`, moved to the effective date when that is later. */
function dueDate(option: Option, period: PaymentPeriod, effectiveDate: DateOnly) {
  const start = dateParts(option.dateStart);
  const scheduled = start ? makeDate(start.year, start.month, option.dayPaymentDue) : option.dateStart;
  const moved = period === 'inProgress' || compareDates(scheduled, effectiveDate) < 0;
  return { dateDue: moved ? effectiveDate : scheduled, dueIsEffectiveDate: moved };
}

type Amount = Pick<SchedulePayment, 'xPlanFinal' | 'val' | 'isRelivent' | 'explain'>;

function amountOf(option: Option, period: PaymentPeriod, ctx: Context): Amount {
  const { plan, ratio, monthly, effectiveDate } = ctx;
  const keep = 1 - plan.discount;
  if (period === 'completed')
    return { xPlanFinal: 0, val: 0, isRelivent: false, explain: { rule: 'completed' } };
  if (period === 'remaining') {
    const xPlanFinal = ratio * keep;
    return {
      xPlanFinal,
      val: roundTo(monthly * xPlanFinal, 1),
      isRelivent: true,
      explain: { rule: 'full', ratio, discount: plan.discount },
    };
  }

  const { steps, ...share } = split(option, effectiveDate);
  if (steps <= MIN_SHARE_LEFT_STEPS) {
    return { xPlanFinal: 0, val: 0, isRelivent: false, explain: { rule: 'tooLittleLeft', ...share } };
  }
  if (ratio < MONTHLY_RATIO_BELOW) {
    // The input was checked whole (buildPaymentSchedule), and the effective date falls within this
    // period: each class's meetings are counted once, and charged by periodCharge's rule.
    const meetings = ctx.classes.map((cls) => {
      const count = countMeetings(cls.day, effectiveDate, option.dateEnd);
      return {
        classId: cls.id,
        day: cls.day,
        price: cls.price,
        meetings: count,
        charge: meetingsCharge(count, cls.price),
      };
    });
    const chargeBeforeDiscount = sumCents(meetings.map((m) => m.charge));
    const val = roundTo(chargeBeforeDiscount * keep, 1);
    return {
      // With no classes there is nothing to be a share of; 0 rather than NaN.
      xPlanFinal: monthly > 0 ? val / monthly : 0,
      val,
      isRelivent: true,
      explain: { rule: 'classMeetings', discount: plan.discount, meetings, chargeBeforeDiscount, ...share },
    };
  }
  const xPlanFinal = ratio * keep * share.f;
  return {
    xPlanFinal,
    val: roundTo(monthly * xPlanFinal, 1),
    isRelivent: true,
    explain: { rule: 'fraction', ratio, discount: plan.discount, ...share },
  };
}

/**
 * Every payment plan of a year term priced for a family from an effective date (domain-rules.md §3):
 * periods before the date are completed, the one containing it is prorated, later ones are charged in
 * full. Plans and payments keep the input's order. Invalid input throws TuitionInputError.
 */
export function buildPaymentSchedule(input: PaymentScheduleInput): SchedulePlan[] {
  return scheduleParsed(parseMoneyInput(paymentScheduleInput, input));
}

/**
 * buildPaymentSchedule of an input that `paymentScheduleInput` has parsed already: for a caller that
 * checks its plans once and schedules several sets of classes against them (a plan's revision, decision
 * 091). Everything else is buildPaymentSchedule's.
 */
export function scheduleParsed(parsed: ParsedPaymentScheduleInput): SchedulePlan[] {
  const monthly = sumCents(parsed.classes.map((c) => c.price));
  const defaultPlan = parsed.plans.find((p) => p.isDefault);
  // The schema guarantees exactly one default plan.
  const defaultPays = defaultPlan?.nPays ?? 1;

  return parsed.plans.map((plan) => {
    const ratio = defaultPays / plan.nPays;
    const ctx: Context = {
      plan,
      ratio,
      monthly,
      effectiveDate: parsed.effectiveDate,
      classes: parsed.classes,
    };
    const payments = plan.options.map((option): SchedulePayment => {
      const period = periodOf(option, parsed.effectiveDate);
      // Assigned in order, not spread between fields: one hidden class for every payment (decision 091).
      return Object.assign(
        { id: option.id, name: option.name, dateStart: option.dateStart, dateEnd: option.dateEnd },
        dueDate(option, period, parsed.effectiveDate),
        { period },
        amountOf(option, period, ctx),
      );
    });
    return {
      id: plan.id,
      name: plan.name,
      isDefault: plan.isDefault,
      nPays: plan.nPays,
      discount: plan.discount,
      ratio,
      monthly,
      total: sumCents(payments.map((p) => p.val)),
      payments,
    };
  });
}
