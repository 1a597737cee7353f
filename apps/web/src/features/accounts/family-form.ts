import {
  FAMILY_LIMITS,
  type FrontDeskFamilyInput,
  familyMessages,
  frontDeskFamilyInput,
  todayInZone,
} from '@pirouette/domain';
import { zodErrors } from '../../lib/zod-form';
import { type AdultRow, DEFAULT_ROLE, type StudentRow } from '../families/person-options';

/** The front-desk form: the owner creates a family over the phone (POST api/mystudio/account). */

export type FamilyFormValues = {
  user: { firstName: string; lastName: string; phone: string; role: string; email: string };
  students: StudentRow[];
  contacts: AdultRow[];
  acctInfo: { address: string; address2: string; city: string; state: string; zipcode: string };
  aboutUS: { option: string; notes: string };
};

let rows = 0;
const rowKey = () => `family-row-${++rows}`;

/** A new student row; it takes the family's last name when one is known. */
export const emptyStudentRow = (lastName = ''): StudentRow => ({
  key: rowKey(),
  firstName: '',
  lastName,
  gender: 'F',
  dob: '',
});

export const emptyContactRow = (): AdultRow => ({
  key: rowKey(),
  firstName: '',
  lastName: '',
  phone: '',
  role: 'Father',
});

export const emptyFamilyForm = (): FamilyFormValues => ({
  user: { firstName: '', lastName: '', phone: '', role: DEFAULT_ROLE, email: '' },
  students: [emptyStudentRow()],
  contacts: [],
  acctInfo: { address: '', address2: '', city: '', state: '', zipcode: '' },
  aboutUS: { option: '', notes: '' },
});

export const canAddStudent = (values: FamilyFormValues) => values.students.length < FAMILY_LIMITS.students;
export const canAddContact = (values: FamilyFormValues) => values.contacts.length < FAMILY_LIMITS.contacts;

/**
 * The body of POST api/mystudio/account. The e-mail address is optional (with one, the user is invited
 * to set a password); how the family heard of the studio is sent only when the owner asked.
 */
export function frontDeskBody(values: FamilyFormValues): FrontDeskFamilyInput {
  const { option, notes } = values.aboutUS;
  const body: FrontDeskFamilyInput = {
    user: { ...values.user, email: values.user.email.trim() },
    students: values.students.map(({ key: _key, ...student }) => student),
    contacts: values.contacts.map(({ key: _key, ...contact }) => contact),
    acctInfo: values.acctInfo,
  };
  if (option !== '' || notes.trim() !== '') {
    body.aboutUS = { option, notes: notes.trim() } as FrontDeskFamilyInput['aboutUS'];
  }
  return body;
}

export const ABOUT_US_OPTION_NEEDED = 'Choose how they heard about the studio, or clear the notes.';

/** The form's errors keyed by form path, from the schema the server validates with. */
export function familyFormErrors(
  values: FamilyFormValues,
  today: string = todayInZone(),
): Record<string, string> {
  const errors = zodErrors(frontDeskFamilyInput, frontDeskBody(values));
  if (errors['aboutUS.option'] && values.aboutUS.option === '') {
    errors['aboutUS.option'] = ABOUT_US_OPTION_NEEDED;
  }
  values.students.forEach((s, i) => {
    const key = `students.${i}.dob`;
    if (s.dob.trim() === '') errors[key] = familyMessages.studentDob;
    else if (!errors[key] && s.dob.trim() > today) errors[key] = familyMessages.dobInFuture;
  });
  return errors;
}
