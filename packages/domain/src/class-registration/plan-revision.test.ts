import { describe, expect, it } from 'vitest';
import { buildPaymentSchedule } from '../tuition/payment-schedule';
import { periodCharge } from '../tuition/period-charge';
import { exampleTermPlans, yearTermPlans } from '../tuition/test-plans';
import { type PlanClass, type PlanPayment, type RevisionInput, reviseFamilyPlan } from './plan-revision';
import { quoteFamily } from './quote';

// The term of domain-rules §3: 2026-09-01 … 2027-06-30, monthly (m1 … m10, due the 1st), half year
// (h1 Sep–Dec, h2 Jan–Jun, 5 % off) and full year (f1, 10 % off). Weekdays are Monday first: 1 is Tuesday.
const plans = exampleTermPlans();
const jazz: PlanClass = { key: 'emma:jazz1', label: 'Jazz 1 (Emma)', day: 1, price: 6300 };
const ballet: PlanClass = { key: 'emma:ballet1', label: 'Ballet 1 (Emma)', day: 3, price: 5000 };

const first = (planId: string, after: PlanClass[], effectiveDate = '2026-08-20', p = plans) =>
  reviseFamilyPlan({ plans: p, planId, effectiveDate, after, previous: null });

function revise(
  planId: string,
  effectiveDate: string,
  before: PlanClass[],
  after: PlanClass[],
  rest: Partial<RevisionInput> = {},
) {
  const p = rest.plans ?? plans;
  const previous = { classes: before, payments: first(planId, before, '2026-08-20', p).payments };
  return {
    previous,
    revision: reviseFamilyPlan({ plans: p, planId, effectiveDate, after, previous, ...rest }),
  };
}

const planPayments = (payments: PlanPayment[]) => payments.filter((p) => p.kind === 'plan');
const adjustments = (payments: PlanPayment[]) => payments.filter((p) => p.kind === 'adjustment');
const vals = (payments: PlanPayment[]) => payments.map((p) => p.val);

describe('reviseFamilyPlan: the first revision is the plan’s schedule', () => {
  it.each([
    ['monthly', '2026-08-20'],
    ['half', '2026-08-20'],
    ['full', '2026-08-20'],
    ['monthly', '2026-09-16'],
    ['half', '2026-09-16'],
    ['monthly', '2026-11-25'],
    ['full', '2026-11-25'],
  ])('%s from %s', (planId, effectiveDate) => {
    const revision = first(planId, [jazz, ballet], effectiveDate);
    const schedule = buildPaymentSchedule({
      classes: [jazz, ballet].map((c) => ({ id: c.key, day: c.day, price: c.price })),
      plans,
      effectiveDate,
    }).find((p) => p.id === planId);
    expect(revision.payments.map((p) => [p.optionId, p.dateDue, p.period, p.val, p.isRelivent])).toEqual(
      schedule?.payments.map((p) => [p.id, p.dateDue, p.period, p.val, p.isRelivent]),
    );
    expect(revision.total).toBe(schedule?.total);
    expect(revision.monthly).toBe(11_300);
    for (const p of revision.payments) {
      expect(p).toMatchObject({ kind: 'plan', carried: false });
      // Class by class (issue 16), adding up to the payment; a payment of nothing says why in one line.
      expect(p.lines.reduce((a, l) => a + l.amount, 0)).toBe(p.val);
      if (p.val === 0) expect(p.lines).toHaveLength(1);
      else for (const l of p.lines) expect(l.label).toMatch(/^(Jazz 1 \(Emma\)|Ballet 1 \(Emma\)|Rounding)/);
    }
  });

  it('from before the term every payment of a plan is the same, and says how it was worked out', () => {
    expect(vals(first('monthly', [jazz, ballet]).payments)).toEqual(Array(10).fill(11_300));
    expect(first('monthly', [jazz, ballet]).payments[0]?.lines).toEqual([
      { label: 'Jazz 1 (Emma): Monthly tuition $63.00', amount: 6300 },
      { label: 'Ballet 1 (Emma): Monthly tuition $50.00', amount: 5000 },
    ]);
    expect(first('half', [jazz, ballet]).payments.map((p) => p.lines)).toEqual(
      Array(2).fill([
        { label: 'Jazz 1 (Emma): 5 × $63.00, 5 % off', amount: 29_925 },
        { label: 'Ballet 1 (Emma): 5 × $50.00, 5 % off', amount: 23_750 },
      ]),
    );
    expect(vals(first('full', [jazz, ballet]).payments)).toEqual([101_700]);
  });
});

