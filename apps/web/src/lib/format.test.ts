import { describe, expect, it } from 'vitest';
import { dateRange, formatPhoneTyping, studioDateTime } from './format';

describe('formatPhoneTyping', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['(555) 123-45678', '(555) 123-4567'],
    ['+1 555 123 4567', '(555) 123-4567'],
  ])('%s → %s', (input, output) => {
    expect(formatPhoneTyping(input)).toBe(output);
  });
});

describe('dates', () => {
  it('shows a term as calendar dates', () => {
    expect(dateRange('2026-09-01', '2027-06-30')).toBe('Sep 1, 2026 – Jun 30, 2027');
  });

  it('shows instants in the studio time zone, New York by default', () => {
    expect(studioDateTime('2026-11-21T15:30:00Z')).toBe('Nov 21, 2026, 10:30 AM');
    expect(studioDateTime('2026-11-21T15:30:00Z', 'America/Los_Angeles')).toBe('Nov 21, 2026, 7:30 AM');
  });
});
