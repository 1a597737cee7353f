import { describe, expect, it } from 'vitest';
import { RECOVERY } from '../test/autopay-fixtures';
import { daysText, monthText, rateText } from './recovery';

describe('the recovery report’s words', () => {
  it.each([
    ['2026-12', 'December 2026'],
    ['2027-01', 'January 2027'],
    ['2027-13', '2027-13'],
  ])('%s reads %s', (month, text) => {
    expect(monthText(month)).toBe(text);
  });

  it('reads the rate as a percent, and a month with nothing failed as a dash', () => {
    expect(rateText(RECOVERY[0]!)).toBe('80 %');
    expect(rateText(RECOVERY[1]!)).toBe('0 %');
    expect(rateText({ ...RECOVERY[1]!, failed: { count: 0, amount: 0 } })).toBe('—');
  });

  it.each([
    [null, '—'],
    [1, '1 day'],
    [3.5, '3.5 days'],
  ])('%s days read %s', (days, text) => {
    expect(daysText(days)).toBe(text);
  });
});
