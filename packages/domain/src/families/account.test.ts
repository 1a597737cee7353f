import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  accountFilterInput,
  accountListQuery,
  accountMessages,
  addPersonInput,
  editPersonInput,
  ownerAddPersonInput,
  ownerContactInfoInput,
} from './account';
import { familyMessages } from './schema';

const ID = '0b6f7a52-4a0e-4b8e-9a55-5f0c2b1d9e10';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('people of a family (001 §5)', () => {
  it('parses a student by the student rules, with gender F by default', () => {
    const parsed = addPersonInput.parse({ type: 'student', user: { firstName: 'Mia', dob: '2016-04-12' } });
    expect(parsed).toEqual({
      type: 'student',
      person: { firstName: 'Mia', lastName: '', phone: '', gender: 'F', dob: '2016-04-12' },
    });
  });

  it.each([
    [{ type: 'student', user: { dob: '2016-04-12' } }, familyMessages.studentName],
    [{ type: 'student', user: { firstName: 'Mia' } }, familyMessages.studentDob],
    [
      { type: 'contact', user: { firstName: 'Ana', role: 'Aunt', phone: '9735550100' } },
      'The role is one of',
    ],
    [{ type: 'user', user: { firstName: 'Ana' } }, accountMessages.personPhone],
    [{ type: 'contact', user: { phone: '9735550100' } }, accountMessages.personName],
    [{ type: 'pet', user: {} }, accountMessages.personType],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(addPersonInput.safeParse(body))).toContain(message);
  });

  it('keeps the nested path of a field, for the form to show it beside the field', () => {
    const result = addPersonInput.safeParse({ type: 'user', user: { firstName: 'Ana', phone: '12' } });
    expect(result.error?.issues[0]?.path).toEqual(['user', 'phone']);
  });

  it('takes a user with an e-mail address, lower-cased, and a role by id or name', () => {
    const parsed = addPersonInput.parse({
      type: 'user',
      user: { firstName: 'Ana', phone: '(973) 555-0100', role: 2, email: 'Ana@X.example' },
    });
    expect(parsed.person).toMatchObject({ phone: '9735550100', role: 'Father', email: 'ana@x.example' });
  });

  it('needs the 36-character id of an edited entry', () => {
    const user = { firstName: 'Ana', phone: '9735550100' };
    expect(firstMessage(editPersonInput.safeParse({ type: 'contact', user }))).toBe(
      messages.insufficientData,
    );
    expect(firstMessage(editPersonInput.safeParse({ type: 'contact', user: { ...user, id: 'x' } }))).toBe(
      'Invalid id.',
    );
    expect(editPersonInput.parse({ type: 'contact', user: { ...user, id: ID.toUpperCase() } }).id).toBe(ID);
  });

  it("reads the owner's call: the family's id as aID, coAcctMemID optional", () => {
    const parsed = ownerAddPersonInput.parse({
      uType: 'contact',
      nUser: { lastName: 'Ruiz', phone: '9735550100' },
      aID: ID,
    });
    expect(parsed).toMatchObject({ type: 'contact', familyId: ID, coAcctMemID: undefined });
    expect(firstMessage(ownerAddPersonInput.safeParse({ uType: 'contact', nUser: {} }))).toBeDefined();
  });
});

describe('contact information', () => {
  const info = {
    id: ID,
    address: '1 Main St',
    city: 'Newark',
    state: 'nj',
    zipcode: '07102',
    phone: '9735550100',
    email: 'a@x.example',
  };
  it('needs every field, else "insufficient data"', () => {
    expect(ownerContactInfoInput.parse(info)).toMatchObject({ state: 'NJ', address2: '' });
    for (const field of ['address', 'city', 'state', 'zipcode', 'phone', 'email'] as const) {
      expect(firstMessage(ownerContactInfoInput.safeParse({ ...info, [field]: '' })), field).toBe(
        messages.insufficientData,
      );
    }
    expect(firstMessage(ownerContactInfoInput.safeParse(null))).toBe(messages.insufficientData);
  });
});

describe('account lists', () => {
  it('pages 10 at a time by default, and takes numbers from a query string', () => {
    expect(accountListQuery.parse({})).toMatchObject({ page: 1, pageSize: 10, q: '' });
    expect(accountListQuery.parse({ page: '3', pageSize: '25', day: '0', level: '7' })).toMatchObject({
      page: 3,
      pageSize: 25,
      day: 0,
      level: 7,
    });
    expect(accountListQuery.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(accountListQuery.safeParse({ day: '7' }).success).toBe(false);
  });

  it('filters the active list by default', () => {
    expect(accountFilterInput.parse({})).toEqual({ status: 'active', q: '', filter: {} });
  });
});
