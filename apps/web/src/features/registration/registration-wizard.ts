import { type StudioRegistrationInput, studioRegistrationInput } from '@pirouette/domain';
import { errorsUnder, zodErrors } from '../../lib/zod-form';

/** The steps of studio registration: e-mail → code → owner → studio → submitted. */
export const STEPS = ['email', 'code', 'owner', 'studio', 'submitted'] as const;
export type Step = (typeof STEPS)[number];

/** `hasSignIn`: the code proved an address that already signs in; the studio is added to it. */
export type WizardState = { step: Step; email: string; hasSignIn: boolean };

export type WizardAction =
  | { type: 'codeSent'; email: string }
  | { type: 'codeVerified'; hasSignIn?: boolean }
  | { type: 'ownerDone' }
  | { type: 'submitted' }
  | { type: 'back' }
  | { type: 'changeEmail' };

export const initialWizard: WizardState = { step: 'email', email: '', hasSignIn: false };

/** Moves between steps; a step may be reached only from the one before it. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'codeSent':
      return state.step === 'email' || state.step === 'code'
        ? { step: 'code', email: action.email, hasSignIn: false }
        : state;
    case 'codeVerified':
      return state.step === 'code'
        ? { ...state, step: 'owner', hasSignIn: action.hasSignIn === true }
        : state;
    case 'ownerDone':
      return state.step === 'owner' ? { ...state, step: 'studio' } : state;
    case 'submitted':
      return state.step === 'studio' ? { ...state, step: 'submitted' } : state;
    case 'back':
      // The code is used once: going back past the owner step means starting over with the e-mail.
      if (state.step === 'studio') return { ...state, step: 'owner' };
      if (state.step === 'code') return { ...state, step: 'email' };
      return state;
    case 'changeEmail':
      return state.step === 'submitted' ? state : { step: 'email', email: state.email, hasSignIn: false };
  }
}

export const stepIndex = (step: Step) => STEPS.indexOf(step);

/**
 * What the details form holds: the registration body plus a confirmation and the same-address switch,
 * and whether the proved address already signs in (then no password is asked: decision 017).
 */
export type DetailsValues = {
  hasSignIn: boolean;
  login: { email: string; password: string };
  confirmPassword: string;
  user: { firstName: string; lastName: string; phone: string };
  studioInfo: {
    name: string;
    address: string;
    city: string;
    state: string;
    zipcode: string;
    phone: string;
    email: string;
  };
  billingSameAsStudio: boolean;
  accountInfo: { address: string; city: string; state: string; zipcode: string; phone: string };
  aboutUS: { option: string; notes: string };
};

export const emptyDetails = (email = ''): DetailsValues => ({
  hasSignIn: false,
  login: { email, password: '' },
  confirmPassword: '',
  user: { firstName: '', lastName: '', phone: '' },
  studioInfo: { name: '', address: '', city: '', state: '', zipcode: '', phone: '', email },
  billingSameAsStudio: true,
  accountInfo: { address: '', city: '', state: '', zipcode: '', phone: '' },
  aboutUS: { option: '', notes: '' },
});

/**
 * The body of POST registration/account made from the form (exactly `studioRegistrationInput`): no
 * password for an address that already signs in, which keeps its own.
 */
export function registrationBody(values: DetailsValues) {
  const { address, city, state, zipcode, phone } = values.studioInfo;
  return {
    login: values.hasSignIn ? { email: values.login.email } : values.login,
    user: values.user,
    accountInfo: values.billingSameAsStudio ? { address, city, state, zipcode, phone } : values.accountInfo,
    studioInfo: values.studioInfo,
    aboutUS: values.aboutUS,
  };
}

export const PASSWORD_MISMATCH = 'The passwords do not match.';

/** Errors of the whole form, keyed by form path, from the shared schema. */
export function detailsErrors(values: DetailsValues): Record<string, string> {
  const errors = zodErrors(studioRegistrationInput, registrationBody(values));
  if (values.billingSameAsStudio) {
    for (const key of Object.keys(errors)) if (key.startsWith('accountInfo.')) delete errors[key];
  }
  if (!values.hasSignIn && values.confirmPassword !== values.login.password && !errors['login.password']) {
    errors.confirmPassword = PASSWORD_MISMATCH;
  }
  return errors;
}

const STEP_FIELDS = {
  owner: ['user', 'login', 'confirmPassword'],
  studio: ['studioInfo', 'accountInfo', 'aboutUS'],
} as const;

/** The errors that stop one details step. */
export const stepErrors = (step: 'owner' | 'studio', values: DetailsValues) =>
  errorsUnder(detailsErrors(values), STEP_FIELDS[step]);

/** The parsed, normalised body, ready to send (the form is valid). */
export const parseRegistration = (values: DetailsValues): StudioRegistrationInput =>
  studioRegistrationInput.parse(registrationBody(values));
