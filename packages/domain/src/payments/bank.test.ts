import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountNumberValid, isReturnCode, returnGroupOf, routingNumberValid } from './bank';

describe('routing numbers (ABA check digit)', () => {
  it.each([
    ['110000000', true],
    ['021000021', true],
    ['011000015', true],
    ['110000001', false],
    ['02100002', false],
    ['0210000210', false],
    ['02100002a', false],
  ])('%s is %s', (routing, valid) => {
    expect(routingNumberValid(routing)).toBe(valid);
  });

  it('one changed digit is always caught', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const digits = [...'021000021'].map(Number);
        digits[at] = (digits[at]! + delta) % 10;
        expect(routingNumberValid(digits.join(''))).toBe(false);
      }),
    );
  });
});

describe('account numbers', () => {
  it.each([
    ['1234', true],
    ['000123456789', true],
    ['0001-2345 6789', true],
    ['123', false],
    ['123456789012345678', false],
    ['12a4', false],
  ])('%s is %s', (account, valid) => {
    expect(accountNumberValid(account)).toBe(valid);
  });
});

describe("Nacha's return groups (decision 066 §4)", () => {
  it.each([
    ['R01', 'funds'],
    ['R09', 'funds'],
    ['R02', 'administrative'],
    ['R03', 'administrative'],
    ['R04', 'administrative'],
    ['R05', 'unauthorized'],
    ['R07', 'unauthorized'],
    ['R10', 'unauthorized'],
    ['R11', 'unauthorized'],
    ['R29', 'unauthorized'],
    ['R51', 'unauthorized'],
    ['R16', 'other'],
    ['r01', 'funds'],
  ])('%s is %s', (code, group) => {
    expect(returnGroupOf(code)).toBe(group);
  });

  it('tells a return code from a card decline', () => {
    expect(isReturnCode('R01')).toBe(true);
    expect(isReturnCode('INSUFFICIENT_FUNDS')).toBe(false);
    expect(isReturnCode(null)).toBe(false);
  });
});
