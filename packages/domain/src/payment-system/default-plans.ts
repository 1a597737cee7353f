import { compareDates, type DateOnly, dateParts, endOfMonth, makeDate, startOfMonth } from '../dates';

/** A plan of a new year term's payment system, before it has ids. */
export type PlanTemplate = {
  name: string;
  isDefault: boolean;
  nPays: number;
  /** A fraction: 0.05 is 5 % off. */
  discount: number;
  options: { name: string; dateStart: DateOnly; dateEnd: DateOnly; dayPaymentDue: number }[];
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const later = (a: DateOnly, b: DateOnly) => (compareDates(a, b) >= 0 ? a : b);
const earlier = (a: DateOnly, b: DateOnly) => (compareDates(a, b) <= 0 ? a : b);

function monthName(date: DateOnly): string {
  const { year, month } = dateParts(date)!;
  return `${MONTHS[month - 1]} ${year}`;
}

/** The calendar months a term touches, each cut to the term's own dates. */
export function termMonths(
  dateStart: DateOnly,
  dateEnd: DateOnly,
): { dateStart: DateOnly; dateEnd: DateOnly }[] {
  const months: { dateStart: DateOnly; dateEnd: DateOnly }[] = [];
  let first = startOfMonth(dateStart);
  while (compareDates(first, dateEnd) <= 0) {
    months.push({ dateStart: later(first, dateStart), dateEnd: earlier(endOfMonth(first), dateEnd) });
    const { year, month } = dateParts(first)!;
    first = month === 12 ? makeDate(year + 1, 1, 1) : makeDate(year, month + 1, 1);
  }
  return months;
}

/**
 * The payment system a new year term starts with, from the studio terms (000 §9): Monthly, the
 * default, one payment a month due on the 1st; Half year, two payments 5 % off, the second due on
 * January 1st; Full year, one payment 10 % off. A term without a January 1st inside it splits its half
 * years at the month in the middle; a term of one month has only the monthly plan.
 */
export function defaultPaymentSystem(dateStart: DateOnly, dateEnd: DateOnly): PlanTemplate[] {
  const months = termMonths(dateStart, dateEnd);
  const monthly: PlanTemplate = {
    name: 'Monthly',
    isDefault: true,
    nPays: months.length,
    discount: 0,
    options: months.map((m) => ({ name: monthName(m.dateStart), ...m, dayPaymentDue: 1 })),
  };
  if (months.length < 2) return [monthly];

  const januaryIndex = months.findIndex((m, i) => i > 0 && dateParts(m.dateStart)!.month === 1);
  const split = januaryIndex > 0 ? januaryIndex : Math.ceil(months.length / 2);
  const firstHalf = { dateStart, dateEnd: months[split - 1]!.dateEnd };
  const secondHalf = { dateStart: months[split]!.dateStart, dateEnd };
  return [
    monthly,
    {
      name: 'Half year',
      isDefault: false,
      nPays: 2,
      discount: 0.05,
      options: [
        { name: 'First half', ...firstHalf, dayPaymentDue: 1 },
        { name: 'Second half', ...secondHalf, dayPaymentDue: 1 },
      ],
    },
    {
      name: 'Full year',
      isDefault: false,
      nPays: 1,
      discount: 0.1,
      options: [{ name: 'Full year', dateStart, dateEnd, dayPaymentDue: 1 }],
    },
  ];
}
