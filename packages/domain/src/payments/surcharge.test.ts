import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioMoneySettings } from '../settings/schema';
import {
  bpsText,
  CARD_COST,
  cardCostOf,
  cardSurchargeSetting,
  checkoutFigures,
  SURCHARGE_MAX_BPS,
  SURCHARGE_TEXT,
  type SurchargeMethod,
  surchargeOf,
} from './surcharge';

const credit: SurchargeMethod = { kind: 'card', cardType: 'CREDIT' };
const debit: SurchargeMethod = { kind: 'card', cardType: 'DEBIT' };
const prepaid: SurchargeMethod = { kind: 'card', cardType: 'PREPAID' };
const unknown: SurchargeMethod = { kind: 'card', cardType: 'UNKNOWN' };
const unread: SurchargeMethod = { kind: 'card', cardType: null };
const bank: SurchargeMethod = { kind: 'bank', cardType: null };
/** A bank account that somehow carries a card type is still a bank account. */
const oddBank: SurchargeMethod = { kind: 'bank', cardType: 'CREDIT' };

describe('surchargeOf: the table', () => {
  it.each([
    // amount, bps, method, surcharge
    [10_000, 0, credit, 0],
    [10_000, 290, credit, 290],
    [10_000, 250, credit, 250],
    [10_000, 290, debit, 0],
    [10_000, 290, prepaid, 0],
    [10_000, 290, unknown, 0],
    [10_000, 290, unread, 0],
    [10_000, 290, bank, 0],
    [10_000, 290, oddBank, 0],
    // Half a cent rounds up, less than half down.
    [50, 100, credit, 1], // 0.5¢ → 1¢
    [49, 100, credit, 0], // 0.49¢ → 0¢
    [12_345, 275, credit, 339], // 339.4875¢ → 339¢
    [12_346, 250, credit, 309], // 308.65¢ → 309¢
    // 3 % is allowed; a rate past it (never stored) counts as 3 %; each payment capped at its cost.
    [10_000, 300, credit, 300],
    [10_000, 1_000, credit, 300],
    [50_000, 300, credit, 1_480], // 3 % is $15.00, the sale costs $14.50 + 30¢
    [1_000, 300, credit, 30],
    // Nothing to pay, nothing to surcharge.
    [0, 290, credit, 0],
    [-500, 290, credit, 0],
  ] as const)('%i¢ at %i bps by %o → %i¢', (amount, bps, method, expected) => {
    expect(surchargeOf(amount, bps, method)).toBe(expected);
  });

  it('is capped by what the card costs when the cost is below the rate', () => {
    // A processor charging 1 % + 0¢: 3 % of $100 would be $3, cards cost $1.
    const cheap = { bps: 100, fixedCents: 0 };
    expect(surchargeOf(10_000, 300, credit, cheap)).toBe(100);
    // 2.9 % + 30¢ on $1: the rate is 2.9¢ → 3¢, well under the 33¢ the card costs.
    expect(surchargeOf(100, 290, credit)).toBe(3);
    expect(cardCostOf(100)).toBe(33);
  });
});

describe('surchargeOf: properties', () => {
  const amount = fc.integer({ min: 1, max: 10_000_000 });
  const bps = fc.integer({ min: 0, max: 2_000 });
  const cost = fc.record({
    bps: fc.integer({ min: 0, max: 500 }),
    fixedCents: fc.integer({ min: 0, max: 100 }),
  });
  const notCredit = fc.oneof(
    fc.constantFrom<SurchargeMethod>(debit, prepaid, unknown, unread, bank, oddBank),
    fc.record({ kind: fc.constant<'card'>('card'), cardType: fc.string().filter((s) => s !== 'CREDIT') }),
  );

  it('is whole cents, never negative, never above 3 % (rounded half up), never above the cost', () => {
    fc.assert(
      fc.property(amount, bps, cost, (a, b, c) => {
        const s = surchargeOf(a, b, credit, c);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        // 3 % of the amount, rounded half up: s ≤ a × 3 % + ½¢.
        expect(s * 10_000).toBeLessThanOrEqual(a * SURCHARGE_MAX_BPS + 5_000);
        expect(s).toBeLessThanOrEqual(cardCostOf(a, c));
      }),
    );
  });

  it('is 0 for every method but a credit card', () => {
    fc.assert(fc.property(amount, bps, notCredit, (a, b, m) => surchargeOf(a, b, m) === 0));
  });

  it('grows with the amount (never less on a larger payment)', () => {
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 0, max: 300 }), (a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return surchargeOf(lo, r, credit) <= surchargeOf(hi, r, credit);
      }),
    );
  });

  it('is what the checkout shows', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 290 }), fc.boolean(), (a, b, isCredit) => {
        const f = checkoutFigures(a, b, isCredit);
        expect(f.surcharge).toBe(surchargeOf(a, b, isCredit ? credit : debit));
        expect(f.total).toBe(a + f.surcharge);
      }),
    );
  });
});

describe('the setting', () => {
  it('is off by default', () => {
    expect(studioMoneySettings.parse({}).cardSurcharge).toEqual({ bps: 0 });
  });

  it.each([
    [0, null],
    [150, null],
    [CARD_COST.bps, null],
    [CARD_COST.bps + 1, null],
    [SURCHARGE_MAX_BPS, null],
    [SURCHARGE_MAX_BPS + 1, SURCHARGE_TEXT.tooHigh],
    [1_000, SURCHARGE_TEXT.tooHigh],
    [-1, SURCHARGE_TEXT.notWhole],
    [2.5, SURCHARGE_TEXT.notWhole],
  ])('%d bps: %s', (bps, sentence) => {
    const r = cardSurchargeSetting.safeParse({ bps });
    if (sentence === null) expect(r.success).toBe(true);
    else {
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([sentence]);
    }
  });

  it('says rates plainly', () => {
    expect(bpsText(300)).toBe('3 %');
    expect(bpsText(290)).toBe('2.9 %');
    expect(bpsText(275)).toBe('2.75 %');
  });
});