describe('reviseFamilyPlan: the issue’s example, Jazz 1 dropped from 2027-01-15 on the monthly plan', () => {
  const { previous, revision } = revise('monthly', '2027-01-15', [jazz, ballet], [ballet]);

  it('leaves September to January as they were: January was due on the 1st', () => {
    expect(revision.payments.slice(0, 5)).toEqual(
      previous.payments.slice(0, 5).map((p) => ({ ...p, carried: true })),
    );
  });

  it('gives back the Tuesdays left in January (19 and 26) as an adjustment due on the 15th', () => {
    const left = periodCharge(6300, 1, '2027-01-15', '2027-01-31');
    expect(left).toBe(3150);
    expect(adjustments(revision.payments)).toEqual([
      {
        optionId: 'm5',
        kind: 'adjustment',
        name: '2027-01: change from Jan 15, 2027',
        dateStart: '2027-01-15',
        dateEnd: '2027-01-31',
        dateDue: '2027-01-15',
        period: 'inProgress',
        xPlanFinal: 0,
        val: -left,
        isRelivent: true,
        lines: [{ label: 'Jazz 1 (Emma) dropped from Jan 15, 2027: −$31.50', amount: -3150 }],
        carried: false,
      },
    ]);
  });

  it('takes the class’s price off February to June, each line of the working kept', () => {
    for (const p of planPayments(revision.payments).slice(5)) {
      expect(p.val).toBe(5000);
      expect(p.carried).toBe(false);
      expect(p.lines).toEqual([
        { label: 'Jazz 1 (Emma): Monthly tuition $63.00', amount: 6300 },
        { label: 'Ballet 1 (Emma): Monthly tuition $50.00', amount: 5000 },
        { label: 'Jazz 1 (Emma) dropped from Jan 15, 2027: −$63.00', amount: -6300 },
      ]);
    }
    expect(revision.total).toBe(5 * 11_300 - 3150 + 5 * 5000);
    expect(revision.monthly).toBe(5000);
  });
});

