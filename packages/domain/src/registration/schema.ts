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
import { idSchema } from '../ids';

export const emailParams = z.object({ email });
export const validateCodeParams = z.object({ email, code: verificationCode });

const address = {
  address: text(limits.address, 'Address'),
  city: text(limits.city, 'City'),
  state,
  zipcode,
  phone,
};

export const aboutUs = z.object({
  option: z.enum(ABOUT_US_OPTIONS),
  notes: longText(limits.notes).optional().default(''),
});

export const studioRegistrationInput = z.object({
  login: z.object({ email, password: newPassword }),
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
