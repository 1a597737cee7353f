import { messages, registrationMessages } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  type DetailsValues,
  detailsErrors,
  emptyDetails,
  initialWizard,
  PASSWORD_MISMATCH,
  parseRegistration,
  registrationBody,
  stepErrors,
  type WizardState,
  wizardReducer,
} from './registration-wizard';

const run = (...actions: Parameters<typeof wizardReducer>[1][]) =>
  actions.reduce<WizardState>(wizardReducer, initialWizard);

describe('wizard steps', () => {
  it('goes e-mail → code → owner → studio → submitted', () => {
    const states = [
      run(),
      run({ type: 'codeSent', email: 'a@b.co' }),
      run({ type: 'codeSent', email: 'a@b.co' }, { type: 'codeVerified' }),
      run({ type: 'codeSent', email: 'a@b.co' }, { type: 'codeVerified' }, { type: 'ownerDone' }),
      run(
        { type: 'codeSent', email: 'a@b.co' },
        { type: 'codeVerified' },
        { type: 'ownerDone' },
        { type: 'submitted' },
      ),
    ];
    expect(states.map((s) => s.step)).toEqual(['email', 'code', 'owner', 'studio', 'submitted']);
    expect(states[4]?.email).toBe('a@b.co');
  });

  it('cannot skip a step', () => {
    expect(run({ type: 'codeVerified' }).step).toBe('email');
    expect(run({ type: 'ownerDone' }).step).toBe('email');
    expect(run({ type: 'submitted' }).step).toBe('email');
    expect(run({ type: 'codeSent', email: 'a@b.co' }, { type: 'ownerDone' }).step).toBe('code');
  });

  it('goes back from studio to owner, and from the code to the e-mail', () => {
    const studio = run(
      { type: 'codeSent', email: 'a@b.co' },
      { type: 'codeVerified' },
      { type: 'ownerDone' },
    );
    expect(wizardReducer(studio, { type: 'back' }).step).toBe('owner');
    expect(wizardReducer(run({ type: 'codeSent', email: 'a@b.co' }), { type: 'back' }).step).toBe('email');
    // A verified code is not shown again: the owner step has no way back to it.
    expect(
      wizardReducer(run({ type: 'codeSent', email: 'a@b.co' }, { type: 'codeVerified' }), { type: 'back' })
        .step,
    ).toBe('owner');
  });

  it('lets a new code be sent from the code step, but nothing changes once submitted', () => {
    const code = run({ type: 'codeSent', email: 'a@b.co' }, { type: 'codeSent', email: 'c@d.co' });
    expect(code).toEqual({ step: 'code', email: 'c@d.co', hasSignIn: false });
    const done = run(
      { type: 'codeSent', email: 'a@b.co' },
      { type: 'codeVerified' },
      { type: 'ownerDone' },
      { type: 'submitted' },
    );
    expect(wizardReducer(done, { type: 'changeEmail' })).toBe(done);
    expect(wizardReducer(done, { type: 'back' })).toBe(done);
  });
});

const filled = (): DetailsValues => ({
  ...emptyDetails('owner@studio.example'),
  login: { email: 'owner@studio.example', password: 'Secret12' },
  confirmPassword: 'Secret12',
  user: { firstName: 'Ana', lastName: 'Pavlova', phone: '(555) 123-4567' },
  studioInfo: {
    name: 'Swan Lake Studio',
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    phone: '(555) 765-4321',
    email: 'hello@studio.example',
  },
  aboutUS: { option: 'Google', notes: '' },
});

describe('details form', () => {
  it('accepts a complete form and builds exactly the registration body', () => {
    const values = filled();
    expect(detailsErrors(values)).toEqual({});
    const body = parseRegistration(values);
    expect(Object.keys(body).sort()).toEqual(['aboutUS', 'accountInfo', 'login', 'studioInfo', 'user']);
    expect(body.user.phone).toBe('5551234567');
    expect(body.accountInfo).toEqual({
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      phone: '5557654321',
    });
  });

  it('uses the billing address typed in when it differs from the studio', () => {
    const values = { ...filled(), billingSameAsStudio: false };
    expect(Object.keys(stepErrors('studio', values))).toEqual(
      expect.arrayContaining([
        'accountInfo.address',
        'accountInfo.city',
        'accountInfo.state',
        'accountInfo.zipcode',
      ]),
    );
    values.accountInfo = {
      address: '2 Side St',
      city: 'Albany',
      state: 'NY',
      zipcode: '12207',
      phone: '5550001111',
    };
    expect(registrationBody(values).accountInfo.city).toBe('Albany');
    expect(detailsErrors(values)).toEqual({});
  });

  it('holds the owner step on the password rule and its confirmation', () => {
    const weak = {
      ...filled(),
      login: { email: 'owner@studio.example', password: 'secret' },
      confirmPassword: 'secret',
    };
    expect(stepErrors('owner', weak)['login.password']).toBe(messages.passwordRule);
    const mismatch = { ...filled(), confirmPassword: 'Secret13' };
    expect(stepErrors('owner', mismatch)).toEqual({ confirmPassword: PASSWORD_MISMATCH });
  });

  it('asks no password of an address that already signs in, and sends none', () => {
    const values = { ...filled(), hasSignIn: true, login: { email: 'owner@studio.example', password: '' } };
    values.confirmPassword = '';
    expect(stepErrors('owner', values)).toEqual({});
    expect(parseRegistration(values).login).toEqual({ email: 'owner@studio.example' });
    expect(
      run({ type: 'codeSent', email: 'a@b.co' }, { type: 'codeVerified', hasSignIn: true }).hasSignIn,
    ).toBe(true);
    // A new address still needs one.
    expect(stepErrors('owner', { ...values, hasSignIn: false })['login.password']).toBe(
      messages.passwordRule,
    );
  });

  it('says in a sentence that "How did you hear about us" is unanswered', () => {
    expect(stepErrors('studio', { ...filled(), aboutUS: { option: '', notes: '' } })).toEqual({
      'aboutUS.option': registrationMessages.aboutUsRequired,
    });
  });

  it('checks each step only for its own fields', () => {
    const values = { ...emptyDetails('owner@studio.example') };
    expect(
      Object.keys(stepErrors('owner', values)).every((k) => /^(user|login|confirmPassword)/.test(k)),
    ).toBe(true);
    expect(Object.keys(stepErrors('studio', values)).every((k) => /^(studioInfo|aboutUS)/.test(k))).toBe(
      true,
    );
    expect(stepErrors('studio', values)['aboutUS.option']).toBeDefined();
  });
});
