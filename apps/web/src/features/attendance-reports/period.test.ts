import { describe, expect, it } from 'vitest';
import { periodProblem, presetPeriod, tabOf } from './period';

const term = { dateStart: '2026-09-01', dateEnd: '2027-06-30' };

describe('presetPeriod', () => {
  it.each([
    ['thisMonth', '2026-11-21', { from: '2026-11-01', to: '2026-11-30' }],
    ['lastMonth', '2026-11-21', { from: '2026-10-01', to: '2026-10-31' }],
    ['lastMonth', '2026-01-05', { from: '2025-12-01', to: '2025-12-31' }],
    ['lastMonth', '2028-03-31', { from: '2028-02-01', to: '2028-02-29' }],
    ['thisTerm', '2026-11-21', { from: '2026-09-01', to: '2027-06-30' }],
  ] as const)('%s on %s', (preset, today, period) => {
    expect(presetPeriod(preset, today, term)).toEqual(period);
  });
  it('reads a term longer than a year from a year before its end, and this month without a term', () => {
    expect(
      presetPeriod('thisTerm', '2026-11-21', { dateStart: '2026-01-01', dateEnd: '2027-06-30' }),
    ).toEqual({
      from: '2026-06-30',
      to: '2027-06-30',
    });
    expect(presetPeriod('thisTerm', '2026-11-21', null)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});

describe('periodProblem and tabOf', () => {
  it('says what is wrong with a custom period, as the server would', () => {
    expect(periodProblem({ from: '2026-10-01', to: '2026-11-30' })).toBeNull();
    expect(periodProblem({ from: '2026-10-01', to: '' })).toMatch(/YYYY-MM-DD/);
    expect(periodProblem({ from: '2026-12-01', to: '2026-11-30' })).toMatch(/start on or before/);
    expect(periodProblem({ from: '2025-01-01', to: '2026-11-30' })).toMatch(/at most one year/);
  });
  it('opens the early warning unless a tab is named', () => {
    expect(tabOf(null)).toBe('streaks');
    expect(tabOf('dancers')).toBe('dancers');
    expect(tabOf('nonsense')).toBe('streaks');
  });
});
