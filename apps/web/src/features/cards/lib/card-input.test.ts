import { describe, expect, it } from 'vitest';
import {
  cardSentences,
  checkCard,
  expiryText,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  tokenRequestOf,
} from './card-input';

const TODAY = { year: 2026, month: 11 };
const good = {
  number: '4895 1422 3212 0006',
  expiry: '12/30',
  cvc: '123',
  name: 'Priya Patel',
  zip: '10001',
};

describe('card input', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4895', '4895'],
    ['48951', '4895 1'],
    ['4895142232120006', '4895 1422 3212 0006'],
    ['4895-1422 3212x0006', '4895 1422 3212 0006'],
    ['48951422321200061234999', '4895 1422 3212 0006 123'],
  ])('writes the number %j in groups of four: %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['12/30', '12/30'],
    ['1230', '12/30'],
    ['12/305', '12/30'],
  ])('writes the expiry %j as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('checks the number by its last digit (Luhn)', () => {
    expect(luhnValid('4895142232120006')).toBe(true);
    expect(luhnValid('4000000000000069')).toBe(true);
    expect(luhnValid('4895142232120007')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it.each([
    ['a good card', {}, {}],
    ['no number', { number: '' }, { number: cardSentences.numberMissing }],
    ['a short number', { number: '4242 4242' }, { number: cardSentences.numberLength }],
    ['a typing mistake', { number: '4895 1422 3212 0007' }, { number: cardSentences.numberInvalid }],
    ['no expiry', { expiry: '' }, { expiry: cardSentences.expiryMissing }],
    ['half an expiry', { expiry: '12/' }, { expiry: cardSentences.expiryMissing }],
    ['month 13', { expiry: '13/30' }, { expiry: cardSentences.expiryMonth }],
    ['last month', { expiry: '10/26' }, { expiry: cardSentences.expired }],
    ['this month (good to its last day)', { expiry: '11/26' }, {}],
    ['a two-digit CVC', { cvc: '12' }, { cvc: cardSentences.cvc }],
    ['no name', { name: '  ' }, { name: cardSentences.name }],
    ['a four-digit ZIP', { zip: '1000' }, { zip: cardSentences.zip }],
    ['ZIP+4', { zip: '10001-1234' }, {}],
  ])('%s', (_, change, errors) => {
    expect(checkCard({ ...good, ...change }, TODAY)).toEqual(errors);
  });

  it('sends the processor the digits and a four-digit year', () => {
    expect(tokenRequestOf(good)).toEqual({
      number: '4895142232120006',
      expMonth: 12,
      expYear: 2030,
      cvv: '123',
      name: 'Priya Patel',
      postalCode: '10001',
    });
    expect(expiryText({ expMonth: 3, expYear: 2027 })).toBe('03/2027');
  });
});
