import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classEligibility,
  type EligibilityClass,
  type EligibilityRequirement,
  eligibilityDate,
  selectionEligibility,
  type TakenClass,
} from './eligibility';
import { classRegistrationMessages } from './schema';

const onDate = '2026-09-01';
const emma = { firstName: 'Emma', dob: '2016-03-15' }; // 10 on Sep 1, 2026

const ballet3: EligibilityRequirement = {
  genreID: 'ballet',
  genreName: 'Ballet',
  levelID: 3,
  isRequired: false,
};
const jazz1: EligibilityRequirement = { genreID: 'jazz', genreName: 'Jazz', levelID: 1, isRequired: false };
const tap5: EligibilityRequirement = { genreID: 'tap', genreName: 'Tap', levelID: 5, isRequired: true };

function cls(over: Partial<EligibilityClass> = {}): EligibilityClass {
  return {
    id: 'c',
    name: 'Jazz 2',
    age_min: 8,
    age_max: 12,
    level: 2,
    genreIDs: ['jazz'],
    requirements: [],
    minGenreRequired: 0,
    ...over,
  };
}
const taking = (id: string, genreIDs: string[], level: number): TakenClass => ({ id, genreIDs, level });
const balletAt3 = taking('b3', ['ballet'], 3);
const jazzAt1 = taking('j1', ['jazz', 'lyrical'], 1);
const tapAt5 = taking('t5', ['tap'], 5);

type Case = {
  name: string;
  dob?: string;
  cls: Partial<EligibilityClass>;
  others?: TakenClass[];
  reasons: string[];
};

