import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  DISCOUNT_TEXT,
  describeDiscount,
  discountWriteInput,
  inApplicationOrder,
  percentText,
  roundingText,
} from './schema';

describe('describeDiscount', () => {
  it.each([
    [
      { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 },
      '10 % off each additional class, rounded to the dollar',
    ],
    [
      { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 },
      '$10.00 off for each additional child, rounded to the cent',
    ],
    [
      { typeID: 200, vTypeID: 100, value: 0.05, rValue: 500 },
      '5 % off for each additional child, rounded to five dollars',
    ],
    [
      { typeID: 100, vTypeID: 200, value: 250, rValue: 25 },
      '$2.50 off each additional class, rounded to the nearest $0.25',
    ],
    [
      { typeID: 100, vTypeID: 100, value: 0.125, rValue: 1 },
      '12.5 % off each additional class, rounded to the cent',
    ],
    [
      { typeID: 100, vTypeID: 200, value: 123456, rValue: 1000 },
      '$1,234.56 off each additional class, rounded to ten dollars',
    ],
  ])('%o reads "%s"', (discount, text) => {
    expect(describeDiscount(discount)).toBe(text);
  });

  it('shows a percentage without binary noise', () => {
    expect(percentText(0.07)).toBe('7 %');
    expect(percentText(0.123456)).toBe('12.3456 %');
    expect(percentText(1)).toBe('100 %');
    expect(percentText(0)).toBe('0 %');
  });

  it('names the usual rounding units', () => {
    expect([1, 5, 10, 100, 500, 1000, 250].map(roundingText)).toEqual([
      'the cent',
      'five cents',
      'ten cents',
      'the dollar',
      'five dollars',
      'ten dollars',
      'the nearest $2.50',
    ]);
  });
});

describe('discountWriteInput', () => {
  const base = { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 };
  const firstMessage = (input: unknown) => {
    const result = discountWriteInput.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes a valid discount and gives it an empty name', () => {
    expect(discountWriteInput.parse(base)).toEqual({ ...base, name: '' });
    expect(discountWriteInput.parse({ ...base, name: '  Second class ' }).name).toBe('Second class');
  });

  it.each([
    [{ ...base, typeID: 300 }, messages.insufficientData],
    [{ ...base, vTypeID: undefined }, messages.insufficientData],
    [{ ...base, value: '0.1' }, messages.insufficientData],
    [{ ...base, rValue: undefined }, messages.insufficientData],
    [{ ...base, value: 1.5 }, DISCOUNT_TEXT.percentRange],
    [{ ...base, value: -0.1 }, DISCOUNT_TEXT.percentRange],
    [{ ...base, value: 0.1234567 }, DISCOUNT_TEXT.percentPrecision],
    [{ ...base, vTypeID: 200, value: -100 }, DISCOUNT_TEXT.fixedNegative],
    [{ ...base, vTypeID: 200, value: 10.5 }, DISCOUNT_TEXT.fixedCents],
    [{ ...base, vTypeID: 200, value: 10_000_001 }, DISCOUNT_TEXT.fixedTooLarge],
    [{ ...base, rValue: 0 }, DISCOUNT_TEXT.rounding],
    [{ ...base, rValue: 2.5 }, DISCOUNT_TEXT.rounding],
    [{ ...base, rValue: 10_001 }, DISCOUNT_TEXT.rounding],
    [{ ...base, name: 'x'.repeat(81) }, DISCOUNT_TEXT.nameTooLong],
  ])('refuses %o with "%s"', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('allows 0 % to 100 % and a fixed amount of 0', () => {
    expect(firstMessage({ ...base, value: 0 })).toBeNull();
    expect(firstMessage({ ...base, value: 1 })).toBeNull();
    expect(firstMessage({ ...base, vTypeID: 200, value: 0 })).toBeNull();
  });
});

describe('inApplicationOrder', () => {
  it('puts multi-class first, then sibling, each by order', () => {
    const list = [
      { id: 'c', typeID: 200, order: 0 },
      { id: 'b', typeID: 100, order: 1 },
      { id: 'a', typeID: 100, order: 0 },
      { id: 'd', typeID: 200, order: 0 },
    ];
    expect(inApplicationOrder(list).map((d) => d.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
