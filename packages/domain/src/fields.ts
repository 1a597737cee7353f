import { z } from 'zod';
import { limits } from './constants';
// Sets the words of every issue a schema leaves unsaid (fieldMessages): any schema made from these fields has them.
import './field-messages';
import { phoneDigits } from './format';
import { idSchema } from './ids';
import { messages } from './messages';

// Control characters (other than tab and newline in long text) are refused outright: they have no
// place in a name or an address and are a favourite of hostile input.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this pattern
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Single-line fields refuse line breaks, and angle brackets, which no name or address needs and
// markup injected into a studio's screens or mails would.
// biome-ignore lint/suspicious/noControlCharactersInRegex: single-line fields refuse control characters
const NOT_IN_A_LINE = /[\u0000-\u001F\u007F<>]/;

/** True when a text may stand in a single-line field. */
export const isOneLine = (s: string) => !NOT_IN_A_LINE.test(s);

// The invisible characters that reorder text (Unicode's bidirectional controls: embeddings and
// overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C): one of them
// makes "evil" show as "live", so a name, or any one-line field, could read as something else than
// what it is. No name needs them: right-to-left scripts read right to left without them.
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** True when a text has none of the invisible characters that change the direction of text. */
export const keepsDirection = (s: string) => !DIRECTION_CONTROL.test(s);

/** What a field holding a direction control is told: the same words on the form and from the API. */
export const directionControlMessage = (label: string) =>
  `${label} contains a hidden character that changes the direction of the text. Please type it again without it.`;

/** A required single-line text field, trimmed, at most `max` characters. */
export const text = (max: number, label = 'This field') =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isOneLine, `${label} contains characters that are not allowed`)
    .refine(keepsDirection, directionControlMessage(label));

/** An optional single-line text: may be empty, never a line break or markup. */
export const optionalLine = (max: number, label: string) =>
  z
    .string({ error: messages.invalidInput })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isOneLine, `${label} contains characters that are not allowed`)
    .refine(keepsDirection, directionControlMessage(label));

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

// Studio configuration answers a missing or blank required field with the spec's 'insufficient data'
// (002 §5), whatever the field; the helpers below say it once, so every area's schema words it alike.

/** A text the request must carry: absent or blank is 'insufficient data'. */
export const requiredString = () =>
  z.string({ error: messages.insufficientData }).trim().min(1, messages.insufficientData);

/**
 * A required field of studio configuration: absent or blank is 'insufficient data', anything else must
 * also pass `field`'s own format rule (a phone of 10 digits, a two-letter state…).
 */
export const insufficientIfEmpty = <T extends z.ZodType<unknown, string>>(field: T) =>
  requiredString().pipe(field);

/** A required one-line name: 'insufficient data' when missing, then the shared text rules. */
export const requiredName = (label = 'The name') => insufficientIfEmpty(text(limits.name, label));

/** An id the request must carry: missing is 'insufficient data', malformed is 'Invalid id.'. */
export const requiredRecordId = z
  .string({ error: messages.insufficientData })
  .min(1, messages.insufficientData)
  .pipe(idSchema);

/** A number the request must carry: absent, or not a number, is 'insufficient data'. */
export const requiredNumber = () => z.number({ error: messages.insufficientData });

/**
 * A whole number from `min` to `max` the request must carry, as a number or as its digits (a form's
 * select sends "3"): absent or not a number is 'insufficient data', out of range is `message`.
 */
export const requiredWhole = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,9}$/)
          .transform(Number),
      ],
      {
        error: messages.insufficientData,
      },
    )
    .pipe(z.number().int(message).min(min, message).max(max, message));

/** A request body (or a part of one) of required fields: absent, or not an object, is 'insufficient data'. */
export const requiredObject = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: messages.insufficientData });
