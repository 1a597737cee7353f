import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, makeDate } from '../dates';
import { cardExpiry, cardLabel, declineSentence, expiryMonthOf, isHardDecline } from './rules';

describe('cardExpiry', () => {
  it.each([
    // A card expiring 12/2026: good through October, flagged from November 1st, expired from January 1st.
    ['2026-10-31', 12, 2026, 'ok'],
    ['2026-11-01', 12, 2026, 'soon'],
    ['2026-12-31', 12, 2026, 'soon'],
    ['2027-01-01', 12, 2026, 'expired'],
    // January: flagged from December 1st of the year before.
    ['2026-11-30', 1, 2027, 'ok'],
    ['2026-12-01', 1, 2027, 'soon'],
    ['2027-02-01', 1, 2027, 'expired'],
  ] as const)('on %s a card expiring %i/%i is %s', (today, expMonth, expYear, expected) => {
    expect(cardExpiry({ expMonth, expYear }, today)).toBe(expected);
  });

  it('goes ok → soon → expired as days pass, never back', () => {
    const order = { ok: 0, soon: 1, expired: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2025, max: 2035 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 1, max: 400 }),
        (expMonth, expYear, offset, step) => {
          const day = addDays(makeDate(2024, 1, 1), offset);
          const later = addDays(day, step);
          const card = { expMonth, expYear };
          expect(order[cardExpiry(card, later)]).toBeGreaterThanOrEqual(order[cardExpiry(card, day)]);
        },
      ),
    );
  });

  it('is soon for at most two calendar months, the expiry month and the one before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2025, max: 2035 }),
        (expMonth, expYear) => {
          let soon = 0;
          for (let d = makeDate(expYear - 1, 1, 1); d < makeDate(expYear + 1, 12, 31); d = addDays(d, 1)) {
            if (cardExpiry({ expMonth, expYear }, d) === 'soon') soon += 1;
          }
          expect(soon).toBeGreaterThanOrEqual(59);
          expect(soon).toBeLessThanOrEqual(62);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('declines', () => {
  it('hard ones are the card itself: expired, invalid, lost or stolen', () => {
    for (const code of ['EXPIRED_CARD', 'INVALID_CARD', 'CARD_LOST_OR_STOLEN'])
      expect(isHardDecline(code)).toBe(true);
    for (const code of ['INSUFFICIENT_FUNDS', 'GENERIC_DECLINE', null])
      expect(isHardDecline(code)).toBe(false);
  });

  it('each says why in plain words, never a code', () => {
    for (const code of [
      'INSUFFICIENT_FUNDS',
      'EXPIRED_CARD',
      'INVALID_CARD',
      'CARD_LOST_OR_STOLEN',
      'CANCELED',
      'SOMETHING_NEW',
      null,
    ]) {
      const sentence = declineSentence(code);
      expect(sentence).toMatch(/^The card/);
      expect(sentence).not.toMatch(/[A-Z]{3,}_/);
    }
    expect(declineSentence('INSUFFICIENT_FUNDS')).toContain('not enough funds');
  });
});

it('labels a card by brand and last four, and keeps its expiry month', () => {
  expect(cardLabel({ brand: 'Visa', last4: '0006' })).toBe('Visa •••• 0006');
  expect(expiryMonthOf({ expMonth: 3, expYear: 2027 })).toBe('2027-03');
});
