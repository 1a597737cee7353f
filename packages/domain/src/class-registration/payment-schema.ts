import { z } from 'zod';
import { paymentPlan } from '../payment-system/schema';

/** A line of a payment's working: a label and a signed amount (dollars); the lines add up to `val`. */
const line = z.object({ label: z.string(), amount: z.number() });

/**
 * 001 §3 "Payment in a plan": the spec's names beside ours (decision 043; worked out by
 * paymentSpecFields, spec-fields.ts). Money in dollars.
 */
export const paymentSpecShape = {
  dateDueBy: z.string(),
  dayPaymentDue: z.number().int(),
  percent: z.number(),
  val_i: z.number(),
  iStatus: z.number().int(),
  rev: z.number().int(),
  tuition: z.object({ active: z.number(), inActive: z.number(), total: z.number() }),
};

export const tuitionPayment = z.object({
  id: z.string(),
  kind: z.enum(['plan', 'adjustment']),
  name: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  dateDue: z.string(),
  period: z.enum(['completed', 'inProgress', 'remaining']),
  val: z.number(),
  isRelivent: z.boolean(),
  /** Why the amount is what it is; the lines add up to `val` (dollars). */
  lines: z.array(line),
  /** Changed by the latest revision. */
  changed: z.boolean(),
  /** What the ledger charged for it so far and what of that was paid (dollars; issue 16). */
  charged: z.number(),
  paid: z.number(),
  /** 1 when charged in full and paid (001 §3 isPayed, read from the ledger). */
  isPayed: z.union([z.literal(0), z.literal(1)]),
  ...paymentSpecShape,
  /**
   * 002 §3 "Payment plan entry" (decision 043): the plan option it pays (for an adjustment, the one whose
   * period it corrects), its place in the plan's list (`n` from 1, `order` from 0) and its share of the
   * family's monthly tuition (`xPlanFinal`; 0 for an adjustment).
   */
  a_paymentOptionsID: z.string(),
  n: z.number().int(),
  order: z.number().int(),
  xPlanFinal: z.number(),
});
export type TuitionPayment = z.infer<typeof tuitionPayment>;

/**
 * 001 §3 "Payment plan option" for one family (decision 043): the term's plan with what it asks of the
 * family, `total` and `payments` (dollars): the family's own plan as its latest revision holds it, any
 * other as the plan's rules would schedule the family's classes from today.
 */
export const familyPaymentPlan = paymentPlan.extend({
  total: z.number(),
  payments: z.array(tuitionPayment),
});
export const familyPaymentSystem = z.array(familyPaymentPlan);
export type FamilyPaymentSystem = z.infer<typeof familyPaymentSystem>;
