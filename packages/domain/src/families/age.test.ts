import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInQuarterYears, emailList, formatAge } from './age';

describe('ageInQuarterYears', () => {
  it.each([
    ['2016-04-12', '2026-04-12', 10],
    ['2016-04-12', '2026-04-11', 9.75],
    ['2016-04-12', '2026-07-11', 10],
    ['2016-04-12', '2026-07-12', 10.25],
    ['2016-04-12', '2026-10-12', 10.5],
    ['2016-04-12', '2027-01-12', 10.75],
    ['2016-02-29', '2026-02-28', 9.75],
    ['2016-02-29', '2026-03-01', 10],
    ['2026-11-01', '2026-11-21', 0],
    ['2026-11-22', '2026-11-21', null],
    ['not a date', '2026-11-21', null],
    ['2016-13-01', '2026-11-21', null],
  ])('born %s, on %s → %s', (dob, today, age) => {
    expect(ageInQuarterYears(dob, today)).toBe(age);
  });

  it('takes only the first 10 characters of a date of birth (001 §3)', () => {
    expect(ageInQuarterYears('2016-04-12T00:00:00.000Z', '2026-04-12')).toBe(10);
  });

  it('is always a whole number of quarters and never decreases as time passes', () => {
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, day, day, (a, b, c) => {
        const [birth, first, second] = [a, b, c].map((d) => d.toISOString().slice(0, 10)).sort() as [
          string,
          string,
          string,
        ];
        const early = ageInQuarterYears(birth, first);
        const late = ageInQuarterYears(birth, second);
        expect(early).not.toBeNull();
        expect(Number.isInteger((early as number) * 4)).toBe(true);
        expect(late as number).toBeGreaterThanOrEqual(early as number);
      }),
    );
  });
});

describe('formatAge', () => {
  it.each([
    [7, '7'],
    [7.25, '7¼'],
    [7.5, '7½'],
    [7.75, '7¾'],
    [0.5, '½'],
    [0, 'under ¼'],
    [null, ''],
  ])('%s → %s', (age, text) => {
    expect(formatAge(age)).toBe(text);
  });
});

describe('emailList', () => {
  it('lower-cases, drops blanks and repeats, and sorts', () => {
    expect(
      emailList(['B@x.example', ' a@x.example', 'b@X.example', '', null, undefined, 'c@x.example']),
    ).toEqual(['a@x.example', 'b@x.example', 'c@x.example']);
  });
});
