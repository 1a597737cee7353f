import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import {
  type ChartSize,
  costumeDeposit,
  type DepositSetting,
  depositRefundable,
  inchesToTenths,
  type Measurements,
  measurementsStale,
  suggestSize,
  tenthsToInches,
} from './rules';

/**
 * The costume rules (issue 18): the size a dancer's measurements suggest, and the deposit a costume
 * asks. Tables for the cases the issue names, and properties over generated charts and prices.
 */

const TODAY = '2026-11-24';

/** A child's chart like a costume catalogue's (tenths of an inch): girth, chest and hips, no gaps. */
const chart: ChartSize[] = [
  { size: 'CS', girthMin: 400, girthMax: 439, chestMin: 200, chestMax: 219, hipsMin: 210, hipsMax: 229 },
  { size: 'CM', girthMin: 440, girthMax: 479, chestMin: 220, chestMax: 239, hipsMin: 230, hipsMax: 249 },
  { size: 'CL', girthMin: 480, girthMax: 519, chestMin: 240, chestMax: 259, hipsMin: 250, hipsMax: 269 },
];

const taken = (m: Partial<Measurements>, takenOn = '2026-11-01'): Measurements => ({
  takenOn,
  girth: null,
  chest: null,
  hips: null,
  ...m,
});

describe('suggestSize', () => {
  it.each<[string, Measurements | null, string[], string, boolean]>([
    ['every measure in one size', taken({ girth: 450, chest: 225, hips: 240 }), ['CM'], 'fits', false],
    ['on the bounds, inclusive', taken({ girth: 440, chest: 239 }), ['CM'], 'fits', false],
    ['one measure given', taken({ hips: 255 }), ['CL'], 'fits', false],
    ['girth and chest disagree', taken({ girth: 450, chest: 245 }), ['CM', 'CL'], 'between', false],
    ['below the smallest size', taken({ girth: 380 }), ['CS'], 'outside', false],
    ['above the largest size', taken({ chest: 300 }), ['CL'], 'outside', false],
    ['old measurements', taken({ girth: 450 }, '2026-08-01'), ['CM'], 'fits', true],
    ['exactly 90 days old is not stale', taken({ girth: 450 }, addDays(TODAY, -90)), ['CM'], 'fits', false],
    ['91 days old is stale', taken({ girth: 450 }, addDays(TODAY, -91)), ['CM'], 'fits', true],
    ['no measurements', null, [], 'none', true],
    ['measurements the chart has no ranges for', taken({}), [], 'none', false],
  ])('%s', (_, m, sizes, fit, stale) => {
    expect(suggestSize(chart, m, TODAY)).toEqual({ sizes, fit, stale });
  });

  it('a measurement in a gap between two sizes suggests both', () => {
    const gappy: ChartSize[] = [{ ...chart[0]!, girthMax: 430 }, { ...chart[1]!, girthMin: 445 }, chart[2]!];
    expect(suggestSize(gappy, taken({ girth: 437 }), TODAY)).toEqual({
      sizes: ['CS', 'CM'],
      fit: 'between',
      stale: false,
    });
  });

  it('overlapping sizes: the first in chart order', () => {
    const overlapping: ChartSize[] = [
      { ...chart[0]!, girthMax: 460 },
      { ...chart[1]!, girthMin: 440 },
    ];
    expect(suggestSize(overlapping, taken({ girth: 450 }), TODAY).sizes).toEqual(['CS']);
  });

  it('an empty chart suggests nothing', () => {
    expect(suggestSize([], taken({ girth: 450 }), TODAY)).toEqual({ sizes: [], fit: 'none', stale: false });
  });

  const bound = fc.option(fc.integer({ min: 100, max: 700 }), { nil: null });
  const chartArb = fc
    .array(
      fc.record({
        girthMin: bound,
        girthMax: bound,
        chestMin: bound,
        chestMax: bound,
        hipsMin: bound,
        hipsMax: bound,
      }),
      { minLength: 0, maxLength: 6 },
    )
    .map((rows) => rows.map((r, i) => ({ size: `S${i}`, ...r })));
  const value = fc.option(fc.integer({ min: 50, max: 800 }), { nil: null });
  const measured = fc.record({
    takenOn: fc.integer({ min: -400, max: 0 }).map((d) => addDays(TODAY, d)),
    girth: value,
    chest: value,
    hips: value,
  });

  it('suggests sizes of the chart, in its order, as many as its verdict says', () => {
    fc.assert(
      fc.property(chartArb, measured, (c, m) => {
        const s = suggestSize(c, m, TODAY);
        const names = c.map((x) => x.size);
        expect(s.sizes.every((x) => names.includes(x))).toBe(true);
        const order = s.sizes.map((x) => names.indexOf(x));
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        const count = { fits: 1, outside: 1, between: 2, none: 0 }[s.fit];
        expect(s.sizes).toHaveLength(count);
        expect(s.stale).toBe(measurementsStale(m, TODAY));
      }),
    );
  });

  it('a size that fits holds every measurement, and no earlier size does', () => {
    const holds = (size: ChartSize, m: Measurements) =>
      (['girth', 'chest', 'hips'] as const).every((k) => {
        const v = m[k];
        const min = size[`${k}Min`];
        const max = size[`${k}Max`];
        return v === null || ((min === null || v >= min) && (max === null || v <= max));
      });
    fc.assert(
      fc.property(chartArb, measured, (c, m) => {
        const s = suggestSize(c, m, TODAY);
        if (s.fit !== 'fits') return;
        const i = c.findIndex((x) => x.size === s.sizes[0]);
        expect(holds(c[i]!, m)).toBe(true);
        expect(c.slice(0, i).some((x) => holds(x, m))).toBe(false);
      }),
    );
  });
});

