import {
  buildPaymentSchedule,
  centsText,
  dollarsToCents,
  type PaymentExplain,
  type PaymentSystem,
  type SchedulePlan,
  WEEKDAYS,
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

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))} %`;
const times = (ratio: number) => (Number.isInteger(ratio) ? String(ratio) : ratio.toFixed(2));
const offText = (discount: number) => (discount > 0 ? `, ${percent(discount)} off` : '');
const DAY_SHORT = WEEKDAYS.map((d) => d.slice(0, 3));

/** Why a payment is what it is, in a line a parent can check (domain-rules §5). */
export function explainPayment(explain: PaymentExplain, monthly: number): string {
  switch (explain.rule) {
    case 'completed':
      return 'Period over before the start date: not charged';
    case 'tooLittleLeft':
      return `Only ${percent(explain.f)} of the period left (30 % or less): not charged`;
    case 'full':
      if (explain.ratio === 1 && explain.discount === 0) return 'Monthly tuition';
      return `${times(explain.ratio)} × ${centsText(monthly)}${offText(explain.discount)}`;
    case 'classMeetings': {
      const meetings = explain.meetings
        .map((m) => `${DAY_SHORT[m.day]} ${m.meetings}/4 × ${centsText(m.price)}`)
        .join(' + ');
      return `Prorated by classes left: ${meetings || 'none'}${offText(explain.discount)}`;
    }
    case 'fraction':
      return `Prorated: ${percent(explain.f)} of the period left × ${times(explain.ratio)} × ${centsText(monthly)}${offText(explain.discount)}`;
  }
}
