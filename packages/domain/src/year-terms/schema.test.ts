import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { latestYearTermEnd, updateYearTermInput, yearTermFields, yearTermMessages } from './schema';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('latestYearTermEnd', () => {
  it.each([
    ['2026-09-01', '2028-08-31'],
    ['2026-01-31', '2028-01-30'],
    ['2024-02-29', '2026-02-27'],
    ['2026-12-15', '2028-12-14'],
    ['not a date', null],
  ])('%s → %s', (start, end) => {
    expect(latestYearTermEnd(start)).toBe(end);
  });
});

describe('yearTermFields', () => {
  it('trims, defaults notes to empty and accepts null notes', () => {
    expect(
      yearTermFields.parse({ name: ' Fall ', dateStart: '2026-09-01', dateEnd: '2027-06-30', notes: null }),
    ).toEqual({
      name: 'Fall',
      dateStart: '2026-09-01',
      dateEnd: '2027-06-30',
      notes: '',
    });
  });

  it.each([
    [{}, messages.insufficientData],
    [{ name: 'X', dateStart: '2026-02-29', dateEnd: '2026-06-30' }, yearTermMessages.dateInvalid],
    [{ name: 'X', dateStart: '2026-09-01', dateEnd: '2026-09-01' }, yearTermMessages.endNotAfterStart],
    [{ name: 'X', dateStart: '2026-09-01', dateEnd: '2028-09-01' }, yearTermMessages.tooLong],
    [
      { name: '<b>X</b>', dateStart: '2026-09-01', dateEnd: '2027-06-30' },
      'The name contains characters that are not allowed',
    ],
  ])('%j → %s', (input, message) => {
    expect(firstIssue(yearTermFields.safeParse(input))).toBe(message);
  });

  it('accepts exactly 24 months', () => {
    expect(
      yearTermFields.safeParse({ name: 'X', dateStart: '2026-09-01', dateEnd: '2028-08-31' }).success,
    ).toBe(true);
  });
});

describe('updateYearTermInput', () => {
  it('wants an id: missing is insufficient data, malformed is an invalid id', () => {
    const data = { name: 'X', dateStart: '2026-09-01', dateEnd: '2027-06-30' };
    expect(firstIssue(updateYearTermInput.safeParse({ data }))).toBe(messages.insufficientData);
    expect(firstIssue(updateYearTermInput.safeParse({ id: 'x', data }))).toBe(messages.invalidId);
  });
});