const cases: Case[] = [
  // Age: whole years on the class's start date, both ends inclusive.
  {
    name: 'the day before the 10th birthday is 9, under age_min 10',
    dob: '2016-09-02',
    cls: { age_min: 10, age_max: 12 },
    reasons: ['Emma is 9 on Sep 1, 2026; this class is for ages 10 to 12.'],
  },
  {
    name: 'on the 10th birthday, age_min 10 admits her',
    dob: '2016-09-01',
    cls: { age_min: 10, age_max: 12 },
    reasons: [],
  },
  {
    name: '10 years and 11 months is 10, age_max 10 admits her',
    dob: '2015-09-02',
    cls: { age_min: 8, age_max: 10 },
    reasons: [],
  },
  {
    name: 'on the 11th birthday she is over age_max 10',
    dob: '2015-09-01',
    cls: { age_min: 8, age_max: 10 },
    reasons: ['Emma is 11 on Sep 1, 2026; this class is for ages 8 to 10.'],
  },
  {
    name: 'a one-age class says "age 8"',
    dob: '2016-03-15',
    cls: { age_min: 8, age_max: 8 },
    reasons: ['Emma is 10 on Sep 1, 2026; this class is for age 8.'],
  },
  {
    name: 'age_max 99 reads "and up"',
    dob: '2020-01-01',
    cls: { age_min: 8, age_max: 99 },
    reasons: ['Emma is 6 on Sep 1, 2026; this class is for ages 8 and up.'],
  },
  {
    name: 'age_min 0 reads "up to"',
    cls: { age_min: 0, age_max: 5 },
    reasons: ['Emma is 10 on Sep 1, 2026; this class is for ages up to 5.'],
  },
  {
    name: 'all ages (0 to 99) admits a toddler',
    dob: '2025-01-01',
    cls: { age_min: 0, age_max: 99 },
    reasons: [],
  },
  { name: 'all ages admits an adult', dob: '1980-01-01', cls: { age_min: 0, age_max: 120 }, reasons: [] },
  { name: 'all ages needs no date of birth', dob: '', cls: { age_min: 0, age_max: 99 }, reasons: [] },
  {
    name: 'a missing date of birth cannot pass an age range',
    dob: '',
    cls: { age_min: 8, age_max: 12 },
    reasons: [
      "We can't tell Emma's age on Sep 1, 2026 from the date of birth on file; this class is for ages 8 to 12.",
    ],
  },
  // Requirements.
  { name: 'no requirements: nothing to meet', cls: {}, reasons: [] },
  {
    name: 'a required genre and level, taken',
    cls: { requirements: [{ ...ballet3, isRequired: true }] },
    others: [balletAt3],
    reasons: [],
  },
  {
    name: 'a required genre at another level is not met',
    cls: { requirements: [{ ...ballet3, isRequired: true }] },
    others: [taking('b2', ['ballet'], 2), taking('j3', ['jazz'], 3)],
    reasons: ['This class also needs Ballet at level Intermediate (required).'],
  },
  {
    name: 'one optional requirement alone asks for nothing (range 0..0)',
    cls: { requirements: [ballet3], minGenreRequired: 1 },
    reasons: [],
  },
  {
    name: 'two optional, at least 1: none taken',
    cls: { requirements: [ballet3, jazz1], minGenreRequired: 1 },
    others: [taking('x', ['hiphop'], 3)],
    reasons: ['This class needs at least 1 of: Ballet (Intermediate), Jazz (Beginner); Emma takes none.'],
  },
  {
    name: 'two optional, at least 1: one of several genres of a class meets it',
    cls: { requirements: [ballet3, jazz1], minGenreRequired: 1 },
    others: [jazzAt1],
    reasons: [],
  },
  {
    name: 'required + two optional (min 2): the required one alone is short',
    cls: { requirements: [tap5, ballet3, jazz1], minGenreRequired: 2 },
    others: [tapAt5],
    reasons: [
      'This class needs at least 2 of: Tap (Advanced), Ballet (Intermediate), Jazz (Beginner); Emma takes 1.',
    ],
  },
  {
    name: 'required + two optional (min 2): required and one optional',
    cls: { requirements: [tap5, ballet3, jazz1], minGenreRequired: 2 },
    others: [tapAt5, jazzAt1],
    reasons: [],
  },
  {
    name: 'required + two optional (min 2): both optional but not the required one',
    cls: { requirements: [tap5, ballet3, jazz1], minGenreRequired: 2 },
    others: [balletAt3, jazzAt1],
    reasons: ['This class also needs Tap at level Advanced (required).'],
  },
  {
    name: 'required + two optional (min 2): nothing taken says both',
    cls: { requirements: [tap5, ballet3, jazz1], minGenreRequired: 2 },
    reasons: [
      'This class also needs Tap at level Advanced (required).',
      'This class needs at least 2 of: Tap (Advanced), Ballet (Intermediate), Jazz (Beginner); Emma takes none.',
    ],
  },
  {
    name: 'minGenreRequired out of range is clamped: 0 with 1 required + 3 optional means 2',
    cls: { requirements: [tap5, ballet3, jazz1, { ...ballet3, levelID: 4 }], minGenreRequired: 0 },
    others: [tapAt5],
    reasons: [
      'This class needs at least 2 of: Tap (Advanced), Ballet (Intermediate), Jazz (Beginner), Ballet (Intermediate/Advanced); Emma takes 1.',
    ],
  },
  {
    name: 'a class does not meet its own requirement',
    cls: { id: 'c', genreIDs: ['ballet'], level: 3, requirements: [{ ...ballet3, isRequired: true }] },
    others: [taking('c', ['ballet'], 3)],
    reasons: ['This class also needs Ballet at level Intermediate (required).'],
  },
  {
    name: 'age and requirements both fail: age first',
    dob: '2020-01-01',
    cls: { requirements: [{ ...ballet3, isRequired: true }] },
    reasons: [
      'Emma is 6 on Sep 1, 2026; this class is for ages 8 to 12.',
      'This class also needs Ballet at level Intermediate (required).',
    ],
  },
];

describe('classEligibility', () => {
  it.each(cases)('$name', (c) => {
    const result = classEligibility({
      student: { ...emma, dob: c.dob ?? emma.dob },
      cls: cls(c.cls),
      onDate,
      otherClasses: c.others ?? [],
    });
    expect(result.reasons).toEqual(c.reasons);
    expect(result.ok).toBe(c.reasons.length === 0);
  });
});

