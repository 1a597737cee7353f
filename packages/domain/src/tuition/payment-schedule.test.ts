import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { TuitionInputError } from '../money';
import { buildPaymentSchedule } from './payment-schedule';
import type { PaymentScheduleInput } from './schema';
import { exampleTermPlans, yearTermPlans } from './test-plans';

// The worked example of domain-rules.md §3: a Tuesday class of 6000 and a Thursday class of 4500.
const classes = [
  { id: 'a', day: 1, price: 6000 },
  { id: 'b', day: 3, price: 4500 },
];
const schedule = (effectiveDate: string, plans = exampleTermPlans()) =>
  buildPaymentSchedule({ classes, plans, effectiveDate });
const byId = (effectiveDate: string) => Object.fromEntries(schedule(effectiveDate).map((p) => [p.id, p]));

describe('buildPaymentSchedule: the worked example of domain-rules.md §3', () => {
  it.each<[string, number[], number[], number[]]>([
    ['2026-08-20', Array(10).fill(10_500), [49_875, 49_875], [94_500]],
    ['2026-09-16', [5250, ...Array(9).fill(10_500)], [43_641, 49_875], [89_775]],
    ['2026-11-25', [0, 0, 0, ...Array(7).fill(10_500)], [15_087, 49_875], [67_804]],
  ])('effective %s', (date, monthly, half, full) => {
    const plans = byId(date);
    expect(plans.monthly?.payments.map((p) => p.val)).toEqual(monthly);
    expect(plans.half?.payments.map((p) => p.val)).toEqual(half);
    expect(plans.full?.payments.map((p) => p.val)).toEqual(full);
  });

  it.each<[string, number, number, number]>([
    ['2026-08-20', 105_000, 99_750, 94_500],
    ['2026-09-16', 99_750, 93_516, 89_775],
    ['2026-11-25', 73_500, 64_962, 67_804],
  ])('plan totals from %s: monthly %i, half year %i, full year %i', (date, monthly, half, full) => {
    expect(schedule(date).map((p) => [p.id, p.total])).toEqual([
      ['monthly', monthly],
      ['half', half],
      ['full', full],
    ]);
  });

  it('charges the meetings left of an in-progress month: two Tuesdays and two Thursdays', () => {
    const payment = byId('2026-09-16').monthly?.payments[0];
    expect(payment).toMatchObject({
      dateStart: '2026-09-01',
      dateEnd: '2026-09-30',
      dateDue: '2026-09-16',
      period: 'inProgress',
      val: 5250,
      isRelivent: true,
      dueIsEffectiveDate: true,
    });
    expect(payment?.xPlanFinal).toBeCloseTo(0.5, 12);
    expect(payment?.explain).toEqual({
      rule: 'classMeetings',
      discount: 0,
      daysLeft: 15,
      daysTotal: 30,
      f: 0.5,
      chargeBeforeDiscount: 5250,
      meetings: [
        { classId: 'a', day: 1, price: 6000, meetings: 2, charge: 3000 },
        { classId: 'b', day: 3, price: 4500, meetings: 2, charge: 2250 },
      ],
    });
  });

  it('skips November from 2026-11-25: f = 6/30 = 0.2 is not more than 30 %', () => {
    const payments = byId('2026-11-25').monthly?.payments ?? [];
    expect(payments.slice(0, 4).map((p) => [p.name, p.period, p.val, p.isRelivent, p.dateDue])).toEqual([
      ['2026-09', 'completed', 0, false, '2026-11-25'],
      ['2026-10', 'completed', 0, false, '2026-11-25'],
      ['2026-11', 'inProgress', 0, false, '2026-11-25'],
      ['2026-12', 'remaining', 10_500, true, '2026-12-01'],
    ]);
    expect(payments[2]?.explain).toEqual({ rule: 'tooLittleLeft', daysLeft: 6, daysTotal: 30, f: 0.2 });
    expect(payments[0]?.explain).toEqual({ rule: 'completed' });
  });

  it.each<[string, string, number, number, number, number]>([
    // 107 of 122 days = 0.877 → 0.875; 105 000 / 2 × 0.95 × 0.875 = 43 640.625
    ['2026-09-16', 'half', 107, 122, 0.875, 43_641],
    // 37 of 122 days = 0.3033 → 0.3025, still above 30 %
    ['2026-11-25', 'half', 37, 122, 0.3025, 15_087],
    // 288 of 303 days = 0.9505 → 0.95
    ['2026-09-16', 'full', 288, 303, 0.95, 89_775],
    // 218 of 303 days = 0.7195 → 0.7175
    ['2026-11-25', 'full', 218, 303, 0.7175, 67_804],
  ])('from %s the %s plan prorates by days: %i of %i → f %d, val %i', (date, plan, left, total, f, val) => {
    const payment = byId(date)[plan]?.payments[0];
    expect(payment?.explain).toMatchObject({ rule: 'fraction', daysLeft: left, daysTotal: total, f });
    expect(payment?.val).toBe(val);
    expect(payment?.dateDue).toBe(date);
  });

  it('charges remaining payments in full, with the plan ratio and discount', () => {
    const plans = byId('2026-08-20');
    expect(plans.half?.ratio).toBe(5);
    expect(plans.half?.payments[1]).toMatchObject({
      dateStart: '2027-01-01',
      dateDue: '2027-01-01',
      period: 'remaining',
      val: 49_875,
      isRelivent: true,
      dueIsEffectiveDate: false,
      explain: { rule: 'full', ratio: 5, discount: 0.05 },
    });
    expect(plans.half?.payments[1]?.xPlanFinal).toBeCloseTo(4.75, 12);
    expect(plans.full?.payments[0]?.xPlanFinal).toBeCloseTo(9, 12);
    expect(plans.monthly?.monthly).toBe(10_500);
  });
});

