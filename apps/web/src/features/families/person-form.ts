import {
  adultFields,
  type FamilyContact,
  type FamilyStudent,
  type FamilyUser,
  familyMessages,
  type PersonType,
  studentFields,
} from '@pirouette/domain';
import { formatPhoneTyping } from '../../lib/format';
import { zodErrors } from '../../lib/zod-form';
import { DEFAULT_ROLE, type Gender, ROLE_NAMES } from './person-options';

/** The add/edit dialog of a student, user or contact (001 §2): what its form holds and sends. */

export type FamilyPerson = FamilyStudent | FamilyUser | FamilyContact;

/** Every field of any type; the dialog shows the ones of its type. */
export type PersonFormValues = {
  firstName: string;
  lastName: string;
  phone: string;
  /** Students. */
  dob: string;
  gender: Gender;
  /** Users and contacts. */
  role: string;
  /** Users. */
  email: string;
  /** Students, on the owner's forms: what the studio's teachers are shown (issue 36). */
  allergies: string;
  teacherNote: string;
};

export type PersonSubmission = { type: PersonType; user: Record<string, unknown> };

const isGender = (value: string): value is Gender => value === 'F' || value === 'M' || value === 'X';

/** The form as it opens: blank (gender F, role Mother) for a new person, else the person's own values. */
export function personFormValues(person?: FamilyPerson | null): PersonFormValues {
  const values: PersonFormValues = {
    firstName: '',
    lastName: '',
    phone: '',
    dob: '',
    gender: 'F',
    role: DEFAULT_ROLE,
    email: '',
    allergies: '',
    teacherNote: '',
  };
  if (!person) return values;
  values.firstName = person.firstName;
  values.lastName = person.lastName;
  values.phone = formatPhoneTyping(person.phone ?? '');
  if ('dob' in person) {
    values.dob = person.dob.slice(0, 10);
    values.gender = isGender(person.gender) ? person.gender : 'F';
    values.allergies = person.allergies ?? '';
    values.teacherNote = person.teacherNote ?? '';
  }
  if ('role' in person) values.role = ROLE_NAMES.includes(person.role) ? person.role : DEFAULT_ROLE;
  if ('email' in person) values.email = person.email;
  return values;
}

/** The fields the type's schema checks (001 §5), as the form holds them. */
function fieldsOf(type: PersonType, values: PersonFormValues, withNotes = false) {
  const { firstName, lastName, phone } = values;
  if (type === 'student') {
    const student = { firstName, lastName, phone, gender: values.gender, dob: values.dob };
    return withNotes ? { ...student, allergies: values.allergies, teacherNote: values.teacherNote } : student;
  }
  return { firstName, lastName, phone, role: values.role, email: type === 'user' ? values.email : '' };
}

/**
 * The form's errors, first one per field, from the schemas the server uses (studentFields,
 * adultFields); a missing or future date of birth reads as the family texts say it.
 */
export function personFormErrors(
  type: PersonType,
  values: PersonFormValues,
  today: string,
): Record<string, string> {
  const errors = zodErrors(type === 'student' ? studentFields : adultFields, fieldsOf(type, values, true));
  if (type === 'student') {
    const dob = values.dob.trim();
    if (dob === '') errors.dob = familyMessages.studentDob;
    else if (!errors.dob && dob > today) errors.dob = familyMessages.dobInFuture;
  }
  return errors;
}

/**
 * The `{type, user}` body of the add and edit calls: the fields as the schema reads them (trimmed, the
 * phone as digits), with the person's id when editing. A user's e-mail is sent only when the form shows
 * it (`allowEmail`); otherwise an edit keeps the address the user has, and a new user has none.
 */
export function personSubmission(
  type: PersonType,
  values: PersonFormValues,
  options: { person?: FamilyPerson | null; allowEmail?: boolean; withNotes?: boolean } = {},
): PersonSubmission {
  const { person, allowEmail = false, withNotes = false } = options;
  const schema = type === 'student' ? studentFields : adultFields;
  const fields = fieldsOf(type, values, withNotes);
  const parsed = schema.safeParse(fields);
  const user: Record<string, unknown> = parsed.success ? { ...parsed.data } : { ...fields };
  if (type === 'contact') delete user.email;
  if (type === 'user' && !allowEmail) {
    if (person && 'email' in person) user.email = person.email;
    else delete user.email;
  }
  return { type, user: person ? { id: person.id, ...user } : user };
}
