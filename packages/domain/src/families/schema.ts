import { z } from 'zod';
import { CONTACT_ROLES, limits } from '../constants';
import {
  compareDates,
  type DateOnly,
  dateOnlySchema,
  dateParts,
  isDateOnly,
  makeDate,
  todayInZone,
} from '../dates';
import { email, newPassword, optionalLine, phone, state, text, zipcode } from '../fields';
import { idSaying, idSchema } from '../ids';
import { messages } from '../messages';
import { aboutUs } from '../registration/schema';
import { STUDENT_NOTE_LIMITS } from '../staff/limits';
import { CONTACT_ROLE_OPTIONS, DOB_YEARS_BACK, FAMILY_LIMITS, familyMessages } from './options';

/** Families: the studio's customers (001 §3), and a parent's self-registration (000 §3, §7). */

// Its limits, texts and role options are in options.ts, which needs no zod: the web's first screens
// import them without it (issue 20). Every name stays importable from here.
export { CONTACT_ROLE_OPTIONS, DOB_YEARS_BACK, FAMILY_LIMITS, familyMessages } from './options';

/** A role given by its id (1–7, or its digits) or its name, case aside; the name after parsing. */
export const contactRole = z
  .union([z.number(), z.string().trim()], { error: messages.insufficientData })
  .transform((value, ctx) => {
    const byId = CONTACT_ROLE_OPTIONS.find((r) => String(r.id) === String(value));
    const byName = CONTACT_ROLE_OPTIONS.find((r) => r.name.toLowerCase() === String(value).toLowerCase());
    const role = byId ?? byName;
    if (!role) {
      ctx.addIssue({ code: 'custom', message: `The role is one of ${CONTACT_ROLES.join(', ')}.` });
      return z.NEVER;
    }
    return role.name;
  });

const person = z.object({
  firstName: text(limits.name, 'First name'),
  lastName: text(limits.name, 'Last name'),
  phone,
  role: contactRole.optional().default('Mother'),
});

/**
 * What is wrong with a date of birth (a YYYY-MM-DD), or null: it may not be after `today`,
 * nor more than DOB_YEARS_BACK years before it. `today` is the date in UTC unless given, on the form
 * and on the server alike; UTC is never behind a studio's date in the Americas, so no child born today
 * there is refused.
 */
export function dobProblem(dob: DateOnly, today: DateOnly = todayInZone('UTC')): string | null {
  // A date that does not exist is dateOnlySchema's to refuse, and zod runs this check anyway.
  if (!isDateOnly(dob)) return null;
  if (compareDates(dob, today) > 0) return familyMessages.dobInFuture;
  const now = dateParts(today);
  if (now && compareDates(dob, makeDate(now.year - DOB_YEARS_BACK, now.month, now.day)) < 0) {
    return familyMessages.dobTooOld;
  }
  return null;
}

/** A date of birth: a date that exists, not in the future, at most DOB_YEARS_BACK years back. */
export const dateOfBirth = z
  .string({ error: familyMessages.studentDob })
  .trim()
  .pipe(
    dateOnlySchema.superRefine((dob, ctx) => {
      const problem = dobProblem(dob);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

/** A student of a registration form: a first or last name and a date of birth (001 §5); gender F by default. */
export const studentFields = z
  .object({
    firstName: optionalLine(limits.name, 'First name').optional().default(''),
    lastName: optionalLine(limits.name, 'Last name').optional().default(''),
    phone: z
      .union([z.literal(''), phone])
      .optional()
      .default(''),
    gender: z.enum(['F', 'M', 'X']).optional().default('F'),
    dob: dateOfBirth,
    /**
     * What the dancer's teachers are shown (issue 36, decision 061): set by the studio's owner; left out,
     * each stays as it is.
     */
    allergies: optionalLine(STUDENT_NOTE_LIMITS.allergies, 'Allergies').optional(),
    teacherNote: optionalLine(STUDENT_NOTE_LIMITS.teacherNote, 'Note for teachers').optional(),
  })
  .refine((s) => s.firstName !== '' || s.lastName !== '', {
    message: familyMessages.studentName,
    path: ['firstName'],
  });
export type StudentFieldsInput = z.input<typeof studentFields>;

/** A new family's contacts (none by default), within the limit. */
export const familyContacts = <T extends z.ZodType>(contact: T) =>
  z
    .array(contact)
    .max(FAMILY_LIMITS.contacts, `At most ${FAMILY_LIMITS.contacts} contacts`)
    .optional()
    .default([]);

/** A new family's students: one at least, within the limit. */
export const familyStudents = z
  .array(studentFields, { error: familyMessages.noStudents })
  .min(1, familyMessages.noStudents)
  .max(FAMILY_LIMITS.students, `At most ${FAMILY_LIMITS.students} students`);

/** A new family's postal address. */
export const familyAddress = z.object({
  address: text(limits.address, 'Address'),
  address2: optionalLine(limits.address, 'Address line 2').optional().default(''),
  city: text(limits.city, 'City'),
  state,
  zipcode,
});

/** POST api/registration/parent/{id}: a parent registers their family at a studio. */
export const parentRegistrationInput = z.object({
  login: z.object({ email, password: newPassword }),
  user: person,
  contacts: familyContacts(person),
  students: familyStudents,
  acctInfo: z.object({ phone, ...familyAddress.shape }),
  aboutUS: aboutUs,
  terms: z
    .array(
      z.object({
        coTermID: idSchema,
        accepted: z.boolean(),
        /** The version the parent read (GET api/registration/parent/company/{id} answers it). */
        version: z.number().int().min(1).optional(),
      }),
      { error: familyMessages.termsRequired },
    )
    .max(20),
});
export type ParentRegistrationInput = z.input<typeof parentRegistrationInput>;
export type ParentRegistration = z.output<typeof parentRegistrationInput>;

export const parentRegistrationResult = z.object({ msg: z.string() });

/** The studio of a parent sign-up link: unknown or malformed is the spec's text (000 §8). */
export const parentStudioParams = z.object({ id: idSaying(messages.parentStudioMissing) });
