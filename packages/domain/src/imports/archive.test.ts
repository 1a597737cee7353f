import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_FORMAT, ARCHIVE_TEXT, archiveToImportRecords, type PirouetteArchive } from './archive';
import type { ImportRecords } from './records';

const sample = (): PirouetteArchive => ({
  format: ARCHIVE_FORMAT,
  version: 1,
  exportedAt: '2026-11-29T16:00:00.000Z',
  asOf: '2026-11-29',
  studio: {
    name: 'Pointe Studio',
    address: '1 Main St',
    city: 'Newark',
    state: 'NJ',
    zipcode: '07102',
    phone: '9735550100',
    email: 'owner@pointe.test',
    timeZone: 'America/New_York',
    moneySettings: { unlimitedCap: 0 },
  },
  locations: [
    {
      ref: 'loc-1',
      name: 'Main',
      address: '1 Main St',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550100',
      rooms: [{ ref: 'room-1', name: 'Studio A', description: '' }],
    },
  ],
  teachers: [
    {
      ref: 't-1',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@pointe.test',
      phone: '9735550101',
      address: '',
      city: '',
      state: '',
      zipcode: '',
    },
  ],
  term: {
    ref: 'term-1',
    name: '2026–27',
    dateStart: '2026-09-01',
    dateEnd: '2027-06-30',
    prices: [{ ref: 'price-60', minutes: 60, monthly: 6500 }],
  },
  classes: [
    {
      ref: 'c-1',
      name: 'Ballet 1',
      day: 0,
      timeStart: '16:00',
      timeEnd: '17:00',
      roomRef: 'room-1',
      teacherRef: 't-1',
      priceRef: 'price-60',
      ageMin: 5,
      ageMax: 7,
      level: 1,
      places: 12,
      monthly: 6500,
    },
  ],
  families: [
    {
      ref: 'f-1',
      lastName: 'Smith',
      email: 'Jane@Smith.test',
      phone: '(973) 555-0142',
      address: '2 Elm St',
      address2: 'Apt 3',
      city: 'Newark',
      state: 'nj',
      zipcode: '07103',
      status: 'active',
      balance: 12550,
      people: [
        {
          ref: 'p-1',
          kind: 'user',
          firstName: 'Jane',
          lastName: 'Smith',
          email: 'jane@smith.test',
          phone: '9735550142',
          role: 'Mother',
        },
        {
          ref: 'p-2',
          kind: 'contact',
          firstName: 'Rose',
          lastName: 'Smith',
          email: '',
          phone: '9735550143',
          role: 'Grandparent',
        },
      ],
      dancers: [{ ref: 'd-1', firstName: 'Emma', lastName: 'Smith', dob: '2020-03-04', gender: 'F' }],
    },
    {
      ref: 'f-2',
      lastName: 'Ortiz',
      email: 'luis@ortiz.test',
      phone: '',
      address: '',
      address2: '',
      city: '',
      state: '',
      zipcode: '',
      status: 'inactive',
      balance: 0,
      people: [
        {
          ref: 'p-3',
          kind: 'user',
          firstName: 'Luis',
          lastName: 'Ortiz',
          email: 'luis@ortiz.test',
          phone: '',
          role: 'Father',
        },
      ],
      dancers: [{ ref: 'd-2', firstName: 'Leo', lastName: 'Ortiz', dob: '2019-01-02', gender: 'M' }],
    },
  ],
  enrolments: [{ dancerRef: 'd-1', classRef: 'c-1' }],
});

const records = (input: unknown, today = '2026-11-30'): ImportRecords => {
  const out = archiveToImportRecords(input, today);
  if ('problem' in out) throw new Error(out.problem);
  expect(out.refusals).toEqual([]);
  return out.records;
};

