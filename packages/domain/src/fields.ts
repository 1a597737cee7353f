import { z } from 'zod';
import { limits } from './constants';
import { phoneDigits } from './format';
import { messages } from './messages';

// Control characters (other than tab and newline in long text) are refused outright: they have no
// place in a name or an address and are a favourite of hostile input.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this pattern
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Single-line fields refuse line breaks, and angle brackets, which no name or address needs and
// markup injected into a studio's screens or mails would.
// biome-ignore lint/suspicious/noControlCharactersInRegex: single-line fields refuse control characters
const NOT_IN_A_LINE = /[\u0000-\u001F\u007F<>]/;

/** A required single-line text field, trimmed, at most `max` characters. */
export const text = (max: number, label = 'This field') =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !NOT_IN_A_LINE.test(s), `${label} contains characters that are not allowed`);

/** Free text (notes): may be empty, may have line breaks. */
export const longText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), 'Contains characters that are not allowed')
    .transform((s) => s.trim());

export const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(limits.email, `Email must be at most ${limits.email} characters`)
  .toLowerCase()
  .pipe(z.email('Please enter a valid e-mail address'));

/** The verify_password rule (000 §5). */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{6,}$/;
export const newPassword = z
  .string()
  .max(limits.password.max, `The password must be at most ${limits.password.max} characters.`)
  .regex(PASSWORD_RULE, messages.passwordRule);

/** A password given at sign-in: never checked against the rule (old passwords stay valid). */
export const anyPassword = z.string().min(1, 'Password is required').max(limits.password.max);

/** A US phone number: 10 digits, stored as digits, shown as (000) 000-0000. */
export const phone = z
  .string()
  .trim()
  .max(limits.phone)
  .transform(phoneDigits)
  .refine((d) => d.length === 10, 'Please enter a 10-digit phone number');

export const state = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Please choose a state');

export const zipcode = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Please enter a 5-digit ZIP code');

export const verificationCode = z
  .string({ error: messages.codeRequired })
  .trim()
  .min(1, messages.codeRequired)
  .regex(/^\d{6}$/, messages.codeInvalid);

/** Opaque tokens from mailed links: URL-safe base64, bounded. */
export const linkToken = z
  .string()
  .min(16)
  .max(limits.token)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid link');
