import type { StudentClass } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  classesByStudent,
  classStanding,
  genderLabel,
  personName,
  sentenceCase,
  studentAgeText,
  termsAcceptanceText,
  termsState,
} from './family-view';

const cls = (over: Partial<StudentClass>): StudentClass => ({
  clsRegID: 'r',
  clSchID: 'c',
  acctStudentID: 's1',
  name: 'Ballet I',
  day: 0,
  timeStart: '16:00:00',
  timeEnd: '17:00:00',
  teacher: 'Ms. Rivera',
  room: 'Studio A',
  location: 'Main',
  level: 1,
  Pr_0: 60,
  Pr_i: 60,
  Pr_f: 60,
  nTh: 0,
  iStatus: 10,
  status: 1,
  status_clsReg: 1,
  status_clsRegAct: 1,
  approved: true,
  Date_i: '2026-09-01',
  Date_f: '2027-06-30',
  isDropped: false,
  ...over,
});

describe('classStanding', () => {
  it.each([
    [{ iStatus: 10, status: 1, isDropped: false }, 'registered'],
    [{ iStatus: 1, status: 0, isDropped: false }, 'pending'],
    [{ iStatus: 10, status: -1, isDropped: false }, 'rejected'],
    [{ iStatus: -1, status: 1, isDropped: true }, 'dropped'],
    [{ iStatus: 10, status: 1, isDropped: true }, 'dropped'],
    [{ iStatus: -1, status: 1, isDropped: false }, 'dropped'],
    [{ iStatus: -2, status: 1, isDropped: false }, 'removed'],
  ])('%j is %s', (c, expected) => {
    expect(classStanding(c)).toBe(expected);
  });
});

describe('classesByStudent', () => {
  it('groups by student and orders each week: taken first, then day, time and name', () => {
    const classes = [
      cls({ clsRegID: 'dropped', day: 0, timeStart: '09:00:00', iStatus: -1, isDropped: true }),
      cls({ clsRegID: 'wed', day: 2 }),
      cls({ clsRegID: 'mon-late', day: 0, timeStart: '18:30:00' }),
      cls({ clsRegID: 'mon-tap', day: 0, timeStart: '16:00:00', name: 'Tap' }),
      cls({ clsRegID: 'mon-ballet', day: 0, timeStart: '16:00:00', name: 'Ballet' }),
      cls({ clsRegID: 'other', acctStudentID: 's2' }),
    ];
    const grouped = classesByStudent(classes);
    expect(grouped.get('s1')?.map((c) => c.clsRegID)).toEqual([
      'mon-ballet',
      'mon-tap',
      'mon-late',
      'wed',
      'dropped',
    ]);
    expect(grouped.get('s2')?.map((c) => c.clsRegID)).toEqual(['other']);
    expect(grouped.get('s3')).toBeUndefined();
  });

  it('does not reorder the list it was given', () => {
    const classes = [cls({ clsRegID: 'b', day: 3 }), cls({ clsRegID: 'a', day: 1 })];
    classesByStudent(classes);
    expect(classes.map((c) => c.clsRegID)).toEqual(['b', 'a']);
  });
});

describe('studentAgeText', () => {
  it.each([
    ['2019-03-15', '2026-09-20', '7½ yrs'],
    ['2019-03-15', '2026-03-15', '7 yrs'],
    ['2019-03-15', '2026-06-14', '7 yrs'],
    ['2019-03-15', '2026-06-15', '7¼ yrs'],
    ['2026-08-01', '2026-09-20', 'under ¼ yrs'],
    ['', '2026-09-20', ''],
    ['2027-01-01', '2026-09-20', ''],
  ])('born %s, on %s: %s', (dob, today, expected) => {
    expect(studentAgeText(dob, today)).toBe(expected);
  });
});

describe('people', () => {
  it.each([
    [{ firstName: 'Maya', lastName: 'Patel' }, 'Maya Patel'],
    [{ firstName: '', lastName: 'Patel' }, 'Patel'],
    [{ firstName: 'Maya', lastName: '' }, 'Maya'],
    [{ firstName: '', lastName: '' }, 'No name'],
  ])('%j is called %s', (p, expected) => {
    expect(personName(p)).toBe(expected);
  });

  it.each([
    ['F', 'Female'],
    ['M', 'Male'],
    ['X', 'Other'],
    ['?', '?'],
  ])('gender %s reads %s', (g, expected) => {
    expect(genderLabel(g)).toBe(expected);
  });
});

describe('addressLines', () => {
  it('puts city, state and ZIP on one line and leaves out what is blank', () => {
    expect(
      addressLines({ address: '12 Elm St', address2: '', city: 'Montclair', state: 'NJ', zipcode: '07042' }),
    ).toEqual(['12 Elm St', 'Montclair, NJ 07042']);
    expect(
      addressLines({ address: '12 Elm St', address2: 'Apt 3', city: '', state: 'NJ', zipcode: '' }),
    ).toEqual(['12 Elm St', 'Apt 3', 'NJ']);
    expect(addressLines({ address: ' ', address2: '', city: '', state: '', zipcode: '' })).toEqual([]);
  });
});

describe('terms', () => {
  it.each([
    [{ accepted: true, outdated: false, acceptedVersion: 2 }, 'accepted'],
    [{ accepted: false, outdated: true, acceptedVersion: 1 }, 'outdated'],
    [{ accepted: true, outdated: true, acceptedVersion: 1 }, 'outdated'],
    [{ accepted: false, outdated: false, acceptedVersion: null }, 'missing'],
  ])('%j is %s', (term, expected) => {
    expect(termsState(term)).toBe(expected);
  });

  it('says which version was accepted, when in the studio time zone, and by whom', () => {
    expect(
      termsAcceptanceText(
        { acceptedVersion: 2, acceptedAt: '2026-08-20T01:30:00.000Z', acceptedBy: 'Priya Patel' },
        'America/New_York',
      ),
    ).toBe('Version 2 accepted Aug 19, 2026, 9:30 PM by Priya Patel');
    expect(
      termsAcceptanceText(
        { acceptedVersion: 2, acceptedAt: '2026-08-20T01:30:00.000Z', acceptedBy: null },
        'America/Los_Angeles',
      ),
    ).toBe('Version 2 accepted Aug 19, 2026, 6:30 PM');
  });
});

describe('sentenceCase', () => {
  it.each([
    ['studio rules and policies', 'Studio rules and policies'],
    ['Media release', 'Media release'],
    ['', ''],
  ])('%s → %s', (text, expected) => {
    expect(sentenceCase(text)).toBe(expected);
  });
});
