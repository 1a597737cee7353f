import type { StudioRegistrationInput } from '@pirouette/domain';
import type { TestApp } from './build-test-app';

/** The newest mail to an address, from the embedded outbox through the dev route, as a person would read it. */
export async function lastMailTo(t: TestApp, to: string) {
  const res = await t.call({ method: 'GET', url: '/dev/mail.json' });
  const mails = res.body[1] as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
export const linkTokenIn = (text: string, path: string) =>
  new RegExp(`${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';

export function registration(email: string, overrides: Partial<StudioRegistrationInput> = {}) {
  return {
    login: { email, password: 'Studio123' },
    user: { firstName: 'Ana', lastName: 'Lopez', phone: '(973) 555-0100' },
    accountInfo: { address: '1 Main St', city: 'Newark', state: 'NJ', zipcode: '07102', phone: '9735550100' },
    studioInfo: {
      name: 'Lopez Dance',
      address: '2 Broad St',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550111',
      email: 'studio@lopez.example',
    },
    aboutUS: { option: 'Google', notes: '' },
    ...overrides,
  };
}

/** registerStudio's overrides for a second studio of one owner (Second Studio, Trenton), its mail at `email`. */
export const secondStudio = (email: string): Partial<StudioRegistrationInput> => ({
  studioInfo: {
    name: 'Second Studio',
    address: '9 Elm St',
    city: 'Trenton',
    state: 'NJ',
    zipcode: '08601',
    phone: '6095550100',
    email,
  },
});

/** Code, validation and registration over HTTP: a studio and its owner, ready to sign in. */
export async function registerStudio(
  t: TestApp,
  email: string,
  overrides: Partial<StudioRegistrationInput> = {},
) {
  await t.call({ method: 'GET', url: `/api/registration/confirm/email/${email}` });
  const code = codeIn((await lastMailTo(t, email)).subject);
  const v = await t.call({ method: 'GET', url: `/api/registration/email/validate/${email}/${code}` });
  if (v.status !== 200) throw new Error(`validate: ${JSON.stringify(v.body)}`);
  const res = await t.call({
    method: 'POST',
    url: '/api/registration/account',
    payload: registration(email, overrides),
  });
  if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return res.body[1] as { msg: string; cID: string };
}

export async function signIn(t: TestApp, email: string, password = 'Studio123') {
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.status !== 200) throw new Error(`login: ${JSON.stringify(res.body)}`);
  return res.body[1] as { token: string; user: { cID: string }; accts: { id: string }[] };
}

/** A parent's family registration form, as the studio's sign-up page sends it. */
export function parentRegistration(email: string, terms: { id: string; version: number }[]) {
  return {
    login: { email, password: 'Parent123' },
    user: { firstName: 'Priya', lastName: 'Patel', phone: '(973) 555-0123', role: 'Mother' },
    contacts: [{ firstName: 'Raj', lastName: 'Patel', phone: '9735550124', role: 2 }],
    students: [
      { firstName: 'Anika', lastName: 'Patel', gender: 'F', dob: '2015-03-14' },
      { firstName: 'Dev', lastName: '', dob: '2018-07-02' },
    ],
    acctInfo: {
      phone: '9735550123',
      address: '15 Park Place',
      address2: 'Apt 2',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
    },
    aboutUS: { option: 'Instagram', notes: 'Saw the recital' },
    terms: terms.map((d) => ({ coTermID: d.id, accepted: true, version: d.version })),
  };
}
