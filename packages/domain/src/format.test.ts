import { describe, expect, it } from 'vitest';
import { datesInWords } from './format';

describe('datesInWords', () => {
  it.each([
    [
      'Check of $25.00 received 2026-12-01 came back unpaid',
      'Check of $25.00 received Dec 1, 2026 came back unpaid',
    ],
    ['From 2026-09-01 to 2027-06-30', 'From Sep 1, 2026 to Jun 30, 2027'],
    ['Monthly tuition $120.00', 'Monthly tuition $120.00'],
    ['Order 12026-12-011', 'Order 12026-12-011'],
  ])('%s', (text, shown) => {
    expect(datesInWords(text)).toBe(shown);
  });
});
