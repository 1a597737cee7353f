import { describe, expect, it } from 'vitest';
import { paymentSpecFields, registrationSpecFields, tuitionSplit, wholePeriodShare } from './spec-fields';

const plans = [
  { id: 'monthly', isDefault: true, nPays: 10, discount: 0, options: [{ id: 'm1', dayPaymentDue: 1 }] },
  { id: 'half', isDefault: false, nPays: 2, discount: 0.05, options: [{ id: 'h1', dayPaymentDue: 5 }] },
];
const tuition = { active: 10500, inActive: 0, total: 10500 };

describe('a registration by 001 §3 and §4 (decision 043)', () => {
  it.each([
    [
      { iStatus: 10, status: 1, isDropped: false },
      { status_clsReg: 1, status_clsRegAct: 1, approved: true },
    ],
    [
      { iStatus: 1, status: 0, isDropped: false },
      { status_clsReg: 0, status_clsRegAct: 1, approved: false },
    ],
    [
      { iStatus: 10, status: -1, isDropped: false },
      { status_clsReg: -1, status_clsRegAct: 0, approved: false },
    ],
    [
      { iStatus: -1, status: 1, isDropped: true },
      { status_clsReg: 1, status_clsRegAct: 0, approved: true },
    ],
  ])('%o reads %o', (r, expected) => {
    expect(registrationSpecFields(r)).toEqual(expected);
  });

  it('splits the monthly tuition into active and inactive registrations', () => {
    expect(
      tuitionSplit([
        { iStatus: 10, status: 1, isDropped: false, prF: 6000 },
        { iStatus: -1, status: 1, isDropped: true, prF: 4500 },
        { iStatus: -2, status: 1, isDropped: false, prF: 1000 },
        { iStatus: 10, status: -1, isDropped: false, prF: 500 },
      ]),
    ).toEqual({ active: 6000, inActive: 6000, total: 12000 });
  });
});

describe('a payment in a plan by 001 §3 (decision 043)', () => {
  it('is the plan’s ratio to the default, less its discount, of the monthly tuition over a whole period', () => {
    expect(wholePeriodShare(plans, 'half')).toBeCloseTo(4.75, 10);
    const whole = paymentSpecFields(
      { optionId: 'h1', kind: 'plan', val: 49875, xPlanFinal: 4.75, isRelivent: true, dateDue: '2026-09-05' },
      { plans, planId: 'half', monthly: 10500, rev: 1, tuition },
    );
    expect(whole).toEqual({
      dateDueBy: '2026-09-05',
      dayPaymentDue: 5,
      percent: 100,
      val_i: 49875,
      iStatus: 10,
      rev: 1,
      tuition,
    });
  });

  it('says the share of a period in progress, a projection, an adjustment and a payment that does not count', () => {
    const ctx = { plans, planId: 'half', monthly: 10500, rev: 0, tuition };
    const base = { optionId: 'h1', kind: 'plan' as const, dateDue: '2026-11-21', isRelivent: true };
    expect(paymentSpecFields({ ...base, val: 43640, xPlanFinal: 4.75 * 0.875 }, ctx)).toMatchObject({
      percent: 87.5,
      iStatus: 1,
    });
    expect(
      paymentSpecFields({ ...base, kind: 'adjustment', val: -2250, xPlanFinal: 0 }, { ...ctx, rev: 2 }),
    ).toMatchObject({ percent: 100, val_i: -2250, iStatus: 2, rev: 2 });
    expect(paymentSpecFields({ ...base, val: 0, xPlanFinal: 0, isRelivent: false }, ctx)).toMatchObject({
      percent: 0,
      iStatus: -2,
    });
  });
});
