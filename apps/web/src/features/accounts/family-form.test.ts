import { accountMessages, familyMessages, frontDeskFamilyInput } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  ABOUT_US_OPTION_NEEDED,
  emptyContactRow,
  emptyFamilyForm,
  emptyStudentRow,
  type FamilyFormValues,
  familyFormErrors,
  frontDeskBody,
} from './family-form';

const TODAY = '2026-11-21';

function filled(): FamilyFormValues {
  return {
    user: {
      firstName: 'Rosa',
      lastName: 'Diaz',
      phone: '(973) 555-0142',
      role: 'Mother',
      email: ' Rosa.Diaz@example.com ',
    },
    students: [{ ...emptyStudentRow('Diaz'), firstName: 'Lucia', dob: '2018-04-09', gender: 'F' }],
    contacts: [],
    acctInfo: { address: '12 Elm St', address2: '', city: 'Montclair', state: 'NJ', zipcode: '07042' },
    aboutUS: { option: '', notes: '' },
  };
}

describe('frontDeskBody', () => {
  it('sends the rows without their screen keys, and no about-us unless given', () => {
    const body = frontDeskBody(filled());
    expect(body).toEqual({
      user: {
        firstName: 'Rosa',
        lastName: 'Diaz',
        phone: '(973) 555-0142',
        role: 'Mother',
        email: 'Rosa.Diaz@example.com',
      },
      students: [{ firstName: 'Lucia', lastName: 'Diaz', gender: 'F', dob: '2018-04-09' }],
      contacts: [],
      acctInfo: { address: '12 Elm St', address2: '', city: 'Montclair', state: 'NJ', zipcode: '07042' },
    });
    const parsed = frontDeskFamilyInput.parse(body);
    expect(parsed.user.phone).toBe('9735550142');
    expect(parsed.aboutUS).toBeUndefined();
  });

  it('sends contacts and how the family heard of the studio', () => {
    const values = filled();
    values.contacts = [
      { ...emptyContactRow(), firstName: 'Abuela', phone: '9735550199', role: 'Grandparent' },
    ];
    values.aboutUS = { option: 'Instagram', notes: ' saw the recital ' };
    const body = frontDeskBody(values);
    expect(body.contacts).toEqual([
      { firstName: 'Abuela', lastName: '', phone: '9735550199', role: 'Grandparent' },
    ]);
    expect(body.aboutUS).toEqual({ option: 'Instagram', notes: 'saw the recital' });
    expect(frontDeskFamilyInput.safeParse(body).success).toBe(true);
  });

  it('lets the e-mail address be left out', () => {
    const values = filled();
    values.user.email = '';
    expect(familyFormErrors(values, TODAY)).toEqual({});
    expect(frontDeskFamilyInput.parse(frontDeskBody(values)).user.email).toBe('');
  });
});

describe('familyFormErrors', () => {
  it('passes a complete form', () => {
    expect(familyFormErrors(filled(), TODAY)).toEqual({});
  });

  it('names each missing field of an empty form by its path', () => {
    const errors = familyFormErrors(emptyFamilyForm(), TODAY);
    expect(errors['user.firstName']).toBe(accountMessages.personName);
    expect(errors['user.phone']).toBeTruthy();
    expect(errors['students.0.firstName']).toBe(familyMessages.studentName);
    expect(errors['students.0.dob']).toBe(familyMessages.studentDob);
    expect(errors['acctInfo.address']).toBeTruthy();
    expect(errors['acctInfo.state']).toBeTruthy();
    expect(errors['acctInfo.zipcode']).toBeTruthy();
    expect(errors['user.email']).toBeUndefined();
  });

  it('refuses a malformed e-mail address and a date of birth in the future', () => {
    const values = filled();
    values.user.email = 'rosa@';
    values.students[0]!.dob = '2027-01-01';
    const errors = familyFormErrors(values, TODAY);
    expect(errors['user.email']).toBeTruthy();
    expect(errors['students.0.dob']).toBe(familyMessages.dobInFuture);
  });

  it('needs at least one student', () => {
    const values = filled();
    values.students = [];
    expect(familyFormErrors(values, TODAY).students).toBe(familyMessages.noStudents);
  });

  it('asks for the about-us option when only notes are written', () => {
    const values = filled();
    values.aboutUS.notes = 'friend of the Hartleys';
    expect(familyFormErrors(values, TODAY)['aboutUS.option']).toBe(ABOUT_US_OPTION_NEEDED);
  });
});
