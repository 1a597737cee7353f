import { z } from 'zod';
import { messages } from './messages';

/**
 * The sentences a form shows beside a field, and the API answers with, when a schema gives no words of
 * its own. zod's defaults ("Invalid option: expected one of …", "Too small: expected string to have
 * >=1 characters") are written for developers; a person must never read them (issue 13).
 */
export const fieldMessages = {
  required: 'This field is required.',
  choose: 'Please choose one of the options.',
  invalid: messages.invalidInput,
  tooShort: (min: number) => `Please enter at least ${min} characters.`,
  tooLong: (max: number) => `Please keep this to at most ${max} characters.`,
  exactLength: (n: number) => `Please enter exactly ${n} characters.`,
  tooFew: (min: number) => `Please add at least ${min}.`,
  tooMany: (max: number) => `Please keep this to at most ${max}.`,
  atLeast: (min: string) => `Please enter a number of at least ${min}.`,
  above: (min: string) => `Please enter a number greater than ${min}.`,
  atMost: (max: string) => `Please enter a number no greater than ${max}.`,
  below: (max: string) => `Please enter a number less than ${max}.`,
  whole: 'Please enter a whole number.',
  email: 'Please enter a valid e-mail address',
  date: 'Please enter a valid date.',
  format: 'Please check this value: it is not in the expected form.',
} as const;

// Every sentence the map has given: a form that words a field its own way when the schema said
// nothing (the money form's "Please enter an amount") asks `isFieldFallback`.
const given = new Set<string>();

/** True when `message` came from `fieldMessage`, not from the schema's own words. */
export const isFieldFallback = (message: string): boolean => given.has(message);

const isEmpty = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

const SIZED = new Set(['string', 'array', 'set', 'file']);

/**
 * The words for one issue that its schema left unsaid. Type errors and unknown values are 'Invalid
 * input.' (a form never sends them; a caller of the API does), an option left unchosen is asked for.
 */
export function fieldMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return isEmpty(issue.input) ? fieldMessages.choose : fieldMessages.invalid;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (min <= 1) return fieldMessages.required;
        return issue.exact ? fieldMessages.exactLength(min) : fieldMessages.tooShort(min);
      }
      if (SIZED.has(issue.origin)) return fieldMessages.tooFew(min);
      if (issue.origin === 'date') return fieldMessages.date;
      return issue.inclusive === false
        ? fieldMessages.above(String(issue.minimum))
        : fieldMessages.atLeast(String(issue.minimum));
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return issue.exact ? fieldMessages.exactLength(max) : fieldMessages.tooLong(max);
      if (SIZED.has(issue.origin)) return fieldMessages.tooMany(max);
      if (issue.origin === 'date') return fieldMessages.date;
      return issue.inclusive === false
        ? fieldMessages.below(String(issue.maximum))
        : fieldMessages.atMost(String(issue.maximum));
    }
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? fieldMessages.whole : fieldMessages.invalid;
    case 'invalid_format':
      if (issue.format === 'email') return fieldMessages.email;
      if (issue.format === 'date' || issue.format === 'datetime') return fieldMessages.date;
      return fieldMessages.format;
    case 'invalid_type':
      // A number that is not whole is zod's "expected int"; anything else is a wrong type.
      return issue.expected === 'int' ? fieldMessages.whole : fieldMessages.invalid;
    default:
      return fieldMessages.invalid;
  }
}

// Set once, for every schema in every place the domain is loaded (the API's validation and the web's
// forms share it): a schema's own message still wins over these.
z.config({
  customError: (issue) => {
    const message = fieldMessage(issue);
    given.add(message);
    return message;
  },
});
