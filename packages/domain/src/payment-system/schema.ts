import { z } from 'zod';
import { requiredNumber, requiredObject } from '../fields';

/**
 * A year term's payment system as the API shows it (002 §3): its plans in order, each with its options.
 * `discount` is a fraction (0.05 is 5 % off). The owner may change a plan's discount and an option's due
 * day; an option's dates come from the term and are never edited by hand.
 */

/** Due days stop at 28 so that every month has the day: no clamping, no surprise in February. */
export const DUE_DAY = { min: 1, max: 28 } as const;
/** A discount is kept to a hundredth of a percent: 0.0525 is 5.25 %. */
export const PLAN_DISCOUNT_DECIMALS = 4;

export const paymentSystemMessages = {
  discount: 'The discount is a fraction from 0 up to, but not including, 1 (0.05 is 5 % off).',
  discountPrecision: 'The discount is kept to a hundredth of a percent (at most 4 decimals).',
  defaultPlanDiscount: 'The default plan has no discount: its price is the monthly tuition itself.',
  dueDay: `The due day is ${DUE_DAY.min} to ${DUE_DAY.max}, a day every month has.`,
  planNotFound: 'This payment plan could not be found.',
  optionNotFound: 'This payment option could not be found.',
} as const;

export const paymentPlanOption = z.object({
  id: z.string(),
  name: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  dayPaymentDue: z.number().int(),
});
export type PaymentPlanOption = z.infer<typeof paymentPlanOption>;

export const paymentPlan = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  nPays: z.number().int(),
  discount: z.number(),
  options: z.array(paymentPlanOption),
});
export type PaymentPlan = z.infer<typeof paymentPlan>;

export const paymentSystem = z.array(paymentPlan);
export type PaymentSystem = z.infer<typeof paymentSystem>;

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

/** PUT api/mystudio/paymentSystem/plan/{id} */
export const updatePlanDiscountInput = requiredObject({
  discount: requiredNumber()
    .min(0, paymentSystemMessages.discount)
    .lt(1, paymentSystemMessages.discount)
    .refine((d) => hasAtMostDecimals(d, PLAN_DISCOUNT_DECIMALS), paymentSystemMessages.discountPrecision),
});
export type UpdatePlanDiscountInput = z.infer<typeof updatePlanDiscountInput>;

/** PUT api/mystudio/paymentSystem/option/{id} */
export const updateOptionDueDayInput = requiredObject({
  dayPaymentDue: requiredNumber()
    .int(paymentSystemMessages.dueDay)
    .min(DUE_DAY.min, paymentSystemMessages.dueDay)
    .max(DUE_DAY.max, paymentSystemMessages.dueDay),
});
export type UpdateOptionDueDayInput = z.infer<typeof updateOptionDueDayInput>;
