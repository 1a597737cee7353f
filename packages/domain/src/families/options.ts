import { CONTACT_ROLES } from '../constants';

/** A family's limits, texts and contact roles, apart from its schemas (schema.ts), which use them. */

export const FAMILY_LIMITS = { contacts: 10, students: 12 } as const;

/** How far back a date of birth may go (ours: 001 is silent): a typo such as 1017 is caught. */
export const DOB_YEARS_BACK = 100;

export const familyMessages = {
  studentName: 'A student needs a first or last name.',
  studentDob: "Please enter the student's date of birth.",
  dobInFuture: 'The date of birth cannot be in the future.',
  dobTooOld: `The date of birth cannot be more than ${DOB_YEARS_BACK} years ago.`,
  noStudents: 'Please add at least one student.',
  termsRequired: "Please accept the studio's terms to register.",
  termsChanged: "The studio's terms have changed since you read them. Please read them again.",
  registered: (emailAddress: string) =>
    `Your family is registered. We sent a link to ${emailAddress}: follow it to confirm your e-mail address, then sign in.`,
} as const;

/** The contact roles with their ids, 1–7 in the order of 000 §3. */
export const CONTACT_ROLE_OPTIONS = CONTACT_ROLES.map((name, i) => ({ id: i + 1, name }));
