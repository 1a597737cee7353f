import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, daysInclusive, makeDate, weekdayOf } from '../dates';
import {
  goodRetryDay,
  lastBusinessDay,
  MAX_AUTOPAY_TRIES,
  nextRetryDay,
  RETRY_WINDOW_DAYS,
  retryDays,
} from './retry-schedule';
import { isHardDecline } from './rules';

describe('the retry schedule (decision 070)', () => {
  it.each([
    // Tuesday December 1st, 2026: the day after the payday, the Friday, the next Friday, the day after the
    // 15th, Friday the 25th, then nothing left in the window (the day after December 31st is January 1st).
    ['2026-12-01', ['2026-12-01', '2026-12-02', '2026-12-04', '2026-12-11', '2026-12-16', '2026-12-25']],
    // Friday January 15th, 2027: the day after it (the 16th), two Fridays, the day after February 1st's
    // payday, a Friday.
    ['2027-01-15', ['2027-01-15', '2027-01-16', '2027-01-22', '2027-01-29', '2027-02-02', '2027-02-12']],
  ])('a charge first declined on %s is tried on %j', (first, days) => {
    expect(retryDays(first)).toEqual(days);
  });

  it.each([
    ['2026-12-31', '2026-12-31'],
    ['2027-01-10', '2027-01-29'],
    ['2027-05-03', '2027-05-31'],
    ['2027-10-01', '2027-10-29'],
  ])('the last business day of %s’s month is %s', (day, last) => {
    expect(lastBusinessDay(day)).toBe(last);
  });

  it.each([
    ['2026-12-02', 'after-payday'],
    ['2026-12-16', 'after-payday'],
    ['2027-01-01', 'after-payday'],
    ['2026-12-04', 'friday'],
    ['2026-12-03', null],
  ] as const)('%s is a good day: %s', (day, why) => {
    expect(goodRetryDay(day)).toBe(why);
  });

  it('never tries after a hard decline, nor after the eighth try', () => {
    const so = { firstTry: '2026-12-01', lastTry: '2026-12-01', tries: 1 };
    expect(nextRetryDay({ ...so, lastCode: 'EXPIRED_CARD' })).toBeNull();
    expect(nextRetryDay({ ...so, lastCode: 'INSUFFICIENT_FUNDS' })).toBe('2026-12-02');
    expect(nextRetryDay({ ...so, tries: MAX_AUTOPAY_TRIES, lastCode: null })).toBeNull();
  });

  const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays(makeDate(2025, 1, 1), n));
  const code = fc.constantFrom(null, 'INSUFFICIENT_FUNDS', 'GENERIC_DECLINE', 'EXPIRED_CARD', 'INVALID_CARD');

  it('properties: at most 8 tries, all within 30 days of the first, on strictly later days', () => {
    fc.assert(
      fc.property(day, (first) => {
        const days = retryDays(first);
        expect(days.length).toBeLessThanOrEqual(MAX_AUTOPAY_TRIES);
        expect(days.length).toBeGreaterThanOrEqual(3);
        for (let i = 1; i < days.length; i++) {
          expect(compareDates(days[i]!, days[i - 1]!)).toBeGreaterThan(0);
          expect(goodRetryDay(days[i]!)).not.toBeNull();
        }
        expect(daysInclusive(first, days.at(-1)!)).toBeLessThanOrEqual(RETRY_WINDOW_DAYS);
      }),
      { numRuns: 500 },
    );
  });

  it('properties: any history of tries gets a next day later than the last, in the window, or none', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 12 }),
        code,
        (first, late, tries, lastCode) => {
          const lastTry = addDays(first, late);
          const next = nextRetryDay({ firstTry: first, lastTry, tries, lastCode });
          if (isHardDecline(lastCode) || tries >= MAX_AUTOPAY_TRIES || tries < 1) expect(next).toBeNull();
          if (next === null) return;
          expect(compareDates(next, lastTry)).toBeGreaterThan(0);
          expect(daysInclusive(first, next)).toBeLessThanOrEqual(RETRY_WINDOW_DAYS);
          expect([0, 1, 2, 3, 4, 5, 6]).toContain(weekdayOf(next));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