describe('buildPaymentSchedule: more cases', () => {
  it('owes nothing after the term', () => {
    const plans = schedule('2027-07-01');
    expect(plans.map((p) => p.total)).toEqual([0, 0, 0]);
    expect(plans.flatMap((p) => p.payments).every((p) => p.period === 'completed' && !p.isRelivent)).toBe(
      true,
    );
  });

  it('on the first day of a month that month is remaining, not in progress', () => {
    const plans = byId('2026-10-01');
    expect(plans.monthly?.payments[1]).toMatchObject({
      period: 'remaining',
      val: 10_500,
      dateDue: '2026-10-01',
    });
    expect(plans.monthly?.total).toBe(9 * 10_500);
  });

  it.each<[string, number, number, boolean, number]>([
    // 9 of 30 days is exactly 30 %: not more than 30 %, so not counted.
    ['2026-09-22', 9, 0.3, false, 0],
    // 10 of 30 days: counted; Tuesdays 22 and 29 (3000) and Thursday 24 (1125).
    ['2026-09-21', 10, 0.3325, true, 4125],
  ])('from %s, %i of 30 days left (f %d): counts %s, val %i', (date, daysLeft, f, counts, val) => {
    const payment = byId(date).monthly?.payments[0];
    expect(payment).toMatchObject({ period: 'inProgress', isRelivent: counts, val });
    expect(payment?.explain).toMatchObject({ daysLeft, daysTotal: 30, f });
  });

  it('on the last day of a month one day of 31 is left: not counted', () => {
    const payment = byId('2026-10-31').monthly?.payments[1];
    expect(payment).toMatchObject({ period: 'inProgress', val: 0, isRelivent: false });
    expect(payment?.explain).toMatchObject({ daysLeft: 1, daysTotal: 31, f: 0.03 });
  });

  it('clamps the due day to the month and moves a due date before the effective date to it', () => {
    const plans = yearTermPlans({ year: 2027, month: 1, months: 3, splitAfter: 1, dayPaymentDue: 31 });
    const result = buildPaymentSchedule({ classes, plans, effectiveDate: '2026-12-15' });
    expect(result[0]?.payments.map((p) => p.dateDue)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    const late = buildPaymentSchedule({
      classes,
      plans: [
        {
          id: 'p',
          name: 'One',
          isDefault: true,
          nPays: 1,
          discount: 0,
          options: [{ id: 'o', name: 'o', dateStart: '2026-09-10', dateEnd: '2026-09-30', dayPaymentDue: 1 }],
        },
      ],
      effectiveDate: '2026-09-05',
    });
    expect(late[0]?.payments[0]).toMatchObject({
      period: 'remaining',
      dateDue: '2026-09-05',
      dueIsEffectiveDate: true,
    });
  });

  it.each<[number, number, string, number, number]>([
    // ratio 10/9 is under 1.25: the meetings left (5250); a full payment is 10500 × 10/9 = 11666.67
    [9, 10 / 9, 'classMeetings', 5250, 11_667],
    // ratio 10/8 = 1.25 is not under 1.25: the share of days, 1.25 × 0.5 × 10500 = 6562.5
    [8, 1.25, 'fraction', 6563, 13_125],
  ])('a plan of %i payments (ratio %d) prorates by %s', (nPays, ratio, rule, first, full) => {
    const monthly = exampleTermPlans()[0];
    if (!monthly) throw new Error('the example has a monthly plan');
    const other = { ...monthly, id: 'other', isDefault: false, nPays };
    const plan = buildPaymentSchedule({ classes, plans: [monthly, other], effectiveDate: '2026-09-16' })[1];
    expect(plan?.ratio).toBe(ratio);
    expect(plan?.payments[0]?.explain.rule).toBe(rule);
    expect(plan?.payments.slice(0, 2).map((p) => p.val)).toEqual([first, full]);
  });

  it('takes the plan discount off the meetings left of a monthly plan', () => {
    const plans = exampleTermPlans().map((p) => (p.isDefault ? { ...p, discount: 0.1 } : p));
    const payment = buildPaymentSchedule({ classes, plans, effectiveDate: '2026-09-16' })[0]?.payments[0];
    // (3000 + 2250) × 0.9 = 4725
    expect(payment?.val).toBe(4725);
    expect(payment?.xPlanFinal).toBeCloseTo(0.45, 12);
  });

  it('a family with no classes owes nothing and xPlanFinal is 0, not NaN', () => {
    const plans = buildPaymentSchedule({
      classes: [],
      plans: exampleTermPlans(),
      effectiveDate: '2026-09-16',
    });
    expect(plans.map((p) => p.total)).toEqual([0, 0, 0]);
    expect(plans[0]?.payments[0]?.xPlanFinal).toBe(0);
  });
});

describe('buildPaymentSchedule refuses input that cannot be right', () => {
  const valid = (): PaymentScheduleInput => ({
    classes,
    plans: exampleTermPlans(),
    effectiveDate: '2026-09-16',
  });
  const withOption = (input: PaymentScheduleInput, change: object) => ({
    ...input,
    plans: input.plans.map((p, i) =>
      i === 2 ? { ...p, options: p.options.map((o) => ({ ...o, ...change })) } : p,
    ),
  });
  it.each<[string, (input: PaymentScheduleInput) => unknown]>([
    ['an effective date that does not exist', (i) => ({ ...i, effectiveDate: '2026-02-30' })],
    ['an effective date with a time', (i) => ({ ...i, effectiveDate: '2026-09-16T10:00' })],
    ['a negative class price', (i) => ({ ...i, classes: [{ id: 'a', day: 1, price: -6000 }] })],
    ['a class on weekday 7', (i) => ({ ...i, classes: [{ id: 'a', day: 7, price: 6000 }] })],
    [
      'an option ending before it starts',
      (i) => withOption(i, { dateStart: '2027-06-30', dateEnd: '2026-09-01' }),
    ],
    ['an option date that does not exist', (i) => withOption(i, { dateEnd: '2027-06-31' })],
    ['a due day of 0', (i) => withOption(i, { dayPaymentDue: 0 })],
    ['a plan discount above 1', (i) => ({ ...i, plans: i.plans.map((p) => ({ ...p, discount: 1.1 })) })],
    ['a plan discount below 0', (i) => ({ ...i, plans: i.plans.map((p) => ({ ...p, discount: -0.05 })) })],
    ['a plan of 0 payments', (i) => ({ ...i, plans: i.plans.map((p) => ({ ...p, nPays: 0 })) })],
    ['no default plan', (i) => ({ ...i, plans: i.plans.map((p) => ({ ...p, isDefault: false })) })],
    ['two default plans', (i) => ({ ...i, plans: i.plans.map((p) => ({ ...p, isDefault: true })) })],
  ])('%s', (_name, mutate) => {
    const input = mutate(valid()) as PaymentScheduleInput;
    expect(() => buildPaymentSchedule(input)).toThrow(TuitionInputError);
    expect(() => buildPaymentSchedule(input)).toThrow(messages.tuitionInputInvalid);
  });

  it('accepts the valid input the refusals start from', () => {
    expect(buildPaymentSchedule(valid())[0]?.total).toBe(99_750);
  });
});