describe('reviseFamilyPlan: other changes', () => {
  it('a class added mid-month on the monthly plan charges the meetings left (Thursdays 21 and 28)', () => {
    const { revision } = revise('monthly', '2027-01-15', [jazz], [jazz, ballet]);
    expect(adjustments(revision.payments).map((p) => [p.optionId, p.dateDue, p.val, p.lines])).toEqual([
      [
        'm5',
        '2027-01-15',
        2500,
        [{ label: 'Ballet 1 (Emma) added from Jan 15, 2027: +$25.00', amount: 2500 }],
      ],
    ]);
    expect(vals(planPayments(revision.payments))).toEqual([...Array(5).fill(6300), ...Array(5).fill(11_300)]);
  });

  it('the half-year plan prorates by the share of the period left, with a rounding line when the family’s rounding differs', () => {
    // From 2026-11-10, 52 of h1's 122 days are left: f 0.425. Each class rounds on its own (9084.375 and
    // 9488.125), the family once (15500 × 4.75 × 0.425 = 31290.625 → 31291, less 6300's 12718).
    const tap: PlanClass = { key: 'leo:tap', label: 'Tap (Leo)', day: 2, price: 4700 };
    const ballet4500 = { ...ballet, price: 4500 };
    const { revision } = revise('half', '2026-11-10', [jazz], [jazz, ballet4500, tap]);
    expect(adjustments(revision.payments)).toMatchObject([
      {
        optionId: 'h1',
        dateStart: '2026-11-10',
        dateEnd: '2026-12-31',
        dateDue: '2026-11-10',
        val: 18_573,
        lines: [
          { label: 'Ballet 1 (Emma) added from Nov 10, 2026: +$90.84', amount: 9084 },
          { label: 'Tap (Leo) added from Nov 10, 2026: +$94.88', amount: 9488 },
          { label: 'Rounding of the family total', amount: 1 },
        ],
      },
    ]);
    const h2 = planPayments(revision.payments)[1];
    expect(h2?.val).toBe(29_925 + 21_375 + 22_325);
    expect(h2?.lines.slice(1).map((l) => l.amount)).toEqual([21_375, 22_325]);
  });

  it('a drop from the half-year plan’s second due date month gives back the share of h2 left', () => {
    const { revision } = revise('half', '2027-01-15', [jazz, ballet], [ballet]);
    // 167 of h2's 181 days: f 0.9225; 6300 × 5 × 0.95 × 0.9225 = 27605.81.
    expect(adjustments(revision.payments).map((p) => [p.optionId, p.val, p.lines[0]?.label])).toEqual([
      ['h2', -27_606, 'Jazz 1 (Emma) dropped from Jan 15, 2027: −$276.06'],
    ]);
    expect(planPayments(revision.payments).every((p) => p.carried)).toBe(true);
  });

  it('a drop on the due date itself changes that payment in place: it is not settled yet', () => {
    const { revision } = revise('monthly', '2027-02-01', [jazz, ballet], [ballet]);
    expect(adjustments(revision.payments)).toEqual([]);
    expect(vals(revision.payments)).toEqual([...Array(5).fill(11_300), ...Array(5).fill(5000)]);
    expect(revision.payments[5]?.carried).toBe(false);
  });

  it('mid-month on a plan due the 15th, the month in progress changes in place by the meetings left', () => {
    const due15 = yearTermPlans({ year: 2026, month: 9, months: 10, splitAfter: 4, dayPaymentDue: 15 });
    const { revision } = revise('monthly', '2027-01-15', [jazz, ballet], [ballet], { plans: due15 });
    expect(adjustments(revision.payments)).toEqual([]);
    expect(revision.payments[4]).toMatchObject({ dateDue: '2027-01-15', val: 11_300 - 3150, carried: false });
    expect(revision.payments[4]?.lines.at(-1)).toEqual({
      label: 'Jazz 1 (Emma) dropped from Jan 15, 2027: −$31.50',
      amount: -3150,
    });
  });

  it('a payment made ahead keeps its amount; its change is an adjustment due on the effective date', () => {
    const { revision } = revise('monthly', '2027-01-15', [jazz, ballet], [ballet], {
      paidOptionIds: new Set(['m6']),
    });
    expect(revision.payments[5]).toMatchObject({ optionId: 'm6', val: 11_300, carried: true });
    expect(
      adjustments(revision.payments).map((p) => [p.optionId, p.dateStart, p.dateDue, p.period, p.val]),
    ).toEqual([
      ['m5', '2027-01-15', '2027-01-15', 'inProgress', -3150],
      ['m6', '2027-02-01', '2027-01-15', 'remaining', -6300],
    ]);
  });

  it('a price moved by a sibling’s drop says old → new and why', () => {
    // Leo's Tap (6000) puts him first; Emma's Ballet takes the $10 sibling discount until he drops it.
    const quoteClasses = (registrations: { studentId: string; classId: string }[]) =>
      quoteFamily({
        students: [
          { id: 'emma', name: 'Emma' },
          { id: 'leo', name: 'Leo' },
        ],
        classes: [
          { id: 'ballet1', name: 'Ballet 1', day: 3, basePrice: 5000, applyDiscount: true },
          { id: 'tap', name: 'Tap', day: 2, basePrice: 6000, applyDiscount: true },
        ],
        registrations,
        discounts: [{ id: 's', name: 'Sibling discount', typeID: 200, vTypeID: 200, value: 1000, rValue: 1 }],
        unlimited: null,
        siblingIndex: 'student',
      }).students.flatMap((s) =>
        s.classes.map(
          (c): PlanClass => ({ key: c.key, label: `${c.name} (${s.name})`, day: c.day, price: c.Pr_f }),
        ),
      );
    const before = quoteClasses([
      { studentId: 'emma', classId: 'ballet1' },
      { studentId: 'leo', classId: 'tap' },
    ]);
    const after = quoteClasses([{ studentId: 'emma', classId: 'ballet1' }]);
    expect(before.map((c) => c.price)).toEqual([6000, 4000]);
    const { revision } = revise('monthly', '2027-02-01', before, after, {
      why: (key) => (key === 'emma:ballet1' ? 'no sibling discount now' : undefined),
    });
    expect(revision.payments[5]?.val).toBe(5000);
    expect(revision.payments[5]?.lines.slice(-2)).toEqual([
      { label: 'Tap (Leo) dropped from Feb 1, 2027: −$60.00', amount: -6000 },
      {
        label: 'Ballet 1 (Emma): $40.00 → $50.00 a month from Feb 1, 2027 (no sibling discount now): +$10.00',
        amount: 1000,
      },
    ]);
    const { revision: noWhy } = revise('monthly', '2027-02-01', [ballet], [{ ...ballet, price: 4500 }]);
    expect(noWhy.payments[5]?.lines.at(-1)?.label).toBe(
      'Ballet 1 (Emma): $50.00 → $45.00 a month from Feb 1, 2027: −$5.00',
    );
  });

  it('keeps earlier adjustments through a later revision', () => {
    const { revision } = revise('monthly', '2027-01-15', [jazz, ballet], [ballet]);
    const next = reviseFamilyPlan({
      plans,
      planId: 'monthly',
      effectiveDate: '2027-03-10',
      after: [],
      previous: { classes: [ballet], payments: revision.payments },
    });
    expect(adjustments(next.payments).map((p) => [p.optionId, p.dateDue, p.val, p.carried])).toEqual([
      ['m5', '2027-01-15', -3150, true],
      // Thursdays 11, 18 and 25 of March.
      ['m7', '2027-03-10', -3750, false],
    ]);
    expect(vals(planPayments(next.payments))).toEqual([...Array(5).fill(11_300), 5000, 5000, 0, 0, 0]);
    expect(next.total).toBe(5 * 11_300 - 3150 + 2 * 5000 - 3750);
  });
});
