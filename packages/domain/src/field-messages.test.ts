import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { familyAddress } from './families/schema';
import { fieldMessages } from './field-messages';
import { registrationMessages, studioRegistrationInput } from './registration/schema';

/** The messages of a failed parse, by path. */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

// zod's own wording, written for developers: none of it may reach a person.
const ZOD_WORDING = /Invalid option|expected one of|Too small|Too big|Invalid input:|Invalid string|>=|<=/;

describe('the words of a refusal', () => {
  it('asks how a studio heard about us in a sentence, not with the list of options', () => {
    const errors = messagesOf(studioRegistrationInput, {
      login: { email: 'ana@lopez.example', password: 'Studio123' },
      user: { firstName: 'Ana', lastName: 'Lopez', phone: '9735550100' },
      accountInfo: {
        address: '1 Main St',
        city: 'Newark',
        state: 'NJ',
        zipcode: '07102',
        phone: '9735550100',
      },
      studioInfo: {
        name: 'Lopez Dance',
        address: '2 Broad St',
        city: 'Newark',
        state: 'NJ',
        zipcode: '07102',
        phone: '9735550111',
        email: 'studio@lopez.example',
      },
      aboutUS: { option: '', notes: '' },
    });
    expect(errors).toEqual({ 'aboutUS.option': registrationMessages.aboutUsRequired });
  });

  it('never shows zod wording for an empty form', () => {
    const all = {
      ...messagesOf(studioRegistrationInput, {
        login: { email: '', password: '' },
        user: { firstName: '', lastName: '', phone: '' },
        accountInfo: { address: '', city: '', state: '', zipcode: '', phone: '' },
        studioInfo: { name: '', address: '', city: '', state: '', zipcode: '', phone: '', email: '' },
        aboutUS: { option: '', notes: '' },
      }),
      ...messagesOf(familyAddress, { address: '', city: '', state: '', zipcode: '' }),
    };
    expect(Object.keys(all).length).toBeGreaterThan(10);
    for (const [path, message] of Object.entries(all)) expect(message, path).not.toMatch(ZOD_WORDING);
  });

  it.each<[string, z.ZodType, unknown, string]>([
    ['an option left unchosen', z.enum(['a', 'b']), '', fieldMessages.choose],
    ['an unknown option', z.enum(['a', 'b']), 'c', fieldMessages.invalid],
    ['an empty required text', z.string().min(1), '', fieldMessages.required],
    ['a short text', z.string().min(3), 'ab', fieldMessages.tooShort(3)],
    ['a long text', z.string().max(3), 'abcd', fieldMessages.tooLong(3)],
    ['too few items', z.array(z.string()).min(1), [], fieldMessages.tooFew(1)],
    ['a small number', z.number().min(1), 0, fieldMessages.atLeast('1')],
    ['a large number', z.number().max(10), 11, fieldMessages.atMost('10')],
    ['a part number', z.number().int(), 1.5, fieldMessages.whole],
    ['a wrong type', z.string(), 12, fieldMessages.invalid],
    ['a malformed address', z.email(), 'nope', fieldMessages.email],
    ['a pattern', z.string().regex(/^\d+$/), 'x', fieldMessages.format],
  ])('says %s in a sentence', (_what, schema, value, message) => {
    expect(messagesOf(schema, value)).toEqual({ '': message });
  });

  it("keeps a schema's own words", () => {
    expect(messagesOf(z.string().min(1, 'Studio name is required'), '')).toEqual({
      '': 'Studio name is required',
    });
  });
});
