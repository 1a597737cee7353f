import { describe, expect, it } from 'vitest';
import { axisMoney, niceStep, revenueChart, yearMarks } from './revenue-chart';

describe('revenueChart', () => {
  const rows = [
    { month: '2026-10', category: 'late_fee' as const, total: 40 },
    { month: '2026-10', category: 'tuition' as const, total: 4350.5 },
    { month: '2026-09', category: 'tuition' as const, total: 4200 },
    { month: '2026-09', category: 'registration_fee' as const, total: 600 },
    { month: '2026-11', category: 'tuition' as const, total: 4100 },
  ];

  it('shows the 12 months up to today’s, in order, a month without revenue included', () => {
    const chart = revenueChart(rows, '2026-11-21');
    expect(chart.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(chart.months[0]).toMatchObject({
      label: 'Dec',
      name: 'December 2025',
      total: 0,
      segments: [],
    });
    // The year under the first month and again at January; every other month named, under February.
    expect([...yearMarks(chart.months)]).toEqual([
      [0, '2025'],
      [1, '2026'],
    ]);
    expect([...yearMarks(chart.months, 2)]).toEqual([
      [0, '2025'],
      [2, '2026'],
    ]);
  });

  it('stacks each month’s kinds in the studio’s order, each starting where the previous ended', () => {
    const chart = revenueChart(rows, '2026-11-21');
    expect(chart.categories).toEqual(['tuition', 'registration_fee', 'late_fee']);
    const october = chart.months.find((m) => m.month === '2026-10')!;
    expect(october.total).toBe(4390.5);
    expect(october.segments).toEqual([
      { category: 'tuition', total: 4350.5, from: 0, to: 4350.5 },
      { category: 'late_fee', total: 40, from: 4350.5, to: 4390.5 },
    ]);
    const september = chart.months.find((m) => m.month === '2026-09')!;
    expect(september.segments.map((s) => [s.category, s.from, s.to])).toEqual([
      ['tuition', 0, 4200],
      ['registration_fee', 4200, 4800],
    ]);
  });

  it('adds rows of the same month and kind to the cent, and reads a full date as its month', () => {
    const chart = revenueChart(
      [
        { month: '2026-11-01', category: 'other', total: 0.1 },
        { month: '2026-11', category: 'other', total: 0.2 },
      ],
      '2026-11-21',
    );
    expect(chart.months.at(-1)!.segments).toEqual([{ category: 'other', total: 0.3, from: 0, to: 0.3 }]);
  });

  it('scales to a round top above the largest month, with round lines', () => {
    const chart = revenueChart(rows, '2026-11-21');
    expect(chart.min).toBe(0);
    expect(chart.max).toBe(5000);
    expect(chart.ticks).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
  });

  it('stacks a kind with more taken back than charged below zero', () => {
    const chart = revenueChart(
      [
        { month: '2026-11', category: 'tuition', total: 300 },
        { month: '2026-11', category: 'costume', total: -120 },
      ],
      '2026-11-21',
    );
    const november = chart.months.at(-1)!;
    expect(november.total).toBe(180);
    expect(november.segments).toEqual([
      { category: 'tuition', total: 300, from: 0, to: 300 },
      { category: 'costume', total: -120, from: 0, to: -120 },
    ]);
    expect(chart.min).toBeLessThan(0);
    expect(chart.ticks).toContain(0);
    expect(chart.min).toBeLessThanOrEqual(-120);
    expect(chart.max).toBeGreaterThanOrEqual(300);
  });

  it('widens the span to a month the server gave outside the last 12', () => {
    const chart = revenueChart([{ month: '2025-10', category: 'tuition', total: 10 }], '2026-11-21');
    expect(chart.months[0]!.month).toBe('2025-10');
    expect(chart.months).toHaveLength(14);
  });

  it('says when there is nothing to draw', () => {
    const chart = revenueChart([{ month: '2026-11', category: 'tuition', total: 0 }], '2026-11-21');
    expect(chart.empty).toBe(true);
    expect(chart.categories).toEqual([]);
    expect(revenueChart([], '2026-11-21').months).toHaveLength(12);
  });
});

describe('the scale', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(4800)).toBe(1000);
    expect(niceStep(900)).toBe(200);
    expect(niceStep(1100)).toBe(250);
    expect(niceStep(40)).toBe(10);
    expect(niceStep(0)).toBe(1);
  });

  it('names its figures briefly', () => {
    expect(axisMoney(0)).toBe('$0');
    expect(axisMoney(250)).toBe('$250');
    expect(axisMoney(622.5)).toBe('$623');
    expect(axisMoney(7.5)).toBe('$7.5');
    expect(axisMoney(2500)).toBe('$2.5k');
    expect(axisMoney(12000)).toBe('$12k');
    expect(axisMoney(-1000)).toBe('−$1k');
    expect(axisMoney(1_200_000)).toBe('$1.2M');
  });
});
