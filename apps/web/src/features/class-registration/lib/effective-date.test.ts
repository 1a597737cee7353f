import { describe, expect, it } from 'vitest';
import { defaultEffectiveDate, effectiveWindow, isInWindow } from './effective-date';

const term = { name: '2026-2027', dateStart: '2026-09-01', dateEnd: '2027-06-30' };

describe('the owner’s effective date', () => {
  it('runs from the first of the current month to the term’s last day, today by default', () => {
    const b = { today: '2026-11-21', term };
    expect(effectiveWindow(b)).toEqual({ min: '2026-11-01', max: '2027-06-30' });
    expect(defaultEffectiveDate(b)).toBe('2026-11-21');
  });

  it('before the term begins: from its first day, which is also the default', () => {
    const b = { today: '2026-08-20', term };
    expect(effectiveWindow(b)).toEqual({ min: '2026-09-01', max: '2027-06-30' });
    expect(defaultEffectiveDate(b)).toBe('2026-09-01');
  });

  it('in the term’s first month the month’s start is before the term’s: the term’s first day wins', () => {
    const b = { today: '2026-09-15', term: { ...term, dateStart: '2026-09-08' } };
    expect(effectiveWindow(b).min).toBe('2026-09-08');
  });

  it('takes only whole dates inside the window', () => {
    const w = { min: '2026-11-01', max: '2027-06-30' };
    expect(isInWindow('2026-11-01', w)).toBe(true);
    expect(isInWindow('2027-06-30', w)).toBe(true);
    expect(isInWindow('2026-10-31', w)).toBe(false);
    expect(isInWindow('2027-07-01', w)).toBe(false);
    expect(isInWindow('', w)).toBe(false);
    expect(isInWindow('2026-11', w)).toBe(false);
  });
});
