import { describe, expect, it } from 'vitest';
import { isDay, lastMonth, monthSoFar, periodProblem, sideText, yearSoFar } from './books';

describe('the Books page rules', () => {
  it('knows a real day', () => {
    expect(isDay('2026-11-30')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('30/11/2026')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('says which end of a period is wrong', () => {
    expect(periodProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(periodProblem({ from: '', to: '2026-11-30' })).toMatchObject({ from: true, to: false });
    expect(periodProblem({ from: '2026-11-01', to: 'x' })).toMatchObject({ from: false, to: true });
    expect(periodProblem({ from: '2026-12-01', to: '2026-11-30' })).toMatchObject({ from: true, to: true });
  });

  it('gives the usual periods', () => {
    expect(monthSoFar('2026-12-05')).toEqual({ from: '2026-12-01', to: '2026-12-05' });
    expect(lastMonth('2026-12-05')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lastMonth('2027-01-10')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth('2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(yearSoFar('2026-12-05')).toEqual({ from: '2026-01-01', to: '2026-12-05' });
  });

  it('prints a balance with its side', () => {
    const f = (n: number) => `$${n.toFixed(2)}`;
    expect(sideText(120, f)).toBe('$120.00 Dr');
    expect(sideText(-45.5, f)).toBe('$45.50 Cr');
    expect(sideText(0, f)).toBe('$0.00');
  });
});
