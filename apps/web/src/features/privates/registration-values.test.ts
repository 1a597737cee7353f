import { privateRegistrationInput } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TOGGLES,
  defaultStartDate,
  flagsOfStep,
  priceAfterDollar,
  priceText,
  toggleUpdate,
} from './registration-values';
import { REG, registration } from './test/privates-fixtures';

describe('the price of a new registration (002 §5)', () => {
  it.each([
    ['$70.00', '70.00'],
    ['$ 45.5 ', '45.5'],
    ['70', '70'],
    ['USD $1,200.00', '1,200.00'],
    ['$', ''],
    ['', ''],
  ])('sends the part of %j after the $: %j', (text, sent) => {
    expect(priceAfterDollar(text)).toBe(sent);
  });

  it('starts from the lesson price as "$70.00"', () => {
    expect(priceText(70)).toBe('$70.00');
    expect(priceText(1250.5)).toBe('$1,250.50');
  });

  it('sends what the server reads as cents', () => {
    const parse = (text: string) =>
      privateRegistrationInput.safeParse({
        studentID: REG,
        privID: REG,
        price: priceAfterDollar(text),
        dateStart: '2026-09-08',
      });
    expect(parse('$70.00').data?.price).toBe(7000);
    expect(parse('$1,200.50').data?.price).toBe(120050);
    expect(parse('$seventy').success).toBe(false);
  });
});

describe('the start date of a new registration', () => {
  const term = { dateStart: '2026-09-01', dateEnd: '2027-06-30' };
  it.each([
    ['2026-10-15', '2026-10-15'],
    ['2026-07-04', '2026-09-01'],
    ['2027-08-01', '2027-06-30'],
    ['2026-09-01', '2026-09-01'],
  ])('today %s starts on %s', (today, start) => {
    expect(defaultStartDate(today, term)).toBe(start);
  });
  it('is today when the term is unknown', () => {
    expect(defaultStartDate('2026-07-04', null)).toBe('2026-07-04');
  });
});

describe('the activity toggles (002 §4)', () => {
  it('map Active, Competition, Recital, Costume to steps 1 to 4', () => {
    expect(ACTIVITY_TOGGLES.map((t) => [t.label, t.step])).toEqual([
      ['Active', 1],
      ['Competition', 2],
      ['Recital', 3],
      ['Costume', 4],
    ]);
  });

  it.each([
    ['status', 1, 1, 0],
    ['status', 0, 1, 1],
    ['competition', 1, 2, 0],
    ['competition', 0, 2, 1],
    ['recital', 1, 3, 0],
    ['costume', 0, 4, 1],
  ] as const)('turning %s over from %i sends step %i, status %i', (key, from, step, status) => {
    expect(toggleUpdate(registration({ [key]: from }), key)).toEqual({ regID: REG, step, status });
  });

  it('step 1 moves all four flags, the others one each', () => {
    expect(flagsOfStep(1)).toEqual(['status', 'competition', 'recital', 'costume']);
    expect(flagsOfStep(2)).toEqual(['competition']);
    expect(flagsOfStep(4)).toEqual(['costume']);
  });
});
