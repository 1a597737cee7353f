import { addDays, endOfMonth, makeDate } from '../dates';
import type { PaymentPlanInput, PlanOptionInput } from './schema';

/**
 * Payment plans of a year term for tests: monthly (the default), half year (5 % off, the second payment
 * from `splitAfter` months on) and full year (10 % off), as in studio terms of 000 §9.
 */
export function yearTermPlans({
  year,
  month,
  months,
  splitAfter,
  dayPaymentDue = 1,
}: {
  year: number;
  month: number;
  months: number;
  splitAfter: number;
  dayPaymentDue?: number;
}): PaymentPlanInput[] {
  const monthly: PlanOptionInput[] = [];
  for (let i = 0; i < months; i++) {
    const start = makeDate(year + Math.floor((month - 1 + i) / 12), ((month - 1 + i) % 12) + 1, 1);
    monthly.push({
      id: `m${i + 1}`,
      name: start.slice(0, 7),
      dateStart: start,
      dateEnd: endOfMonth(start),
      dayPaymentDue,
    });
  }
  const first = monthly[0];
  const last = monthly[monthly.length - 1];
  const split = monthly[splitAfter];
  if (!first || !last || !split) throw new Error('yearTermPlans: a term needs months and a split inside it');
  const option = (id: string, dateStart: string, dateEnd: string) => ({
    id,
    name: id,
    dateStart,
    dateEnd,
    dayPaymentDue,
  });
  return [
    { id: 'monthly', name: 'Monthly', isDefault: true, nPays: months, discount: 0, options: monthly },
    {
      id: 'half',
      name: 'Half year',
      nPays: 2,
      discount: 0.05,
      options: [
        option('h1', first.dateStart, addDays(split.dateStart, -1)),
        option('h2', split.dateStart, last.dateEnd),
      ],
    },
    {
      id: 'full',
      name: 'Full year',
      nPays: 1,
      discount: 0.1,
      options: [option('f1', first.dateStart, last.dateEnd)],
    },
  ];
}

/** The term of the worked example of domain-rules.md §3: 2026-09-01 … 2027-06-30, split at January. */
export const exampleTermPlans = () => yearTermPlans({ year: 2026, month: 9, months: 10, splitAfter: 4 });
