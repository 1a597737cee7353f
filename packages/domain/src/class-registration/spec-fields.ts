import { roundTo, sumCents } from '../money';
import { APPROVAL, I_STATUS } from './schema';

/**
 * The fields 001 §3 names on a class registration and on a payment in a plan that the project's own
 * fields already say in other words (decision 043). Worked out here, once, so every answer that
 * carries them says the same.
 */

type RegistrationState = { iStatus: number; status: number; isDropped: boolean };

/** 001 §4: the registration holds its place (not dropped, not rejected): its active-registration flag. */
export const activeRegistrationFlag = (r: RegistrationState): 0 | 1 =>
  !r.isDropped && r.status !== APPROVAL.rejected ? 1 : 0;

/** 001 §4: "active when iStatus is above -1 and its active-registration flag is set". */
export const isActiveRegistration = (r: RegistrationState): boolean =>
  r.iStatus > I_STATUS.dropped && activeRegistrationFlag(r) === 1;

/**
 * 001 §3 status_clsReg, status_clsRegAct and approved: the owner's approval (0 pending, 1 approved,
 * -1 rejected, the same as `status`), the active-registration flag, and whether the studio approved it.
 */
export function registrationSpecFields(r: RegistrationState) {
  return {
    status_clsReg: r.status,
    status_clsRegAct: activeRegistrationFlag(r),
    approved: r.status === APPROVAL.approved,
  };
}

/** 001 §3 a payment's `tuition`, in cents: the family's monthly tuition split by 001 §4's active rule. */
export type TuitionSplit = { active: number; inActive: number; total: number };

/** The monthly tuition (each registration's Pr_f, cents) of active and of inactive registrations. */
export function tuitionSplit(registrations: readonly (RegistrationState & { prF: number })[]): TuitionSplit {
  const active = sumCents(registrations.filter(isActiveRegistration).map((r) => r.prF));
  const inActive = sumCents(registrations.filter((r) => !isActiveRegistration(r)).map((r) => r.prF));
  return { active, inActive, total: active + inActive };
}

type Plan = {
  id: string;
  isDefault: boolean;
  nPays: number;
  discount: number;
  options: readonly { id: string; dayPaymentDue: number }[];
};

/** What a plan's payment is of the family's monthly tuition over a whole period: ratio × (1 − discount). */
export function wholePeriodShare(plans: readonly Plan[], planId: string): number {
  const plan = plans.find((p) => p.id === planId);
  const defaultPays = plans.find((p) => p.isDefault)?.nPays ?? plan?.nPays ?? 1;
  return plan ? (defaultPays / plan.nPays) * (1 - plan.discount) : 0;
}

/** A payment of a plan, as the plan's rules or a stored revision hold it (money in cents). */
export type PaymentFacts = {
  optionId: string;
  kind: 'plan' | 'adjustment';
  val: number;
  xPlanFinal: number;
  isRelivent: boolean;
  dateDue: string;
};

/** The spec's fields of a payment in a plan (001 §3), money in cents. */
export type PaymentSpecFields = {
  dateDueBy: string;
  dayPaymentDue: number;
  percent: number;
  val_i: number;
  iStatus: number;
  rev: number;
  tuition: TuitionSplit;
};

/**
 * 001 §3 "Payment in a plan" (decision 043): `dateDueBy` is the due date; `dayPaymentDue` the option's
 * due day; `val_i` the whole period's amount at the plan's rate (monthly × ratio × (1 − discount)) and
 * `percent` the share of it the payment asks (100 a whole period, less for one in progress, 0 for one
 * over; an adjustment is asked whole: its own amount, 100); `iStatus` 001 §4's codes (10 a payment of
 * the family's plan, 1 one of a plan not chosen, 2 an adjustment, -2 a payment that does not count);
 * `rev` the plan revision it belongs to (0: none yet); `tuition` the family's monthly tuition split.
 */
export function paymentSpecFields(
  p: PaymentFacts,
  ctx: {
    plans: readonly Plan[];
    planId: string;
    monthly: number;
    rev: number;
    tuition: TuitionSplit;
  },
): PaymentSpecFields {
  const option = ctx.plans.find((x) => x.id === ctx.planId)?.options.find((o) => o.id === p.optionId);
  const share = wholePeriodShare(ctx.plans, ctx.planId);
  const adjustment = p.kind === 'adjustment';
  const val_i = adjustment ? p.val : roundTo(ctx.monthly * share, 1);
  const percent = adjustment ? 100 : share > 0 ? Math.round((10_000 * p.xPlanFinal) / share) / 100 : 0;
  const iStatus = adjustment
    ? I_STATUS.newPlanItem
    : !p.isRelivent
      ? I_STATUS.removed
      : ctx.rev > 0
        ? I_STATUS.registered
        : I_STATUS.new;
  return {
    dateDueBy: p.dateDue,
    dayPaymentDue: option?.dayPaymentDue ?? 0,
    percent,
    val_i,
    iStatus,
    rev: ctx.rev,
    tuition: ctx.tuition,
  };
}
