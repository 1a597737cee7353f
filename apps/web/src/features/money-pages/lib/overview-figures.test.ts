import { describe, expect, it } from 'vitest';
import { overview } from '../test/money-fixtures';
import { agingRows, monthToDate, rangeProblem, takingsByMethod } from './overview-figures';

describe('takingsByMethod', () => {
  it('lists every method in order, $0 for one that took nothing', () => {
    const { rows } = takingsByMethod(overview().takings);
    expect(rows.map((r) => r.method)).toEqual(['cash', 'check', 'terminal', 'card', 'credit', 'bank']);
    expect(rows[1]).toEqual({
      method: 'check',
      label: 'Check',
      today: { total: 0, count: 0 },
      month: { total: 540, count: 1 },
    });
    expect(rows[4]!.label).toBe('Credit applied');
  });

  it('counts money received without the credit families used', () => {
    expect(takingsByMethod(overview().takings).received).toEqual({ today: 239.5, month: 4439.75 });
  });
});

describe('agingRows', () => {
  it('gives the ages in order, not yet due first, with their share of what is owed, a missing age at $0', () => {
    const rows = agingRows([
      { bucket: '90+', total: 250 },
      { bucket: '0-30', total: 500 },
      { bucket: 'not-due', total: 250 },
    ]);
    expect(rows.map((r) => [r.label, r.total, r.share])).toEqual([
      ['Not yet due', 250, 25],
      ['0–30 days', 500, 50],
      ['31–60 days', 0, 0],
      ['61–90 days', 0, 0],
      ['Over 90 days', 250, 25],
    ]);
    expect(agingRows([]).every((r) => r.share === 0)).toBe(true);
  });
});

describe('the export range', () => {
  it('is this month to today at first', () => {
    expect(monthToDate('2026-11-21')).toEqual({ from: '2026-11-01', to: '2026-11-21' });
  });

  it('needs both days, the first on or before the last', () => {
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeProblem('', '2026-11-01')).toEqual({
      message: 'Choose the start date.',
      from: true,
      to: false,
    });
    expect(rangeProblem('2026-11-01', '')).toEqual({
      message: 'Choose the end date.',
      from: false,
      to: true,
    });
    expect(rangeProblem('2026-11-02', '2026-11-01')?.message).toBe(
      'The start date must be on or before the end date.',
    );
  });
});
