import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, fromDayNumber } from '../dates';
import { EXPIRY_FLAG_DAYS, expiredBy, flagExpiryBeforeCharge } from './expiry-flag';

describe('a card expiring before the next charge', () => {
  it.each([
    // card, next due, today, flagged
    [{ expMonth: 10, expYear: 2026 }, '2026-11-01', '2026-10-24', true],
    [{ expMonth: 10, expYear: 2026 }, '2026-11-01', '2026-10-23', false],
    [{ expMonth: 10, expYear: 2026 }, '2026-10-31', '2026-10-24', false],
    [{ expMonth: 12, expYear: 2026 }, '2027-01-01', '2026-12-25', true],
    [{ expMonth: 11, expYear: 2029 }, '2026-11-01', '2026-10-25', false],
    [{ expMonth: 10, expYear: 2026 }, '2026-11-01', '2026-11-02', false],
  ])('%o due %s, on %s: %s', (card, due, today, flagged) => {
    expect(flagExpiryBeforeCharge(card, due, today)).toBe(flagged);
  });

  const day = fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2032-12-31') }).map(fromDayNumber);
  const card = fc.record({
    expMonth: fc.integer({ min: 1, max: 12 }),
    expYear: fc.integer({ min: 2024, max: 2033 }),
  });

  it('is raised at least 7 days ahead for every card that will have expired by its due date', () => {
    fc.assert(
      fc.property(card, day, (c, due) => {
        const flaggedAt7 = flagExpiryBeforeCharge(c, due, addDays(due, -7));
        expect(flaggedAt7).toBe(expiredBy(c, due));
        expect(flagExpiryBeforeCharge(c, due, addDays(due, -(EXPIRY_FLAG_DAYS + 1)))).toBe(false);
      }),
    );
  });

  it('is never raised for a card good on its due date', () => {
    fc.assert(
      fc.property(card, day, fc.integer({ min: 0, max: 40 }), (c, due, before) => {
        if (!expiredBy(c, due)) expect(flagExpiryBeforeCharge(c, due, addDays(due, -before))).toBe(false);
      }),
    );
  });
});
