import {
  buildPaymentSchedule,
  dollarsToCents,
  type PaymentSystem,
  type SchedulePlan,
  type Weekday,
} from '@pirouette/domain';

/** One class of the example family: its weekday and its monthly price in dollars, as typed. */
export type ExampleClass = { id: string; day: Weekday; price: number | string };

/** Two classes a week, Tuesday $60.00 and Thursday $45.00: the family of domain-rules §3. */
export const EXAMPLE_FAMILY: ExampleClass[] = [
  { id: 'tuesday', day: 1, price: 60 },
  { id: 'thursday', day: 3, price: 45 },
];

function priceCents(price: number | string): number | null {
  const dollars = typeof price === 'number' ? price : Number.parseFloat(price);
  if (!Number.isFinite(dollars) || dollars < 0) return null;
  try {
    return dollarsToCents(dollars);
  } catch {
    return null;
  }
}

/**
 * The term's plans priced for the example family from an effective date, by the same rule the server
 * charges with. Null while the inputs cannot be priced (an empty amount, a half-typed date).
 */
export function exampleSchedule(
  plans: PaymentSystem,
  family: ExampleClass[],
  effectiveDate: string,
): SchedulePlan[] | null {
  if (plans.length === 0) return [];
  const classes = family.map((c) => ({ id: c.id, day: c.day, price: priceCents(c.price) }));
  if (classes.some((c) => c.price === null)) return null;
  try {
    return buildPaymentSchedule({
      classes: classes.map((c) => ({ ...c, price: c.price! })),
      plans,
      effectiveDate,
    });
  } catch {
    return null;
  }
}

/** Why a payment is what it is: the domain's sentence, the one the server keeps with each payment. */
export { explainPayment } from '@pirouette/domain';
