import { describe, expect, it } from 'vitest';
import { csvLineOf, csvMoney, csvText } from './csv';

describe("the accountant's CSV", () => {
  it('writes money with two decimals, a minus first, never quoted', () => {
    expect(csvMoney(123456)).toBe('1234.56');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(-5)).toBe('-0.05');
    expect(csvMoney(-100000)).toBe('-1000.00');
    expect(csvMoney(0)).toBe('0.00');
  });

  it('quotes a text with a comma, a quote or a line break, and defuses a formula', () => {
    expect(csvLineOf(['Paid "too much", at the desk', { cents: -250 }, null, '=1+1', 'a\nb'])).toBe(
      '"Paid ""too much"", at the desk",-2.50,,\'=1+1,"a\nb"',
    );
  });

  it('ends every line with CRLF', () => {
    expect(
      csvText([
        ['a', { cents: 1 }],
        ['b', null],
      ]),
    ).toBe('a,0.01\r\nb,\r\n');
  });
});
