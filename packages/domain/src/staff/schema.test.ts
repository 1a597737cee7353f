import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studentFields } from '../families/schema';
import { STUDENT_NOTE_LIMITS } from './limits';
import { acceptInvitationInput, inviteTeacherInput, teacherClasses } from './schema';
import { lastInitial, signInState } from './state';

const ID = '77777777-7777-4777-8777-777777777777';
const TOKEN = 'A'.repeat(43);

describe('signInState', () => {
  it.each([
    [{ membership: 'open', revokedAt: null }, 'active'],
    [{ membership: 'open', revokedAt: '2026-01-01' }, 'active'],
    [{ membership: 'pending', revokedAt: null }, 'invited'],
    [{ membership: 'pending', revokedAt: '2026-01-01' }, 'invited'],
    [{ membership: null, revokedAt: '2026-01-01' }, 'revoked'],
    [{ membership: null, revokedAt: null }, 'none'],
  ] as const)('%j is %s', (facts, state) => {
    expect(signInState(facts)).toBe(state);
  });

  it('a membership always wins over an older revocation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('open' as const, 'pending' as const),
        fc.option(fc.date()),
        (m, at) => signInState({ membership: m, revokedAt: at }) !== 'revoked',
      ),
    );
  });
});

describe('lastInitial', () => {
  it.each([
    ['Dancer', 'D.'],
    ['  ortiz ', 'O.'],
    ['', ''],
    ['Łukasz', 'Ł.'],
  ])('%j → %j', (name, initial) => expect(lastInitial(name)).toBe(initial));

  it('never gives more than one letter and a full stop', () => {
    fc.assert(fc.property(fc.string(), (name) => [...lastInitial(name)].length <= 2));
  });
});

describe('the staff inputs', () => {
  it('takes a 36-character teacher id only', () => {
    expect(inviteTeacherInput.safeParse({ teacherID: ID }).success).toBe(true);
    expect(inviteTeacherInput.safeParse({ teacherID: 'abc' }).success).toBe(false);
    expect(inviteTeacherInput.safeParse({}).success).toBe(false);
  });

  it('takes a link secret and a password', () => {
    expect(acceptInvitationInput.safeParse({ token: TOKEN, password: 'Teach1234' }).success).toBe(true);
    expect(acceptInvitationInput.safeParse({ token: 'short', password: 'Teach1234' }).success).toBe(false);
    expect(acceptInvitationInput.safeParse({ token: `${TOKEN}/`, password: 'Teach1234' }).success).toBe(
      false,
    );
    expect(acceptInvitationInput.safeParse({ token: TOKEN, password: '' }).success).toBe(false);
  });

  it("keeps a teacher's answer free of money by its shape", () => {
    const keys = JSON.stringify(teacherClasses.toJSONSchema()).toLowerCase();
    for (const word of ['price', 'amount', 'balance', 'cost', 'email']) expect(keys).not.toContain(word);
  });
});

describe("a student's allergies and teacher note", () => {
  const student = { firstName: 'Mia', dob: '2018-05-01' };

  it('are optional, left out when not sent', () => {
    const parsed = studentFields.parse(student);
    expect(parsed.allergies).toBeUndefined();
    expect(parsed.teacherNote).toBeUndefined();
  });

  it('are trimmed and held to their lengths', () => {
    expect(studentFields.parse({ ...student, allergies: ' Peanuts ' }).allergies).toBe('Peanuts');
    const max = STUDENT_NOTE_LIMITS.allergies;
    expect(studentFields.safeParse({ ...student, allergies: 'x'.repeat(max) }).success).toBe(true);
    expect(studentFields.safeParse({ ...student, allergies: 'x'.repeat(max + 1) }).success).toBe(false);
    const note = STUDENT_NOTE_LIMITS.teacherNote;
    expect(studentFields.safeParse({ ...student, teacherNote: 'x'.repeat(note + 1) }).success).toBe(false);
  });
});
