import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  newClassTuitionInput,
  newPrivateTuitionInput,
  tuitionPriceDollars,
  tuitionPriceMessages,
} from './schema';

const TERM = '33333333-3333-4333-8333-333333333333';

describe('tuitionPriceDollars', () => {
  it.each([
    [0, 0],
    [60, 6000],
    [45.5, 4550],
    [19.99, 1999],
    [100000, 10_000_000],
  ])('$%s is %s cents', (dollars, cents) => {
    expect(tuitionPriceDollars.parse(dollars)).toBe(cents);
  });

  it.each([
    [undefined, messages.insufficientData],
    ['60', messages.insufficientData],
    [-1, tuitionPriceMessages.priceRange],
    [100000.01, tuitionPriceMessages.priceRange],
    [1.005, tuitionPriceMessages.priceCents],
  ])('refuses %s', (value, message) => {
    const result = tuitionPriceDollars.safeParse(value);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });
});

describe('new tuition prices', () => {
  it('default applyDiscount to true, and a private to one dancer', () => {
    expect(newClassTuitionInput.parse({ yearTermID: TERM, duration: 60, price: 60 })).toEqual({
      yearTermID: TERM,
      duration: 60,
      price: 6000,
      applyDiscount: true,
    });
    expect(newPrivateTuitionInput.parse({ yearTermID: TERM, name: 'Solo', price: 80 })).toMatchObject({
      nDancers: 1,
      applyDiscount: true,
      price: 8000,
    });
  });
});