describe('costumeDeposit', () => {
  it.each<[string, DepositSetting, number, number]>([
    ['no deposit set', { kind: 'none' }, 8000, 0],
    ['a fixed amount', { kind: 'amount', cents: 2500 }, 8000, 2500],
    ['a fixed amount above the price is the price', { kind: 'amount', cents: 2500 }, 1999, 1999],
    ['half the price', { kind: 'percent', basisPoints: 5000 }, 8000, 4000],
    ['a third, rounded to the cent', { kind: 'percent', basisPoints: 3333 }, 10000, 3333],
    ['half a cent rounds up', { kind: 'percent', basisPoints: 5000 }, 8001, 4001],
    ['below half a cent rounds down', { kind: 'percent', basisPoints: 2500 }, 8001, 2000],
    ['a free costume asks nothing', { kind: 'percent', basisPoints: 5000 }, 0, 0],
  ])('%s', (_, setting, price, deposit) => {
    expect(costumeDeposit(setting, price)).toBe(deposit);
  });

  const setting = fc.oneof(
    fc.constant<DepositSetting>({ kind: 'none' }),
    fc.integer({ min: 0, max: 10_000_000 }).map((cents): DepositSetting => ({ kind: 'amount', cents })),
    fc
      .integer({ min: 0, max: 10_000 })
      .map((basisPoints): DepositSetting => ({ kind: 'percent', basisPoints })),
  );
  const price = fc.integer({ min: 0, max: 10_000_000 });

  it('is whole cents, never negative, never above the price', () => {
    fc.assert(
      fc.property(setting, price, (s, p) => {
        const d = costumeDeposit(s, p);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(p);
      }),
    );
  });

  it('a percentage is within half a cent of the exact share, and never falls as the price rises', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), price, price, (bp, a, b) => {
        const s: DepositSetting = { kind: 'percent', basisPoints: bp };
        expect(Math.abs(costumeDeposit(s, a) - (a * bp) / 10_000)).toBeLessThanOrEqual(0.5);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(costumeDeposit(s, lo)).toBeLessThanOrEqual(costumeDeposit(s, hi));
      }),
    );
  });

  it('100% is the price', () => {
    fc.assert(fc.property(price, (p) => costumeDeposit({ kind: 'percent', basisPoints: 10_000 }, p) === p));
  });
});

describe('depositRefundable', () => {
  it.each<[string | null, string, boolean]>([
    [null, TODAY, true],
    ['2026-12-01', '2026-11-30', true],
    ['2026-12-01', '2026-12-01', false],
    ['2026-12-01', '2026-12-02', false],
  ])('until %s, on %s: %s', (until, today, refundable) => {
    expect(depositRefundable(until, today)).toBe(refundable);
  });
});

describe('inches and tenths', () => {
  it('round-trip every tenth', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999 }), (t) => inchesToTenths(tenthsToInches(t)) === t));
  });
});
