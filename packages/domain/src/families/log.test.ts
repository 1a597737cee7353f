import { describe, expect, it } from 'vitest';
import { FAMILY_LOG_ACTIONS as A, changedFields, familyLogText } from './log';

describe('familyLogText', () => {
  it.each([
    [
      A.registered,
      { students: 2, contacts: 1 },
      "Family registered through the studio's link, with 2 students and 1 contact",
    ],
    [A.created, { students: 1, contacts: 0 }, 'Family created at the front desk, with 1 student'],
    [
      A.created,
      { students: 3, contacts: 0, invited: 'a@x.example' },
      'Family created at the front desk, with 3 students; a@x.example invited to sign in',
    ],
    [
      A.contactInfoUpdated,
      { changes: ['address', 'zipcode'] },
      'Contact information updated: address, ZIP code',
    ],
    [A.personAdded, { type: 'contact', name: 'Ana Ruiz' }, 'Contact Ana Ruiz added'],
    [
      A.personUpdated,
      { type: 'student', name: 'Mia Dancer', changes: ['dob', 'firstName'] },
      'Student Mia Dancer updated: date of birth, first name',
    ],
    [
      A.personUpdated,
      { type: 'user', name: 'Pat Parent', changes: [] },
      'User Pat Parent updated: no change',
    ],
    [A.personRemoved, { type: 'student', name: 'Mia Dancer' }, 'Student Mia Dancer removed'],
    [A.userInvited, { email: 'b@x.example' }, 'Invitation to sign in sent to b@x.example'],
    [A.imported, { source: 'Jackrabbit' }, 'Imported from Jackrabbit'],
    [
      A.importUpdated,
      { source: 'Jackrabbit', changes: ['address', 'phone2'] },
      'Updated by an import from Jackrabbit: address, second phone',
    ],
    [
      A.termsAccepted,
      { title: 'studio rules and policies', version: 2 },
      'Terms accepted: studio rules and policies, version 2',
    ],
    ['family.something_new', {}, 'something new'],
  ])('%s %j', (action, detail, text) => {
    expect(familyLogText(action, detail)).toBe(text);
  });
});

describe('changedFields', () => {
  it('names the fields whose values differ, ignoring fields the old record lacks', () => {
    expect(
      changedFields(
        { firstName: 'Mia', lastName: 'D', dob: '2016-01-01' },
        { firstName: 'Mia', lastName: 'Dancer', extra: 1 },
      ),
    ).toEqual(['lastName']);
  });
});
