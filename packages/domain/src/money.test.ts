import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  centsText,
  centsToDollars,
  dollarsSchema,
  dollarsText,
  dollarsToCents,
  formatDollars,
  parseMoneyInput,
  roundTo,
  TuitionInputError,
} from './money';

describe('roundTo', () => {
  it.each<[number, number, number]>([
    [3645, 100, 3600],
    [3650, 100, 3700],
    [3649.999, 100, 3600],
    [4500 * 0.81, 100, 3600],
    // 45 × (1 − 0.3) is 31.5 on paper but 31.499999999999996 in binary; the half still goes up.
    [45 * (1 - 0.3), 1, 32],
    [1.005 * 1000, 1, 1005],
    [4505 * 0.9, 1, 4055],
    [1125.5, 1, 1126],
    [1125.49, 1, 1125],
    [5670, 500, 5500],
    [5750, 500, 6000],
    [249.99, 500, 0],
    [250, 500, 500],
    [43_640.625, 1, 43_641],
    [-5, 1, 0],
    [-0.4, 1, 0],
    [0, 100, 0],
  ])('roundTo(%d, %i) = %i', (x, unit, expected) => {
    expect(roundTo(x, unit)).toBe(expected);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a unit of %d', (unit) => {
    expect(() => roundTo(10, unit)).toThrow(TuitionInputError);
  });

  it('is a multiple of the unit, never below 0, at most half a unit away', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (x, unit) => {
          const r = roundTo(x, unit);
          expect(r % unit).toBe(0);
          expect(r).toBeGreaterThanOrEqual(0);
          expect(Math.abs(r - x)).toBeLessThanOrEqual(unit / 2 + 1e-6);
        },
      ),
    );
  });
});

describe('cents and dollars at the API edge', () => {
  it.each<[number, number]>([
    [10_500, 105],
    [4999, 49.99],
    [1, 0.01],
    [0, 0],
  ])('%i cents is %d dollars and back', (cents, amount) => {
    expect(centsToDollars(cents)).toBe(amount);
    expect(dollarsToCents(amount)).toBe(cents);
  });

  it('reads binary-fraction dollars exactly', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(-3.5)).toBe(-350);
  });

  it('refuses a third decimal and fractional cents', () => {
    expect(() => dollarsToCents(1.005)).toThrow(TuitionInputError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(TuitionInputError);
    expect(() => centsToDollars(10.5)).toThrow(TuitionInputError);
  });

  it('parses dollar fields to cents with zod', () => {
    expect(dollarsSchema.parse(35)).toBe(3500);
    expect(dollarsSchema.parse(20.05)).toBe(2005);
    expect(dollarsSchema.safeParse(1.234).success).toBe(false);
  });

  it.each<[number, string]>([
    [10_500, '105.00'],
    [4999, '49.99'],
    [5, '0.05'],
    [0, '0.00'],
    [-350, '-3.50'],
  ])('formats %i as %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });

  it('round-trips every amount of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});

describe('TuitionInputError', () => {
  it('carries the spec’s text and what was wrong', () => {
    try {
      parseMoneyInput(dollarsSchema, 'x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TuitionInputError);
      expect((error as TuitionInputError).message).toBe('invalid entry please try again later.');
      expect((error as TuitionInputError).message).toBe(messages.tuitionInputInvalid);
      expect((error as TuitionInputError).code).toBe('bad_request');
      expect((error as TuitionInputError).issues.length).toBeGreaterThan(0);
    }
  });
});

describe('centsText and dollarsText', () => {
  it.each<[number, string]>([
    [123_456, '$1,234.56'],
    [5, '$0.05'],
    [0, '$0.00'],
    [10_000_000, '$100,000.00'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(centsText(cents)).toBe(text);
    expect(dollarsText(cents / 100)).toBe(text);
  });
});
