import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, dateParts, makeDate } from '../dates';
import { roundTo } from '../money';
import { buildPaymentSchedule } from './payment-schedule';
import { periodCharge } from './period-charge';
import type { PaymentScheduleInput } from './schema';
import { yearTermPlans } from './test-plans';

const term = fc
  .record({
    year: fc.integer({ min: 2020, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    months: fc.integer({ min: 2, max: 12 }),
    dayPaymentDue: fc.integer({ min: 1, max: 31 }),
    discounts: fc.tuple(
      fc.constant(0),
      fc.double({ min: 0, max: 0.3, noNaN: true }),
      fc.double({ min: 0, max: 0.3, noNaN: true }),
    ),
  })
  .chain((t) => fc.record({ term: fc.constant(t), splitAfter: fc.integer({ min: 1, max: t.months - 1 }) }))
  .map(({ term: t, splitAfter }) =>
    yearTermPlans({ ...t, splitAfter }).map((plan, i) => ({ ...plan, discount: t.discounts[i] ?? 0 })),
  );

const classes = fc.array(
  fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd'),
    day: fc.constantFrom(0, 1, 2, 3, 4, 5, 6),
    price: fc.integer({ min: 0, max: 30_000 }),
  }),
  { maxLength: 5 },
);

/** An effective date from two months before the term to two months after it. */
const scheduleInput: fc.Arbitrary<PaymentScheduleInput> = fc
  .record({ classes, plans: term })
  .chain((input) => {
    const options = input.plans[0]?.options ?? [];
    const start = options[0]?.dateStart ?? '2026-09-01';
    const end = options[options.length - 1]?.dateEnd ?? '2027-06-30';
    const span = compareDates(end, start) + 120;
    return fc
      .integer({ min: 0, max: span })
      .map((n) => ({ ...input, effectiveDate: addDays(start, n - 60) }));
  });

const runs = { numRuns: 400 };

describe('buildPaymentSchedule: what always holds', () => {
  it('a plan’s total is the sum of its payments, and no payment is below 0', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        for (const plan of buildPaymentSchedule(input)) {
          expect(plan.total).toBe(plan.payments.reduce((sum, p) => sum + p.val, 0));
          for (const p of plan.payments) {
            expect(Number.isInteger(p.val)).toBe(true);
            expect(p.val).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      runs,
    );
  });

  it('charges each class of a prorated period by the period charge, from the effective date to its end', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        for (const plan of buildPaymentSchedule(input)) {
          for (const p of plan.payments) {
            if (p.explain.rule !== 'classMeetings') continue;
            for (const m of p.explain.meetings) {
              expect(m.charge).toBe(periodCharge(m.price, m.day, input.effectiveDate, p.dateEnd));
            }
          }
        }
      }),
      runs,
    );
  });

  it('sorts each payment into completed, in progress or remaining by the effective date', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const D = input.effectiveDate;
        const monthly = input.classes.reduce((sum, c) => sum + c.price, 0);
        for (const plan of buildPaymentSchedule(input)) {
          for (const p of plan.payments) {
            if (compareDates(p.dateEnd, D) < 0) {
              expect([p.period, p.val, p.isRelivent]).toEqual(['completed', 0, false]);
            } else if (compareDates(p.dateStart, D) >= 0) {
              expect(p.period).toBe('remaining');
              expect(p.val).toBe(roundTo(monthly * plan.ratio * (1 - plan.discount), 1));
              expect(p.isRelivent).toBe(true);
            } else {
              expect(p.period).toBe('inProgress');
              expect(p.dateDue).toBe(D);
              if (p.explain.rule === 'tooLittleLeft') expect(p.explain.f).toBeLessThanOrEqual(0.3);
              if (!p.isRelivent) expect(p.val).toBe(0);
            }
            expect(compareDates(p.dateDue, D)).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      runs,
    );
  });

  it('a due date is the due day of the start month unless that is before the effective date', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        for (const [i, plan] of buildPaymentSchedule(input).entries()) {
          for (const [j, p] of plan.payments.entries()) {
            const option = input.plans[i]?.options[j];
            const start = dateParts(p.dateStart);
            if (!option || !start) throw new Error('payments follow the options');
            expect(p.id).toBe(option.id);
            const scheduled = makeDate(start.year, start.month, option.dayPaymentDue);
            expect(p.dateDue).toBe(p.dueIsEffectiveDate ? input.effectiveDate : scheduled);
          }
        }
      }),
      runs,
    );
  });

  it('before the term every plan charges its options in full; a monthly payment never exceeds a month', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const monthly = input.classes.reduce((sum, c) => sum + c.price, 0);
        const plans = buildPaymentSchedule(input);
        const termStart = input.plans[0]?.options[0]?.dateStart ?? '';
        for (const payment of plans[0]?.payments ?? []) expect(payment.val).toBeLessThanOrEqual(monthly);
        if (compareDates(input.effectiveDate, termStart) <= 0) {
          for (const plan of plans) {
            const each = roundTo(monthly * plan.ratio * (1 - plan.discount), 1);
            expect(plan.total).toBe(each * plan.payments.length);
          }
        }
      }),
      runs,
    );
  });

  it('a later effective date never makes a payment cost more', () => {
    fc.assert(
      fc.property(scheduleInput, fc.integer({ min: 1, max: 90 }), (input, days) => {
        const earlier = buildPaymentSchedule(input);
        const later = buildPaymentSchedule({ ...input, effectiveDate: addDays(input.effectiveDate, days) });
        earlier.forEach((plan, i) => {
          plan.payments.forEach((p, j) => {
            expect(later[i]?.payments[j]?.val ?? 0).toBeLessThanOrEqual(p.val);
          });
        });
      }),
      runs,
    );
  });
});