describe('eligibilityDate', () => {
  it('is the term start, or the registration date when later', () => {
    expect(eligibilityDate('2026-09-01', '2026-08-15')).toBe('2026-09-01');
    expect(eligibilityDate('2026-09-01', '2026-10-03')).toBe('2026-10-03');
  });
});

describe('selectionEligibility', () => {
  const students = [
    { id: 's1', firstName: 'Emma', dob: '2016-03-15' },
    { id: 's2', firstName: 'Noah', dob: '2016-05-20' },
  ];
  const needsBallet = cls({ id: 'jazz2', requirements: [{ ...ballet3, isRequired: true }] });
  const ballet = cls({ id: 'ballet3', name: 'Ballet 3', genreIDs: ['ballet'], level: 3 });
  const classes = [needsBallet, ballet];

  it("a dancer's classes chosen together meet each other's requirements, another dancer's do not", () => {
    const result = selectionEligibility({
      students,
      classes,
      onDate,
      selection: [
        { studentId: 's1', classId: 'jazz2' },
        { studentId: 's1', classId: 'ballet3' },
        { studentId: 's2', classId: 'jazz2' },
      ],
    });
    expect(result).toEqual([
      { studentId: 's1', classId: 'jazz2', ok: true, reasons: [] },
      { studentId: 's1', classId: 'ballet3', ok: true, reasons: [] },
      {
        studentId: 's2',
        classId: 'jazz2',
        ok: false,
        reasons: ['This class also needs Ballet at level Intermediate (required).'],
      },
    ]);
  });

  it('a registration that counts meets a requirement', () => {
    const result = selectionEligibility({
      students,
      classes,
      onDate,
      selection: [{ studentId: 's2', classId: 'jazz2' }],
      registered: [{ studentId: 's2', classId: 'ballet3' }],
    });
    expect(result[0]?.ok).toBe(true);
  });

  it('an unknown dancer or class is not ok, and says which', () => {
    const result = selectionEligibility({
      students,
      classes,
      onDate,
      selection: [
        { studentId: 'nobody', classId: 'jazz2' },
        { studentId: 's1', classId: 'gone' },
      ],
    });
    expect(result.map((r) => [r.ok, r.reasons])).toEqual([
      [false, [classRegistrationMessages.studentNotFound]],
      [false, [classRegistrationMessages.classNotFound]],
    ]);
  });
});

describe('classEligibility, property', () => {
  const genre = fc.constantFrom('ballet', 'jazz', 'tap');
  const level = fc.integer({ min: 1, max: 3 });
  const taken = fc.record({
    id: fc.constantFrom('c', 'x', 'y', 'z'),
    genreIDs: fc.uniqueArray(genre, { maxLength: 2 }),
    level,
  });
  const requirement = fc.record({
    genreID: genre,
    genreName: genre,
    levelID: level,
    isRequired: fc.boolean(),
  });
  const klass = fc.record({
    id: fc.constant('c'),
    name: fc.constant('Class'),
    age_min: fc.integer({ min: 0, max: 12 }),
    age_max: fc.integer({ min: 0, max: 120 }),
    level,
    genreIDs: fc.uniqueArray(genre, { maxLength: 2 }),
    requirements: fc.array(requirement, { maxLength: 4 }),
    minGenreRequired: fc.integer({ min: -1, max: 5 }),
  });
  const dob = fc.date({ min: new Date('2005-01-01'), max: new Date('2024-12-31'), noInvalidDate: true });

  it('taking more classes never turns ok into not ok, nor adds a reason', () => {
    fc.assert(
      fc.property(
        klass,
        dob,
        fc.array(taken, { maxLength: 4 }),
        fc.array(taken, { maxLength: 4 }),
        (c, d, base, more) => {
          const student = { firstName: 'Emma', dob: d.toISOString().slice(0, 10) };
          const before = classEligibility({ student, cls: c, onDate, otherClasses: base });
          const after = classEligibility({ student, cls: c, onDate, otherClasses: [...base, ...more] });
          if (before.ok) expect(after.ok).toBe(true);
          expect(after.reasons.length).toBeLessThanOrEqual(before.reasons.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
