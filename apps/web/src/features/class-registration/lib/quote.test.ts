import { reviseFamilyPlan } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  BALLET,
  BALLET_REG,
  balletRegistration,
  EMMA,
  JAZZ,
  LEO,
  riveraBuilder,
  TAP,
} from './builder.fixture';
import { liveQuote, planClassesAfter, planPreviews, quoteInputOf } from './quote';
import { emptySelection, type Selection, toggleClass } from './selection';

const b = riveraBuilder();
const pick = (...pairs: [string, string][]) =>
  pairs.reduce<Selection>((s, [std, cls]) => toggleClass(b, s, std, cls), emptySelection());
const finals = (quote: ReturnType<typeof liveQuote>) =>
  quote.students.map((s) => [s.name, s.total, s.classes.map((c) => [c.name, c.Pr_f])]);

describe('the live quote', () => {
  it('prices the family’s counting registrations and the new classes, with the builder’s rules', () => {
    const input = quoteInputOf(b, pick([LEO, JAZZ], [EMMA, TAP]));
    expect(input.registrations).toEqual([
      { studentId: EMMA, classId: BALLET },
      { studentId: LEO, classId: JAZZ },
      { studentId: EMMA, classId: TAP },
    ]);
    expect(input.classes.map((c) => [c.name, c.basePrice, c.day])).toEqual([
      ['Ballet 1', 6500, 0],
      ['Jazz 1', 6000, 1],
      ['Tap 1', 4500, 3],
    ]);
    // Application order: multi-class before sibling, whatever order the builder listed them in.
    expect(input.discounts.map((d) => d.id)).toEqual(['d-multi', 'd-sib']);
    expect(input.siblingIndex).toBe('student');
    expect(input.unlimited).toBeNull();
  });

  it('explains each price: the 2nd class 10 % off, the 2nd child $10.00 off', () => {
    const quote = liveQuote(b, pick([LEO, JAZZ], [EMMA, TAP]));
    expect(finals(quote)).toEqual([
      [
        'Emma',
        10_550,
        [
          ['Ballet 1', 6500],
          ['Tap 1', 4050],
        ],
      ],
      ['Leo', 5000, [['Jazz 1', 5000]]],
    ]);
    expect(quote.total).toBe(15_550);
    expect(quote.students[0]?.classes[1]?.lines).toEqual([
      { label: 'Monthly price', amount: 4500 },
      { label: 'Multi-class (2nd class, 10 % off)', amount: -450 },
    ]);
    expect(quote.students[1]?.classes[0]?.lines).toEqual([
      { label: 'Monthly price', amount: 6000 },
      { label: 'Sibling discount (2nd child, $10.00)', amount: -1000 },
    ]);
  });

  it('a dropped class leaves the quote, and so do the discounts it gave', () => {
    const quote = liveQuote(b, pick([EMMA, BALLET], [EMMA, TAP]));
    expect(finals(quote)).toEqual([
      ['Emma', 4500, [['Tap 1', 4500]]],
      ['Leo', 0, []],
    ]);
  });

  it('a rejected registration is not priced', () => {
    const rejected = riveraBuilder({
      acctInfo: { ...b.acctInfo, regCls: [balletRegistration({ status: -1 })] },
    });
    expect(liveQuote(rejected, emptySelection()).total).toBe(0);
  });
});

describe('the plans’ payments', () => {
  it('without a plan: every plan of the term, its schedule from today', () => {
    const s = pick([LEO, JAZZ], [EMMA, TAP]);
    const previews = planPreviews(b, s, liveQuote(b, s));
    expect(previews.map((p) => [p.name, p.revision.total])).toEqual([
      ['Monthly', 114_363],
      ['Half year', 98_607],
      ['Full year', 102_513],
    ]);
    const november = previews[0]?.revision.payments[2];
    expect(november).toMatchObject({ name: 'November 2026', dateDue: '2026-11-21', val: 5513 });
    // Class by class, each with what made its price, adding up to the payment.
    expect(november?.lines).toEqual([
      { label: 'Ballet 1 (Emma): Prorated by classes left: Mon 2/4 × $65.00', amount: 3250 },
      {
        label: 'Tap 1 (Emma), Multi-class (2nd class, 10 % off): Prorated by classes left: Thu 1/4 × $40.50',
        amount: 1013,
      },
      {
        label:
          'Jazz 1 (Leo), Sibling discount (2nd child, $10.00): Prorated by classes left: Tue 1/4 × $50.00',
        amount: 1250,
      },
    ]);
  });

  it('with a plan: its revision from today, kept classes keyed by registration id', () => {
    const monthly = b.paySys[0]!;
    const classes = [{ key: BALLET_REG, label: 'Ballet 1 (Emma)', day: 0 as const, price: 6500 }];
    const first = reviseFamilyPlan({
      plans: b.paySys,
      planId: monthly.id,
      effectiveDate: '2026-08-20',
      after: classes,
      previous: null,
    });
    const withPlan = riveraBuilder({
      terms: [],
      plan: { planId: monthly.id, name: 'Monthly', revision: 1, classes, payments: first.payments },
    });
    const s = toggleClass(withPlan, emptySelection(), EMMA, TAP);
    const [own, ...others] = planPreviews(withPlan, s, liveQuote(withPlan, s));
    expect(others).toEqual([]);
    const payments = own!.revision.payments;
    // September to November were due before today: they keep $65.00; Tap's November share is an adjustment.
    expect(payments.slice(0, 3).map((p) => p.val)).toEqual([6500, 6500, 6500]);
    expect(payments.find((p) => p.name === 'December 2026')?.val).toBe(10_550);
    const adjustment = payments.find((p) => p.kind === 'adjustment');
    expect(adjustment).toMatchObject({ dateDue: '2026-11-21', val: 1013 });
    expect(adjustment?.lines.map((l) => l.label)).toEqual(['Tap 1 (Emma) added from Nov 21, 2026: +$10.13']);
  });

  it('with a plan chosen but no revision yet (registrations waiting for approval): the plan’s own schedule', () => {
    const monthly = b.paySys[0]!;
    const pending = riveraBuilder({
      terms: [],
      plan: { planId: monthly.id, name: 'Monthly', revision: 0, classes: [], payments: [] },
    });
    const s = toggleClass(pending, emptySelection(), EMMA, TAP);
    const [own] = planPreviews(pending, s, liveQuote(pending, s));
    const fresh = reviseFamilyPlan({
      plans: pending.paySys,
      planId: monthly.id,
      effectiveDate: pending.today,
      after: planClassesAfter(pending, s, liveQuote(pending, s)),
      previous: null,
    });
    expect(own!.revision.total).toBeGreaterThan(0);
    expect(own!.revision.total).toBe(fresh.total);
    expect(own!.revision.payments.some((p) => p.kind === 'adjustment')).toBe(false);
  });
});
