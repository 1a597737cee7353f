import { describe, expect, it } from 'vitest';
import { EXAMPLE_FAMILY, exampleSchedule, explainPayment } from './example-schedule';
import { seasonPlans } from './season-plans.fixture';

describe('exampleSchedule', () => {
  it.each([
    ['2026-08-20', [105000, 99750, 94500]],
    ['2026-09-16', [99750, 93516, 89775]],
    ['2026-11-25', [73500, 64962, 67804]],
  ])('reproduces domain-rules §3 for an effective date of %s', (date, totals) => {
    expect(exampleSchedule(seasonPlans(), EXAMPLE_FAMILY, date)!.map((p) => p.total)).toEqual(totals);
  });

  it('reads typed amounts as dollars and waits while one is empty or the date half typed', () => {
    const family = [
      { id: 'a', day: 1 as const, price: '60.00' },
      { id: 'b', day: 3 as const, price: 45 },
    ];
    expect(exampleSchedule(seasonPlans(), family, '2026-08-20')![0]!.total).toBe(105000);
    expect(exampleSchedule(seasonPlans(), [{ ...family[0]!, price: '' }], '2026-08-20')).toBeNull();
    expect(exampleSchedule(seasonPlans(), family, '2026-08-')).toBeNull();
    expect(exampleSchedule([], family, '2026-08-20')).toEqual([]);
  });
});

describe('explainPayment', () => {
  it('says why each payment of 2026-11-25 is what it is', () => {
    const [monthly, half] = exampleSchedule(seasonPlans(), EXAMPLE_FAMILY, '2026-11-25')!;
    const why = (p: NonNullable<typeof monthly>, i: number) =>
      explainPayment(p.payments[i]!.explain, p.monthly);
    expect(why(monthly!, 0)).toBe('Period over before the start date: not charged');
    expect(why(monthly!, 2)).toBe('Only 20 % of the period left (30 % or less): not charged');
    expect(why(monthly!, 3)).toBe('Monthly tuition $105.00');
    expect(why(half!, 0)).toBe('Prorated: 30.25 % of the period left × 5 × $105.00, 5 % off');
    expect(why(half!, 1)).toBe('5 × $105.00, 5 % off');
    const september = exampleSchedule(seasonPlans(), EXAMPLE_FAMILY, '2026-09-16')![0]!;
    expect(why(september, 0)).toBe('Prorated by classes left: Tue 2/4 × $60.00 + Thu 2/4 × $45.00');
  });
});
