import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeOpen, chargePaid, chargeStanding, dueItemPaid, dueStandingOf, isDueItemPaid } from './paid';

/** What is paid of a charge and of a plan payment (issue 31 item 5, decision 039). */

const charge = (total: number, paid = 0, removed = false) => ({ total, paid, removed });

describe('what is paid of a plan payment', () => {
  it.each([
    // [what it is, its amount, its charges, paid, isPayed]
    ['not charged yet', 6000, [], 0, false],
    ['charged, nothing paid', 6000, [charge(6000)], 0, false],
    ['part paid', 6000, [charge(6000, 2500)], 2500, false],
    ['paid in full', 6000, [charge(6000, 6000)], 6000, true],
    [
      'a drop took it down after it was paid: the credit is the family’s',
      4000,
      [charge(6000, 6000), charge(-2000)],
      4000,
      true,
    ],
    [
      'a drop took it down before it was paid: its credit paid part',
      4000,
      [charge(6000, 3000), charge(-2000)],
      1000,
      false,
    ],
    ['removed by the owner: billed, nothing to pay, nothing paid', 6000, [charge(6000, 0, true)], 0, true],
    ['a credit adjustment: owes nothing', -2950, [charge(-2950)], 0, true],
    ['the plan asks more since (a revision): not billed in full', 7000, [charge(6000, 6000)], 6000, false],
  ] as const)('%s', (_what, val, charges, paid, isPayed) => {
    const standing = charges.length > 0 ? dueStandingOf(charges) : undefined;
    expect(dueItemPaid(standing)).toBe(paid);
    expect(isDueItemPaid(val, standing)).toBe(isPayed);
  });

  it('a charge’s open is what its allocations leave, nothing for a credit or a removed charge', () => {
    expect(chargeOpen(charge(6000, 2500))).toBe(3500);
    expect(chargeOpen(charge(6000, 2500, true))).toBe(0);
    expect(chargeOpen(charge(-2000))).toBe(0);
  });

  it('of a debt, paid and open add up to what stands, and paid never exceeds it', () => {
    const charges = fc.array(
      fc.integer({ min: 1, max: 50_000 }).chain((total) =>
        fc.record({
          total: fc.constant(total),
          paid: fc.integer({ min: 0, max: total }),
          removed: fc.boolean(),
        }),
      ),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(charges, (cs) => {
        const s = dueStandingOf(cs);
        expect(dueItemPaid(s) + s.open).toBe(s.standing);
        expect(dueItemPaid(s)).toBeLessThanOrEqual(s.standing);
        expect(dueItemPaid(s)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('what is paid of one charge: what a due item of it alone would say; nothing of a credit or a removed charge', () => {
    expect(chargePaid(charge(6000, 2500))).toBe(2500);
    expect(chargePaid(charge(6000, 6000, true))).toBe(0);
    expect(chargeStanding(charge(6000, 6000, true))).toBe(0);
    expect(chargePaid(charge(-2000))).toBe(0);
    const one = fc.integer({ min: -50_000, max: 50_000 }).chain((total) =>
      fc.record({
        total: fc.constant(total),
        paid: fc.integer({ min: 0, max: Math.max(0, total) }),
        removed: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(one, (c) => {
        expect(chargePaid(c)).toBe(dueItemPaid(dueStandingOf([c])));
        if (c.total > 0 && !c.removed) expect(chargePaid(c) + chargeOpen(c)).toBe(chargeStanding(c));
      }),
    );
  });
});
