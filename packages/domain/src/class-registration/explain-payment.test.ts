import { describe, expect, it } from 'vitest';
import { buildPaymentSchedule } from '../tuition/payment-schedule';
import { exampleTermPlans } from '../tuition/test-plans';
import type { PaymentExplain } from '../tuition/types';
import { explainPayment } from './explain-payment';

const split = { daysLeft: 15, daysTotal: 30, f: 0.5 };

describe('explainPayment: one sentence per rule', () => {
  it.each<[string, PaymentExplain, string]>([
    ['completed', { rule: 'completed' }, 'Period over before the start date: not charged'],
    [
      'too little left',
      { rule: 'tooLittleLeft', daysLeft: 6, daysTotal: 30, f: 0.2 },
      'Only 20 % of the period left (30 % or less): not charged',
    ],
    ['a whole month', { rule: 'full', ratio: 1, discount: 0 }, 'Monthly tuition $105.00'],
    ['a half year', { rule: 'full', ratio: 5, discount: 0.05 }, '5 × $105.00, 5 % off'],
    ['a ratio that is not whole', { rule: 'full', ratio: 2.5, discount: 0 }, '2.50 × $105.00'],
    [
      'the meetings left',
      {
        rule: 'classMeetings',
        discount: 0,
        chargeBeforeDiscount: 5250,
        ...split,
        meetings: [
          { classId: 'a', day: 1, price: 6000, meetings: 2, charge: 3000 },
          { classId: 'b', day: 3, price: 4500, meetings: 2, charge: 2250 },
        ],
      },
      'Prorated by classes left: Tue 2/4 × $60.00 + Thu 2/4 × $45.00',
    ],
    [
      'no class to count',
      { rule: 'classMeetings', discount: 0.05, chargeBeforeDiscount: 0, ...split, meetings: [] },
      'Prorated by classes left: none, 5 % off',
    ],
    [
      'a share of the period',
      { rule: 'fraction', ratio: 5, discount: 0.05, daysLeft: 107, daysTotal: 122, f: 0.8725 },
      'Prorated: 87.25 % of the period left × 5 × $105.00, 5 % off',
    ],
  ])('%s', (_, explain, sentence) => {
    expect(explainPayment(explain, 10_500)).toBe(sentence);
  });

  it('explains the worked example of domain-rules §3 from 2026-09-16', () => {
    const plans = buildPaymentSchedule({
      classes: [
        { id: 'a', day: 1, price: 6000 },
        { id: 'b', day: 3, price: 4500 },
      ],
      plans: exampleTermPlans(),
      effectiveDate: '2026-09-16',
    });
    const sentences = plans.map((plan) =>
      plan.payments.slice(0, 2).map((p) => explainPayment(p.explain, plan.monthly)),
    );
    expect(sentences).toEqual([
      ['Prorated by classes left: Tue 2/4 × $60.00 + Thu 2/4 × $45.00', 'Monthly tuition $105.00'],
      ['Prorated: 87.5 % of the period left × 5 × $105.00, 5 % off', '5 × $105.00, 5 % off'],
      ['Prorated: 95 % of the period left × 10 × $105.00, 10 % off'],
    ]);
  });
});
