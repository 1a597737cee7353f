import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { TuitionInputError } from '../money';
import { countMeetings, periodCharge } from './period-charge';

const MON = 0;
const TUE = 1;
const THU = 3;
const SUN = 6;

describe('periodCharge', () => {
  it.each<[string, number, number, string, string, number]>([
    // The worked example of domain-rules.md §2 (Tuesdays in September 2026: 1, 8, 15, 22, 29).
    ['two Tuesdays left in September', 6000, TUE, '2026-09-16', '2026-09-30', 3000],
    ['the whole month with five Tuesdays is the full price', 6000, TUE, '2026-09-01', '2026-09-30', 6000],
    // The worked example of §3: the Thursday class from 2026-09-16 (17 and 24).
    ['two Thursdays left in September', 4500, THU, '2026-09-16', '2026-09-30', 2250],
    ['a whole month with four Tuesdays (October 2026)', 6000, TUE, '2026-10-01', '2026-10-31', 6000],
    ['four Sundays in September 2026', 6000, SUN, '2026-09-01', '2026-09-30', 6000],
    ['one day that is a Tuesday', 6000, TUE, '2026-09-22', '2026-09-22', 1500],
    ['one day that is not', 6000, MON, '2026-09-22', '2026-09-22', 0],
    [
      'three meetings, rounded to the cent: 4505 × 3 / 4 = 3378.75',
      4505,
      TUE,
      '2026-09-08',
      '2026-09-22',
      3379,
    ],
    ['a half cent rounds up: 4502 / 4 = 1125.5', 4502, TUE, '2026-09-29', '2026-09-30', 1126],
    ['across two months, each counted at most 4 times: 2 + 4', 6000, TUE, '2026-09-16', '2026-10-31', 9000],
    ['two whole months are two months: 4 + 4, not 4', 6000, TUE, '2026-09-01', '2026-10-31', 12_000],
    ['a price of 0', 0, TUE, '2026-09-01', '2026-09-30', 0],
    ['February of a leap year, Mondays 5, 12, 19, 26', 1000, MON, '2028-02-01', '2028-02-29', 1000],
  ])('%s', (_name, price, weekday, from, to, expected) => {
    expect(periodCharge(price, weekday, from, to)).toBe(expected);
  });

  it.each<[string, number, number, string, string]>([
    ['a negative price', -1, TUE, '2026-09-01', '2026-09-30'],
    ['a price that is not whole cents', 10.5, TUE, '2026-09-01', '2026-09-30'],
    ['weekday 7', 6000, 7, '2026-09-01', '2026-09-30'],
    ['a weekday that is not whole', 6000, 1.5, '2026-09-01', '2026-09-30'],
    ['a date that does not exist', 6000, TUE, '2026-02-30', '2026-03-31'],
    ['a date not written YYYY-MM-DD', 6000, TUE, '2026-9-1', '2026-09-30'],
    ['an end before the start', 6000, TUE, '2026-09-30', '2026-09-01'],
  ])('refuses %s', (_name, price, weekday, from, to) => {
    expect(() => periodCharge(price, weekday, from, to)).toThrow(TuitionInputError);
    expect(() => periodCharge(price, weekday, from, to)).toThrow(messages.tuitionInputInvalid);
  });
});

describe('countMeetings', () => {
  it.each<[number, string, string, number]>([
    [TUE, '2026-09-01', '2026-09-30', 4],
    [TUE, '2026-09-01', '2026-09-07', 1],
    [TUE, '2026-09-02', '2026-09-07', 0],
    [THU, '2026-09-16', '2026-09-30', 2],
    [TUE, '2026-09-01', '2027-06-30', 40],
  ])('weekday %i from %s to %s: %i', (weekday, from, to, expected) => {
    expect(countMeetings(weekday as 0, from, to)).toBe(expected);
  });
});
