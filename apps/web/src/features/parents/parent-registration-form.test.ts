import { familyMessages, messages } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  ABOUT_US_REQUIRED,
  allTermsAccepted,
  emptyContact,
  emptyParentForm,
  emptyStudent,
  firstStepWithErrors,
  PASSWORD_MISMATCH,
  type ParentFormValues,
  parentRegistrationBody,
  parentStepErrors,
  type StudioTerm,
} from './parent-registration-form';

const TODAY = '2026-11-21';
const WAIVER: StudioTerm = {
  id: '6f1c2a5e-2f4b-4c59-9d7c-1e0f3a2b4c5d',
  title: 'Waiver',
  content: 'Dance safely.',
  version: 3,
};
const PHOTOS: StudioTerm = {
  id: '7a2d3b6f-3a5c-4d6a-8e8d-2f1a4b3c5d6e',
  title: 'Photos',
  content: 'We take photos.',
  version: 1,
};
const terms = [WAIVER, PHOTOS];

function filled(): ParentFormValues {
  const v = emptyParentForm();
  v.login = { email: 'Mom@Family.example', password: 'Grand1Jete' };
  v.confirmPassword = 'Grand1Jete';
  v.user = { firstName: 'Maria', lastName: 'Tall', phone: '(555) 123-4567', role: 'Mother' };
  v.students = [{ ...emptyStudent(), firstName: 'Ana', lastName: 'Tall', dob: '2016-05-01' }];
  v.acctInfo = {
    phone: '5557654321',
    address: '1 Main St',
    address2: '',
    city: 'Tulsa',
    state: 'OK',
    zipcode: '74101',
  };
  v.aboutUS = { option: 'Google', notes: '' };
  v.accepted = { [WAIVER.id]: true, [PHOTOS.id]: true };
  return v;
}

describe('parent registration form', () => {
  it('a filled form has no errors on any step', () => {
    expect(firstStepWithErrors(filled(), terms, TODAY)).toBeNull();
  });

  it('builds the request body: rows without keys, every document with the version shown', () => {
    const v = filled();
    v.contacts = [
      { ...emptyContact(), firstName: 'Jo', lastName: 'Tall', phone: '5550001111', role: 'Father' },
    ];
    const body = parentRegistrationBody(v, terms);
    expect(body.contacts).toEqual([
      { firstName: 'Jo', lastName: 'Tall', phone: '5550001111', role: 'Father' },
    ]);
    expect(body.students).toEqual([{ firstName: 'Ana', lastName: 'Tall', gender: 'F', dob: '2016-05-01' }]);
    expect(body.terms).toEqual([
      { coTermID: WAIVER.id, accepted: true, version: 3 },
      { coTermID: PHOTOS.id, accepted: true, version: 1 },
    ]);
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).not.toHaveProperty('accepted');
  });

  it('step 1 checks the password rule, the confirmation and the person', () => {
    const v = filled();
    v.login.password = 'weakpass';
    v.confirmPassword = 'weakpass';
    v.user.firstName = ' ';
    const errors = parentStepErrors('you', v, terms, TODAY);
    expect(errors['login.password']).toBe(messages.passwordRule);
    expect(errors['user.firstName']).toBe('First name is required');
    expect(errors).not.toHaveProperty('confirmPassword');

    const mismatch = filled();
    mismatch.confirmPassword = 'Other1pass';
    expect(parentStepErrors('you', mismatch, terms, TODAY)).toEqual({ confirmPassword: PASSWORD_MISMATCH });
  });

  it('step 1 does not report errors of later steps', () => {
    const v = filled();
    v.students = [];
    v.acctInfo.city = '';
    expect(parentStepErrors('you', v, terms, TODAY)).toEqual({});
  });

  it('contacts are optional, but a contact row is a whole person', () => {
    const v = filled();
    expect(parentStepErrors('contacts', v, terms, TODAY)).toEqual({});
    v.contacts = [emptyContact()];
    const errors = parentStepErrors('contacts', v, terms, TODAY);
    expect(errors['contacts.0.firstName']).toBe('First name is required');
    expect(errors['contacts.0.phone']).toBe('Please enter a 10-digit phone number');
  });

  it('students: at least one, a name, a date of birth not in the future', () => {
    const none = filled();
    none.students = [];
    expect(parentStepErrors('students', none, terms, TODAY)).toEqual({ students: familyMessages.noStudents });

    const v = filled();
    v.students = [
      { ...emptyStudent(), dob: '2015-01-01' },
      { ...emptyStudent(), firstName: 'Bo', dob: '' },
      { ...emptyStudent(), firstName: 'Cy', dob: '2030-01-01' },
    ];
    const errors = parentStepErrors('students', v, terms, TODAY);
    expect(errors['students.0.firstName']).toBe(familyMessages.studentName);
    expect(errors['students.1.dob']).toBe(familyMessages.studentDob);
    expect(errors['students.2.dob']).toBe(familyMessages.dobInFuture);
  });

  it('address and about us', () => {
    const v = filled();
    v.acctInfo.state = '';
    v.acctInfo.zipcode = '123';
    v.aboutUS.option = '';
    const errors = parentStepErrors('address', v, terms, TODAY);
    expect(errors['acctInfo.state']).toBe('Please choose a state');
    expect(errors['acctInfo.zipcode']).toBe('Please enter a 5-digit ZIP code');
    expect(errors['aboutUS.option']).toBe(ABOUT_US_REQUIRED);
  });

  it('every studio document must be accepted', () => {
    const v = filled();
    v.accepted = { [WAIVER.id]: true };
    expect(allTermsAccepted(v, terms)).toBe(false);
    expect(parentStepErrors('terms', v, terms, TODAY)).toEqual({ terms: familyMessages.termsRequired });
    expect(firstStepWithErrors(v, terms, TODAY)).toBe('terms');
    expect(allTermsAccepted(v, [])).toBe(true);
  });

  it('firstStepWithErrors finds the earliest step to go back to', () => {
    const v = filled();
    v.acctInfo.city = '';
    v.students = [{ ...emptyStudent(), firstName: 'Ana', dob: '' }];
    expect(firstStepWithErrors(v, terms, TODAY)).toBe('students');
  });
});
