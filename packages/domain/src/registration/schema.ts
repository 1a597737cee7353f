import { z } from 'zod';
import { ABOUT_US_OPTIONS, limits } from '../constants';
import {
  email,
  linkToken,
  longText,
  newPassword,
  phone,
  state,
  text,
  verificationCode,
  zipcode,
} from '../fields';
import { idSaying, idSchema } from '../ids';
import { messages } from '../messages';
import { registrationMessages } from './messages';

export { registrationMessages } from './messages';

export const emailParams = z.object({ email });
export const validateCodeParams = z.object({ email, code: verificationCode });

/**
 * The answer to a right code. The code has proved the address to whoever holds it, so it may say
 * whether the address already signs in: the studio is then added to that sign-in (decision 017).
 */
export const codeCheckResult = z.object({ msg: z.string(), hasSignIn: z.boolean() });
export type CodeCheckResult = z.infer<typeof codeCheckResult>;

const address = {
  address: text(limits.address, 'Address'),
  city: text(limits.city, 'City'),
  state,
  zipcode,
  phone,
};

export const aboutUs = z.object({
  option: z.enum(ABOUT_US_OPTIONS, { error: registrationMessages.aboutUsRequired }),
  notes: longText(limits.notes).optional().default(''),
});

/**
 * POST registration/account. The password starts a new sign-in; an address that already signs in
 * keeps its own, so none is sent for it (and one sent is not used).
 */
export const studioRegistrationInput = z.object({
  login: z.object({ email, password: newPassword.optional() }),
  user: z.object({
    firstName: text(limits.name, 'First name'),
    lastName: text(limits.name, 'Last name'),
    phone,
  }),
  accountInfo: z.object(address),
  studioInfo: z.object({ name: text(limits.studioName, 'Studio name'), ...address, email }),
  aboutUS: aboutUs,
});
export type StudioRegistrationInput = z.infer<typeof studioRegistrationInput>;

export const studioRegistrationResult = z.object({ msg: z.string(), cID: z.string() });

export const hashParams = z.object({ hash: linkToken });

export const passwordChangeInput = z.object({ token: linkToken, password: newPassword });
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

export const companyParams = z.object({ id: idSchema });

/** GET registration/parent/{id}/email/{email}: may this address register a family here? */
export const parentEmailParams = z.object({ id: idSaying(messages.parentStudioMissing), email });

export const parentCompanyResult = z.object({
  cName: z.string(),
  terms: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      content: z.string(),
      /** The version the parent reads, named again when they accept it. */
      version: z.number().int(),
    }),
  ),
});
export type ParentCompanyResult = z.infer<typeof parentCompanyResult>;
