import { describe, expect, it } from 'vitest';
import { buildPaymentSchedule } from '../tuition/payment-schedule';
import { defaultPaymentSystem, termMonths } from './default-plans';

describe('defaultPaymentSystem', () => {
  it('gives a September–June season ten monthly payments, two halves split at January 1st and one full year', () => {
    const plans = defaultPaymentSystem('2026-09-01', '2027-06-30');
    expect(plans.map((p) => [p.name, p.isDefault, p.nPays, p.discount])).toEqual([
      ['Monthly', true, 10, 0],
      ['Half year', false, 2, 0.05],
      ['Full year', false, 1, 0.1],
    ]);
    const [monthly, half, full] = plans;
    expect(monthly!.options[0]).toEqual({
      name: 'September 2026',
      dateStart: '2026-09-01',
      dateEnd: '2026-09-30',
      dayPaymentDue: 1,
    });
    expect(monthly!.options.at(-1)).toMatchObject({
      name: 'June 2027',
      dateStart: '2027-06-01',
      dateEnd: '2027-06-30',
    });
    expect(half!.options.map((o) => [o.dateStart, o.dateEnd])).toEqual([
      ['2026-09-01', '2026-12-31'],
      ['2027-01-01', '2027-06-30'],
    ]);
    expect(full!.options).toEqual([
      { name: 'Full year', dateStart: '2026-09-01', dateEnd: '2027-06-30', dayPaymentDue: 1 },
    ]);
  });

  it('reproduces the worked payment table of domain-rules §3', () => {
    const plans = defaultPaymentSystem('2026-09-01', '2027-06-30').map((p, i) => ({
      ...p,
      id: `p${i}`,
      options: p.options.map((o, j) => ({ ...o, id: `p${i}o${j}` })),
    }));
    const classes = [
      { id: 'a', day: 1, price: 6000 },
      { id: 'b', day: 3, price: 4500 },
    ];
    const totals = (effectiveDate: string) =>
      buildPaymentSchedule({ classes, plans, effectiveDate }).map((p) => p.total);
    expect(totals('2026-08-20')).toEqual([105000, 99750, 94500]);
    expect(totals('2026-09-16')).toEqual([99750, 93516, 89775]);
    expect(totals('2026-11-25')).toEqual([73500, 64962, 67804]);
  });

  it('cuts the first and last months to a term that starts or ends mid-month', () => {
    expect(termMonths('2026-09-08', '2026-11-15')).toEqual([
      { dateStart: '2026-09-08', dateEnd: '2026-09-30' },
      { dateStart: '2026-10-01', dateEnd: '2026-10-31' },
      { dateStart: '2026-11-01', dateEnd: '2026-11-15' },
    ]);
  });

  it('splits a term without a January 1st at its middle month', () => {
    const half = defaultPaymentSystem('2027-06-01', '2027-08-31')[1]!;
    expect(half.options.map((o) => [o.dateStart, o.dateEnd])).toEqual([
      ['2027-06-01', '2027-07-31'],
      ['2027-08-01', '2027-08-31'],
    ]);
  });

  it('gives a one-month term only the monthly plan', () => {
    expect(defaultPaymentSystem('2027-07-01', '2027-07-31')).toMatchObject([{ name: 'Monthly', nPays: 1 }]);
  });
});
