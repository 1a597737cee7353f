import { describe, expect, it } from 'vitest';
import { directionControlMessage, keepsDirection, optionalLine, text } from '../fields';
import { adultFields } from './account';
import { dateOfBirth, dobProblem, familyMessages, parentRegistrationInput, studentFields } from './schema';

/** Every bidirectional control of Unicode: what makes "evil" read as "live". */
const DIRECTION_CONTROLS = [
  ['U+202A left-to-right embedding', '\u202A'],
  ['U+202B right-to-left embedding', '\u202B'],
  ['U+202C pop directional formatting', '\u202C'],
  ['U+202D left-to-right override', '\u202D'],
  ['U+202E right-to-left override', '\u202E'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2067 right-to-left isolate', '\u2067'],
  ['U+2068 first strong isolate', '\u2068'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+200E left-to-right mark', '\u200E'],
  ['U+200F right-to-left mark', '\u200F'],
  ['U+061C Arabic letter mark', '\u061C'],
] as const;

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('a name with a character that changes the direction of text', () => {
  it.each(DIRECTION_CONTROLS)('is refused with a sentence: %s', (_name, control) => {
    const name = `${control}live`;
    expect(keepsDirection(name)).toBe(false);
    expect(firstIssue(text(50, 'First name').safeParse(name))).toBe(directionControlMessage('First name'));
    expect(firstIssue(optionalLine(50, 'Last name').safeParse(`Ev${control}il`))).toBe(
      directionControlMessage('Last name'),
    );
    expect(
      firstIssue(
        studentFields.safeParse({ firstName: 'Ava', lastName: `Li${control}ve`, dob: '2016-02-02' }),
      ),
    ).toBe(directionControlMessage('Last name'));
    expect(firstIssue(adultFields.safeParse({ firstName: name, phone: '9735550100' }))).toBe(
      directionControlMessage('First name'),
    );
  });

  it('reads as a sentence in the product voice', () => {
    expect(directionControlMessage('First name')).toBe(
      'First name contains a hidden character that changes the direction of the text. Please type it again without it.',
    );
  });

  it('leaves names in any script alone, right-to-left ones and long ones included', () => {
    for (const name of ['Zoë', 'Nguyễn', 'O’Brien', 'Anne-Marie', 'سارة', 'שרה', '美咲', 'A'.repeat(80)]) {
      expect(keepsDirection(name), name).toBe(true);
      expect(text(100, 'First name').safeParse(name).success, name).toBe(true);
    }
  });

  it("is refused in the parent's registration, for the parent as for a child", () => {
    const form = parentRegistrationInput.safeParse({
      login: { email: 'p@example.com', password: 'Parent123' },
      user: { firstName: '\u202Elive', lastName: 'Patel', phone: '9735550100' },
      students: [{ firstName: 'Ava', dob: '2016-02-02' }],
      acctInfo: {
        phone: '9735550100',
        address: '1 Main St',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
      },
      aboutUS: { option: 'Google', notes: '' },
      terms: [],
    });
    expect(form.success).toBe(false);
    expect(form.error!.issues.map((i) => i.message)).toContain(directionControlMessage('First name'));
  });
});

describe('a date of birth', () => {
  const today = '2026-11-21';
  it.each([
    ['today', '2026-11-21', null],
    ['yesterday', '2026-11-20', null],
    ['tomorrow', '2026-11-22', familyMessages.dobInFuture],
    ['in 2099', '2099-01-01', familyMessages.dobInFuture],
    ['in 9999', '9999-12-31', familyMessages.dobInFuture],
    ['exactly 100 years back', '1926-11-21', null],
    ['100 years and a day back', '1926-11-20', familyMessages.dobTooOld],
    ['in 1017', '1017-05-05', familyMessages.dobTooOld],
  ])('%s (%s) is %s', (_what, dob, problem) => {
    expect(dobProblem(dob, today)).toBe(problem);
  });

  it('is judged by the schema against today in UTC, with the same sentences', () => {
    expect(firstIssue(dateOfBirth.safeParse('2099-06-01'))).toBe(familyMessages.dobInFuture);
    expect(firstIssue(dateOfBirth.safeParse('9999-12-31'))).toBe(familyMessages.dobInFuture);
    expect(firstIssue(dateOfBirth.safeParse('1900-01-01'))).toBe(familyMessages.dobTooOld);
    expect(dateOfBirth.safeParse('2016-02-29').success).toBe(true);
    expect(dateOfBirth.safeParse('2015-02-29').success).toBe(false);
    expect(firstIssue(studentFields.safeParse({ firstName: 'Ava', dob: '2099-01-01' }))).toBe(
      familyMessages.dobInFuture,
    );
  });

  it('counts a hundred years from a leap day to the last day of February when that year has none', () => {
    expect(dobProblem('1928-02-29', '2028-02-29')).toBeNull();
    expect(dobProblem('1928-02-28', '2028-02-29')).toBe(familyMessages.dobTooOld);
    expect(dobProblem('1900-02-28', '2000-02-29')).toBeNull();
    expect(dobProblem('1900-02-27', '2000-02-29')).toBe(familyMessages.dobTooOld);
  });
});