describe('pirouette.json → the import records', () => {
  it('converts a sample archive into the records expected, each at its place in the file', () => {
    const r = records(sample());
    expect(r.families).toEqual([
      {
        file: 'pirouette.json',
        row: 2,
        ref: 'f-1',
        lastName: 'Smith',
        parentFirstName: 'Jane',
        parentLastName: 'Smith',
        email: 'jane@smith.test',
        phone: '9735550142',
        phone2: '',
        address: '2 Elm St',
        address2: 'Apt 3',
        city: 'Newark',
        state: 'NJ',
        zipcode: '07103',
      },
      expect.objectContaining({ row: 3, ref: 'f-2', parentFirstName: 'Luis', email: 'luis@ortiz.test' }),
    ]);
    // The first user is the family's own parent; the others are contacts.
    expect(r.contacts).toEqual([
      {
        file: 'pirouette.json',
        row: 2,
        ref: 'p-2',
        familyRef: 'f-1',
        kind: 'contact',
        firstName: 'Rose',
        lastName: 'Smith',
        email: '',
        phone: '9735550143',
        role: 'Grandparent',
      },
    ]);
    expect(r.dancers.map((d) => [d.row, d.ref, d.familyRef, d.dob, d.gender])).toEqual([
      [2, 'd-1', 'f-1', '2020-03-04', 'F'],
      [3, 'd-2', 'f-2', '2019-01-02', 'M'],
    ]);
    expect(r.classes).toEqual([
      {
        file: 'pirouette.json',
        row: 2,
        ref: 'c-1',
        name: 'Ballet 1',
        day: 0,
        timeStart: '16:00',
        timeEnd: '17:00',
        room: 'Studio A',
        teacher: 'Ann Lee',
        ageMin: 5,
        ageMax: 7,
        level: 1,
        places: 12,
        monthly: 6500,
      },
    ]);
    expect(r.enrolments).toEqual([{ file: 'pirouette.json', row: 2, dancerRef: 'd-1', classRef: 'c-1' }]);
    // One balance per family that owes or is owed; none for a zero.
    expect(r.balances).toEqual([
      { file: 'pirouette.json', row: 2, familyRef: 'f-1', amount: 12550, asOf: '2026-11-29' },
    ]);
  });

  it('reads the text of the file as well as the parsed document, a byte-order mark included', () => {
    expect(records(`\uFEFF${JSON.stringify(sample())}`)).toEqual(records(sample()));
  });

  it('books the balances no later than the importing day', () => {
    expect(records(sample(), '2026-11-01').balances[0]?.asOf).toBe('2026-11-01');
  });

  it('refuses what the archive contradicts, by row, and keeps the rest', () => {
    const a = sample();
    a.classes.push({ ...a.classes[0]!, ref: 'c-2', roomRef: 'nowhere' });
    a.classes.push({ ...a.classes[0]!, ref: 'c-3', teacherRef: 'nobody' });
    a.enrolments.push({ dancerRef: 'd-9', classRef: 'c-1' }, { dancerRef: 'd-2', classRef: 'c-2' });
    a.enrolments.push({ dancerRef: 'd-1', classRef: 'c-1' });
    a.families.push({ ...a.families[1]!, dancers: [], people: [] });
    const out = archiveToImportRecords(a, '2026-11-30');
    if ('problem' in out) throw new Error(out.problem);
    expect(out.refusals.map((x) => [x.kind, x.row, x.sentence])).toEqual([
      ['families', 4, ARCHIVE_TEXT.twice],
      ['classes', 3, ARCHIVE_TEXT.noRoom],
      ['classes', 4, ARCHIVE_TEXT.noTeacher],
      ['enrolments', 5, ARCHIVE_TEXT.twice],
      ['enrolments', 3, ARCHIVE_TEXT.noDancer],
      ['enrolments', 4, ARCHIVE_TEXT.noClass],
    ]);
    expect(out.records.families).toHaveLength(2);
    expect(out.records.classes.map((c) => c.ref)).toEqual(['c-1']);
    expect(out.records.enrolments).toHaveLength(1);
  });

  it('answers a problem, reading nothing, for what is not an archive it reads', () => {
    const problem = (input: unknown) => {
      const out = archiveToImportRecords(input, '2026-11-30');
      return 'problem' in out ? out.problem : null;
    };
    expect(problem('{ not json')).toBe(ARCHIVE_TEXT.notJson);
    expect(problem([1, 2])).toBe(ARCHIVE_TEXT.notArchive);
    expect(problem({ ...sample(), format: 'other' })).toBe(ARCHIVE_TEXT.notArchive);
    expect(problem({ ...sample(), version: 2 })).toBe(ARCHIVE_TEXT.newer(2));
    expect(problem({ ...sample(), families: [{ ref: 'x' }] })).toMatch(
      /^This pirouette.json does not read .* at families\.0\.lastName/,
    );
  });

  it('never throws, whatever the document', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = archiveToImportRecords(value, '2026-11-30');
        expect('problem' in out).toBe(true);
      }),
    );
  });

  it('places every record of a kind at a distinct row', () => {
    const a = sample();
    a.families = Array.from({ length: 30 }, (_, i) => ({
      ...a.families[0]!,
      ref: `f-${i}`,
      dancers: [{ ...a.families[0]!.dancers[0]!, ref: `d-${i}` }],
    }));
    a.enrolments = [];
    const r = records(a);
    for (const list of [r.families, r.contacts, r.dancers, r.balances]) {
      expect(new Set(list.map((x) => x.row)).size).toBe(list.length);
    }
  });
});
