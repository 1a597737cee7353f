import type { z } from 'zod';
import type { ImportKind } from './records';
import type { importField } from './schema';

/**
 * What each kind of imported file can fill (issue 35, decision 055): the fields the mapping screen
 * offers, keyed as the records of records.ts are (plus a few that are read into them: a whole name
 * split into first and last, a family's e-mail standing for its id, a class's "4:00-5:00 PM").
 */

export type ImportField = z.infer<typeof importField>;

const f = (key: string, label: string, hint: string, required = false): ImportField => ({
  key,
  label,
  required,
  hint,
});

const DATE_HINT = 'MM/DD/YYYY, M/D/YY, YYYY-MM-DD or Jan 5, 2015';
const PHONE_HINT = '10 digits in any form: (973) 555-0142, 973.555.0142; an extension is left out';
const MONEY_HINT = '$1,234.50, 1234.5, -$20.00 or ($20.00)';
const FAMILY_REF_HINT = "The family's id in the old system, as in the families file";
const FAMILY_EMAIL_HINT = "The family's e-mail, when the files have no family ids";
const NAME_HINT = '"Last, First" or "First Last"';

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  families: [
    f('ref', 'Family ID', "The family's id in the old system: the next import matches it"),
    f('lastName', 'Family name', 'The name on lists, usually the last name', true),
    f('parentFirstName', 'Parent first name', 'The first parent, invited to sign in'),
    f('parentLastName', 'Parent last name', 'The family name when none is given'),
    f('parentName', 'Parent name', NAME_HINT),
    f('email', 'E-mail', 'The parent’s e-mail; without one the family gets no invitation'),
    f('phone', 'Phone', PHONE_HINT),
    f('phone2', 'Second phone', PHONE_HINT),
    f('address', 'Address', 'Street and number'),
    f('address2', 'Address line 2', 'Apartment, suite'),
    f('city', 'City', ''),
    f('state', 'State', 'Two letters (NJ) or the name'),
    f('zipcode', 'ZIP code', '5 digits or ZIP+4'),
    f('balance', 'Balance', `What the family owes today (a credit negative): ${MONEY_HINT}`),
  ],
  contacts: [
    f('ref', 'Contact ID', "The contact's id in the old system"),
    f('familyRef', 'Family ID', FAMILY_REF_HINT, true),
    f('familyEmail', 'Family e-mail', FAMILY_EMAIL_HINT),
    f('firstName', 'First name', '', true),
    f('lastName', 'Last name', ''),
    f('name', 'Name', NAME_HINT),
    f('email', 'E-mail', 'A parent with an e-mail can be invited to sign in'),
    f('phone', 'Phone', PHONE_HINT),
    f('role', 'Relationship', 'Mother, Father, Guardian, Grandparent, Emergency…'),
  ],
  dancers: [
    f('ref', 'Student ID', "The dancer's id in the old system"),
    f('familyRef', 'Family ID', FAMILY_REF_HINT, true),
    f('familyEmail', 'Family e-mail', FAMILY_EMAIL_HINT),
    f('firstName', 'First name', '', true),
    f('lastName', 'Last name', ''),
    f('name', 'Name', NAME_HINT),
    f('dob', 'Date of birth', DATE_HINT, true),
    f('gender', 'Gender', 'F or M (Female, Girl, Male, Boy); F when empty'),
  ],
  classes: [
    f('ref', 'Class ID', "The class's id in the old system"),
    f('name', 'Class name', '', true),
    f('day', 'Day', 'Monday, Mon, M, Tu, Thurs…', true),
    f('timeStart', 'Start time', '4:00 PM, 4pm, 16:00', true),
    f('timeEnd', 'End time', '5:00 PM, 5pm, 17:00', true),
    f('times', 'Times', '4:00-5:00 PM (start and end in one column)'),
    f('room', 'Room', 'Found by name, or made'),
    f('teacher', 'Teacher', 'Found by name, or made'),
    f('ages', 'Ages', '3-5, 3 to 5, 5+'),
    f('ageMin', 'Youngest age', 'Years'),
    f('ageMax', 'Oldest age', 'Years'),
    f('level', 'Level', '1 to 7, or a level name; 1 when empty'),
    f('places', 'Places', 'The most dancers the class takes; 20 when empty'),
    f('monthly', 'Monthly price', `${MONEY_HINT}; the term's price when empty`),
  ],
  enrolments: [
    f('dancerRef', 'Student ID', "The dancer's id, as in the dancers file", true),
    f('familyRef', 'Family ID', "With the dancer's name, when the file has no student ids"),
    f('familyEmail', 'Family e-mail', FAMILY_EMAIL_HINT),
    f('firstName', 'First name', "The dancer's"),
    f('lastName', 'Last name', "The dancer's"),
    f('name', 'Dancer', NAME_HINT),
    f('classRef', 'Class ID', "The class's id, as in the classes file", true),
    f('className', 'Class name', 'With its day and start time, when the file has no class ids'),
    f('day', 'Day', 'Monday, Mon, M, Tu, Thurs…'),
    f('timeStart', 'Start time', '4:00 PM, 4pm, 16:00'),
    f('times', 'Times', '4:00-5:00 PM'),
  ],
  balances: [
    f('familyRef', 'Family ID', FAMILY_REF_HINT, true),
    f('familyEmail', 'Family e-mail', FAMILY_EMAIL_HINT),
    f('amount', 'Balance', `Owed by the family; a credit negative: ${MONEY_HINT}`, true),
    f('asOf', 'As of', `${DATE_HINT}; the import's day when empty`),
  ],
};

/**
 * What a file of each kind must have a column for: each requirement is met when every field of one
 * of its groups has a column ("Family ID", or "Family e-mail" when the files have no ids).
 */
export const IMPORT_REQUIREMENTS: Record<ImportKind, string[][][]> = {
  // A family is found again by its id, or by its e-mail when the file has no ids.
  families: [
    [['lastName'], ['parentLastName'], ['parentName']],
    [['ref'], ['email']],
  ],
  contacts: [
    [['familyRef'], ['familyEmail']],
    [['firstName'], ['lastName'], ['name']],
  ],
  dancers: [[['familyRef'], ['familyEmail']], [['firstName'], ['lastName'], ['name']], [['dob']]],
  classes: [[['name']], [['day']], [['timeStart', 'timeEnd'], ['times']]],
  enrolments: [
    [
      ['dancerRef'],
      ['familyRef', 'firstName'],
      ['familyRef', 'name'],
      ['familyEmail', 'firstName'],
      ['familyEmail', 'name'],
    ],
    [['classRef'], ['className', 'day', 'timeStart'], ['className', 'day', 'times']],
  ],
  balances: [[['familyRef'], ['familyEmail']], [['amount']]],
};

/** The label of a field of a kind, or the key when there is none. */
export const importFieldLabel = (kind: ImportKind, key: string) =>
  IMPORT_FIELDS[kind].find((field) => field.key === key)?.label ?? key;
