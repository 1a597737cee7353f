import {
  familyMessages,
  type ParentCompanyResult,
  type ParentRegistrationInput,
  parentRegistrationInput,
  registrationMessages,
  todayInZone,
} from '@pirouette/domain';
import { errorsUnder, zodErrors } from '../../lib/zod-form';
import { type AdultRow, DEFAULT_ROLE, type StudentRow } from '../families/person-options';

export type { StudentRow };

/** The steps of family registration (000 §3 leaves their number to us); 'done' follows a registration. */
export const PARENT_STEPS = ['you', 'contacts', 'students', 'address', 'terms'] as const;
export type ParentStep = (typeof PARENT_STEPS)[number];

export type ContactRow = AdultRow;
export type StudioTerm = ParentCompanyResult['terms'][number];

export type ParentFormValues = {
  login: { email: string; password: string };
  confirmPassword: string;
  user: { firstName: string; lastName: string; phone: string; role: string };
  contacts: ContactRow[];
  students: StudentRow[];
  acctInfo: {
    phone: string;
    address: string;
    address2: string;
    city: string;
    state: string;
    zipcode: string;
  };
  aboutUS: { option: string; notes: string };
  /** Accepted studio documents, by their id. */
  accepted: Record<string, boolean>;
};

let rowCount = 0;
const rowKey = () => `row-${++rowCount}`;

export const emptyContact = (): ContactRow => ({
  key: rowKey(),
  firstName: '',
  lastName: '',
  phone: '',
  role: DEFAULT_ROLE,
});

export const emptyStudent = (): StudentRow => ({
  key: rowKey(),
  firstName: '',
  lastName: '',
  gender: 'F',
  dob: '',
});

export const emptyParentForm = (): ParentFormValues => ({
  login: { email: '', password: '' },
  confirmPassword: '',
  user: { firstName: '', lastName: '', phone: '', role: DEFAULT_ROLE },
  contacts: [],
  students: [emptyStudent()],
  acctInfo: { phone: '', address: '', address2: '', city: '', state: '', zipcode: '' },
  aboutUS: { option: '', notes: '' },
  accepted: {},
});

/** The body of POST api/registration/parent/{id}: every document shown, with the version shown. */
export function parentRegistrationBody(
  values: ParentFormValues,
  terms: readonly StudioTerm[],
): ParentRegistrationInput {
  return {
    login: values.login,
    user: values.user,
    contacts: values.contacts.map(({ key: _key, ...contact }) => contact),
    students: values.students.map(({ key: _key, ...student }) => student),
    acctInfo: values.acctInfo,
    aboutUS: values.aboutUS as ParentRegistrationInput['aboutUS'],
    terms: terms.map((t) => ({
      coTermID: t.id,
      accepted: values.accepted[t.id] === true,
      version: t.version,
    })),
  };
}

export const PASSWORD_MISMATCH = 'The passwords do not match.';
/** The shared schema's own sentence for an unchosen "How did you hear about us" (issue 13). */
export const ABOUT_US_REQUIRED = registrationMessages.aboutUsRequired;

/** Errors of the whole form keyed by form path, from the schema the server validates with. */
export function parentFormErrors(
  values: ParentFormValues,
  terms: readonly StudioTerm[],
  today: string = todayInZone(),
): Record<string, string> {
  const errors = zodErrors(parentRegistrationInput, parentRegistrationBody(values, terms));
  if (values.confirmPassword !== values.login.password && !errors['login.password']) {
    errors.confirmPassword = PASSWORD_MISMATCH;
  }
  values.students.forEach((s, i) => {
    const key = `students.${i}.dob`;
    if (s.dob.trim() === '') errors[key] = familyMessages.studentDob;
    else if (!errors[key] && s.dob.trim() > today) errors[key] = familyMessages.dobInFuture;
  });
  if (terms.some((t) => values.accepted[t.id] !== true)) errors.terms = familyMessages.termsRequired;
  return errors;
}

const STEP_FIELDS: Record<ParentStep, readonly string[]> = {
  you: ['login', 'confirmPassword', 'user'],
  contacts: ['contacts'],
  students: ['students'],
  address: ['acctInfo', 'aboutUS'],
  terms: ['terms'],
};

/** The errors that keep one step from moving on. */
export const parentStepErrors = (
  step: ParentStep,
  values: ParentFormValues,
  terms: readonly StudioTerm[],
  today?: string,
) => errorsUnder(parentFormErrors(values, terms, today), STEP_FIELDS[step]);

/** The first step, from the start, that has errors (or null): where a submission must go back to. */
export function firstStepWithErrors(values: ParentFormValues, terms: readonly StudioTerm[], today?: string) {
  const errors = parentFormErrors(values, terms, today);
  return PARENT_STEPS.find((step) => Object.keys(errorsUnder(errors, STEP_FIELDS[step])).length > 0) ?? null;
}

export const allTermsAccepted = (values: ParentFormValues, terms: readonly StudioTerm[]) =>
  terms.every((t) => values.accepted[t.id] === true);
