import { type FamilyContact, type FamilyStudent, type FamilyUser, familyMessages } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { personFormErrors, personFormValues, personSubmission } from './person-form';

const TODAY = '2026-09-20';
const ID = '77777777-7777-4777-8777-777777777777';

const student: FamilyStudent = {
  id: ID,
  firstName: 'Maya',
  lastName: 'Patel',
  phone: '',
  dob: '2018-03-04',
  gender: 'F',
};
const user: FamilyUser = {
  id: ID,
  firstName: 'Priya',
  lastName: 'Patel',
  phone: '9735550123',
  role: 'Mother',
  email: 'parent@demo.example',
  login: 'active',
};
const contact: FamilyContact = {
  id: ID,
  firstName: 'Raj',
  lastName: 'Patel',
  phone: '9735550199',
  role: 'Father',
};

describe('personFormValues', () => {
  it('starts a new person blank, a girl, a mother', () => {
    expect(personFormValues()).toEqual({
      firstName: '',
      lastName: '',
      phone: '',
      dob: '',
      gender: 'F',
      role: 'Mother',
      email: '',
      allergies: '',
      teacherNote: '',
    });
  });

  it("sends a student's allergies and teacher note only from the owner's form", () => {
    const values = { ...personFormValues(), firstName: 'Mia', dob: '2018-05-01', allergies: ' Peanuts ' };
    expect(personSubmission('student', values, { withNotes: true }).user).toMatchObject({
      allergies: 'Peanuts',
      teacherNote: '',
    });
    expect(personSubmission('student', values).user).not.toHaveProperty('allergies');
  });

  it("opens an edit on the person's values, the phone as it is typed", () => {
    expect(personFormValues(user)).toMatchObject({
      firstName: 'Priya',
      phone: '(973) 555-0123',
      role: 'Mother',
      email: 'parent@demo.example',
    });
    expect(personFormValues({ ...student, dob: '2018-03-04T00:00:00.000Z', gender: 'M' })).toMatchObject({
      dob: '2018-03-04',
      gender: 'M',
    });
  });

  it('falls back to the defaults for a gender or role the form does not offer', () => {
    expect(personFormValues({ ...student, gender: '' }).gender).toBe('F');
    expect(personFormValues({ ...contact, role: 'Nanny' }).role).toBe('Mother');
  });
});

describe('personFormErrors', () => {
  const blank = personFormValues();

  it('a student needs a name and a date of birth, not in the future; the phone may be blank', () => {
    expect(personFormErrors('student', blank, TODAY)).toEqual({
      firstName: familyMessages.studentName,
      dob: familyMessages.studentDob,
    });
    expect(personFormErrors('student', { ...blank, lastName: 'Patel', dob: '2027-01-01' }, TODAY)).toEqual({
      dob: familyMessages.dobInFuture,
    });
    expect(personFormErrors('student', { ...blank, firstName: 'Maya', dob: '2018-03-04' }, TODAY)).toEqual(
      {},
    );
  });

  it("checks a student's phone only when one is given", () => {
    const values = { ...blank, firstName: 'Maya', dob: '2018-03-04', phone: '(973) 55' };
    expect(personFormErrors('student', values, TODAY)).toEqual({
      phone: 'Please enter a 10-digit phone number',
    });
  });

  it('users and contacts need a name and a 10-digit phone', () => {
    const errors = personFormErrors('contact', blank, TODAY);
    expect(Object.keys(errors).sort()).toEqual(['firstName', 'phone']);
    expect(
      personFormErrors('contact', { ...blank, lastName: 'Patel', phone: '(973) 555-0199' }, TODAY),
    ).toEqual({});
  });

  it("checks a user's e-mail when given, and never a contact's", () => {
    const values = { ...blank, firstName: 'Raj', phone: '(973) 555-0199', email: 'not-an-address' };
    expect(personFormErrors('user', values, TODAY)).toEqual({ email: 'Please enter a valid e-mail address' });
    expect(personFormErrors('contact', values, TODAY)).toEqual({});
  });
});

describe('personSubmission', () => {
  it('sends a new student as the schema reads it', () => {
    const values = { ...personFormValues(), firstName: ' Maya ', lastName: 'Patel', dob: '2018-03-04' };
    expect(personSubmission('student', values)).toEqual({
      type: 'student',
      user: { firstName: 'Maya', lastName: 'Patel', phone: '', gender: 'F', dob: '2018-03-04' },
    });
  });

  it('sends an edit with the id, and a contact without an e-mail', () => {
    expect(personSubmission('contact', personFormValues(contact), { person: contact })).toEqual({
      type: 'contact',
      user: { id: ID, firstName: 'Raj', lastName: 'Patel', phone: '9735550199', role: 'Father' },
    });
  });

  it("sends a user's e-mail only when the form shows it", () => {
    const values = { ...personFormValues(user), email: 'New@Example.com' };
    expect(personSubmission('user', values, { person: user, allowEmail: true }).user.email).toBe(
      'new@example.com',
    );
    // Hidden: an edit keeps the address the user has, a new user has none.
    expect(personSubmission('user', values, { person: user }).user.email).toBe('parent@demo.example');
    expect(personSubmission('user', values).user).not.toHaveProperty('email');
  });
});
