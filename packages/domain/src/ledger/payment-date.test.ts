import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates } from '../dates';
import { ledgerMessages } from './labels';
import { paymentDateProblem } from './payment-date';

/** Issue 31 item 10: a desk payment's day is at most today and not before the family existed. */
describe('paymentDateProblem', () => {
  const bounds = { today: '2026-11-29', opened: '2026-09-01' };
  it.each([
    ['2026-11-29', null],
    ['2026-09-01', null],
    ['2026-10-15', null],
    ['2026-11-30', ledgerMessages.paymentInFuture('Nov 29, 2026')],
    ['2099-01-01', ledgerMessages.paymentInFuture('Nov 29, 2026')],
    ['2026-08-31', ledgerMessages.paymentBeforeFamily('Sep 1, 2026')],
    ['1900-01-01', ledgerMessages.paymentBeforeFamily('Sep 1, 2026')],
  ])('%s → %s', (day, problem) => {
    expect(paymentDateProblem(day, bounds)).toBe(problem);
  });

  it('always accepts today, even when the family looks opened later (clocks apart)', () => {
    expect(paymentDateProblem('2026-11-29', { today: '2026-11-29', opened: '2026-11-30' })).toBeNull();
    expect(paymentDateProblem('2026-11-28', { today: '2026-11-29', opened: '2026-11-30' })).toBe(
      ledgerMessages.paymentBeforeFamily('Nov 29, 2026'),
    );
  });

  it('accepts exactly the days from the opening to today', () => {
    const day = fc.integer({ min: -800, max: 800 }).map((n) => addDays('2026-06-01', n));
    fc.assert(
      fc.property(day, day, day, (a, b, d) => {
        const [opened, today] = compareDates(a, b) <= 0 ? [a, b] : [b, a];
        const inside = compareDates(opened, d) <= 0 && compareDates(d, today) <= 0;
        expect(paymentDateProblem(d, { today, opened }) === null).toBe(inside);
      }),
    );
  });
});
