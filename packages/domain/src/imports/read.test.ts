import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { crossCheck, guessImportKind, mapColumns, readImportFile } from './read';
import { emptyImportRecords, type ImportRecords } from './records';

const today = '2026-11-29';
const read = (
  name: string,
  csv: string,
  source = 'jackrabbit',
  extra: Partial<Parameters<typeof readImportFile>[0]> = {},
) => readImportFile({ name, table: parseCsv(csv), source, today, ...extra });

const JACKRABBIT_FAMILIES = [
  'Family ID,Family Name,Contact 1 First Name,Contact 1 Last Name,Contact 1 Email,Home Phone,Contact 1 Cell Phone,Address 1,Address 2,City,State,Zip,Balance',
  '1042,Smith,Jane,Smith,Jane.Smith@Example.com,(973) 555-0142,973.555.0143 x12,12 Main St,,Montclair,NJ,7042,"$1,234.50"',
  '1043,O\'BRIEN,MARY,O\'BRIEN,mary@example.com,973-555-0199,,"4 Elm Rd, Apt 2",,Newark,New Jersey,07102,($20.00)',
  '1044,Lee,Ann,Lee,,+1 973 555 0100,,,,,,,0',
].join('\r\n');

const JACKRABBIT_STUDENTS = [
  'Student ID,Family ID,First Name,Last Name,Birth Date,Gender',
  '5001,1042,Emma,Smith,03/14/2017,Female',
  '5002,1042,Liam,Smith,7/4/19,M',
  "5003,1043,Nora,O'Brien,2015-09-01,Girl",
].join('\n');

const JACKRABBIT_CLASSES = [
  'Class ID,Class Name,Days,Start Time,End Time,Room,Instructors,Ages,Max Size,Tuition Fee',
  '301,Ballet 1,Mon,4:00 PM,5:00 PM,Studio A,ann lee,3-5,12,$65.00',
  '302,Jazz 2,Thurs,16:30,17:30,Studio B,Bo Park,8+,,70',
].join('\n');

const JACKRABBIT_ENROLMENTS = ['Student ID,Class ID', '5001,301', '5002,301', '5003,302'].join('\n');

const ICLASSPRO_FAMILIES = [
  'Family ID;Family Name;Primary Guardian;Primary Email;Primary Phone;Street 1;City;State;Zip;Account Balance',
  'A-7;Garcia;"Garcia, Rosa";rosa@example.com;9735550111;1 Oak Ave;Clifton;NJ;07011;45.5',
].join('\n');

const ICLASSPRO_STUDENTS = [
  'Student ID\tFamily ID\tStudent Name\tBirthdate\tGender',
  'S-1\tA-7\tGarcia, Lucia\tJan 5, 2018\tF',
].join('\n');

describe('readImportFile: the Jackrabbit layout', () => {
  it('reads families, their phones, addresses and balances', () => {
    const r = read('families.csv', JACKRABBIT_FAMILIES);
    expect(r.summary.kind).toBe('families');
    expect(r.summary.problem).toBeNull();
    expect(r.refusals).toEqual([]);
    expect(r.records.families).toEqual([
      {
        file: 'families.csv',
        row: 2,
        ref: '1042',
        lastName: 'Smith',
        parentFirstName: 'Jane',
        parentLastName: 'Smith',
        email: 'jane.smith@example.com',
        phone: '9735550142',
        phone2: '9735550143',
        address: '12 Main St',
        address2: '',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
      },
      expect.objectContaining({
        row: 3,
        lastName: "O'Brien",
        parentFirstName: 'Mary',
        state: 'NJ',
        address: '4 Elm Rd, Apt 2',
      }),
      expect.objectContaining({ row: 4, ref: '1044', email: '', phone: '9735550100' }),
    ]);
    expect(r.records.balances).toEqual([
      { file: 'families.csv', row: 2, familyRef: '1042', amount: 123450, asOf: today },
      { file: 'families.csv', row: 3, familyRef: '1043', amount: -2000, asOf: today },
    ]);
  });

  it('reads students, classes and enrolments, and they all resolve', () => {
    const families = read('families.csv', JACKRABBIT_FAMILIES);
    const dancers = read('students.csv', JACKRABBIT_STUDENTS);
    const classes = read('classes.csv', JACKRABBIT_CLASSES);
    const enrolments = read('enrollments.csv', JACKRABBIT_ENROLMENTS, 'jackrabbit', { kind: 'enrolments' });
    expect([dancers.summary.kind, classes.summary.kind]).toEqual(['dancers', 'classes']);
    expect(dancers.records.dancers?.map((d) => [d.firstName, d.dob, d.gender])).toEqual([
      ['Emma', '2017-03-14', 'F'],
      ['Liam', '2019-07-04', 'M'],
      ['Nora', '2015-09-01', 'F'],
    ]);
    expect(classes.records.classes?.[0]).toEqual({
      file: 'classes.csv',
      row: 2,
      ref: '301',
      name: 'Ballet 1',
      day: 0,
      timeStart: '16:00',
      timeEnd: '17:00',
      room: 'Studio A',
      teacher: 'Ann Lee',
      ageMin: 3,
      ageMax: 5,
      level: 1,
      places: 12,
      monthly: 6500,
    });
    expect(classes.records.classes?.[1]).toMatchObject({
      day: 3,
      timeStart: '16:30',
      ageMin: 8,
      ageMax: 99,
      places: 20,
      monthly: 7000,
    });
    const all: ImportRecords = { ...emptyImportRecords() };
    for (const f of [families, dancers, classes, enrolments]) {
      for (const [k, v] of Object.entries(f.records))
        (all as Record<string, unknown[]>)[k]?.push(...(v as unknown[]));
    }
    expect(crossCheck(all)).toEqual({ refusals: [], unresolved: [] });
  });
});

describe('readImportFile: the iClassPro layout', () => {
  it('reads a semicolon file with a whole guardian name and a tab file of students', () => {
    const families = read('families.csv', ICLASSPRO_FAMILIES, 'iclasspro');
    expect(families.refusals).toEqual([]);
    expect(families.records.families?.[0]).toMatchObject({
      ref: 'A-7',
      lastName: 'Garcia',
      parentFirstName: 'Rosa',
      parentLastName: 'Garcia',
      email: 'rosa@example.com',
      zipcode: '07011',
    });
    expect(families.records.balances).toEqual([
      { file: 'families.csv', row: 2, familyRef: 'A-7', amount: 4550, asOf: today },
    ]);
    const students = read('students.txt', ICLASSPRO_STUDENTS, 'iclasspro');
    expect(students.summary.kind).toBe('dancers');
    expect(students.records.dancers?.[0]).toMatchObject({
      ref: 'S-1',
      familyRef: 'A-7',
      firstName: 'Lucia',
      lastName: 'Garcia',
      dob: '2018-01-05',
    });
  });
});

describe('readImportFile: blank lines above the header', () => {
  it('numbers the rows as a spreadsheet shows them (the header on row 3, the first row on row 4)', () => {
    const csv =
      '\r\n\r\nFamily ID,Family Name,Email,Balance\r\n1,Good,good@example.com,10\r\n2,Bad,b@example.com,abc\r\n';
    const r = read('blank-top.csv', csv, 'Our spreadsheet', { kind: 'families' });
    expect(r.summary.problem).toBeNull();
    expect(r.summary.headers).toEqual(['Family ID', 'Family Name', 'Email', 'Balance']);
    expect(r.summary.rows).toBe(2);
    expect(r.records.families?.map((f) => f.row)).toEqual([4]);
    expect(r.refusals.map((x) => x.sentence)).toEqual(['Row 5: Balance "abc" is not an amount of money.']);
    // The kind is guessed from the header row, not from the blank lines above it.
    const dancers = 'Student ID,Family ID,First Name,Last Name\n5001,1042,Emma,Smith\n';
    expect(read('d.csv', `\n\n${dancers}`).summary.kind).toBe(read('d.csv', dancers).summary.kind);
    expect(read('d.csv', `\n\n${dancers}`).summary.kind).not.toBeNull();
  });
});

describe('readImportFile: a hostile file', () => {
  const big = 'x'.repeat(10 * 1024 * 1024);
  const hostile = [
    'Family ID,Family Name,Email,Phone,Balance',
    '1,Good,good@example.com,9735550142,10',
    '2,=HYPERLINK("http://evil"),f@example.com,,',
    '3,Bad Money,m@example.com,,abc',
    '4,Dup,good@example.com,,',
    `5,"${big}",big@example.com,,`,
    '6,@SUM(A1),s@example.com,,',
    '7,Short Phone,p@example.com,555-0142,',
    ',,,,',
    '8,Fine,fine@example.com,,-5',
  ].join('\n');

  it('refuses each hostile row with its number, and reads the others', () => {
    const r = read('hostile.csv', hostile, 'Our spreadsheet', { kind: 'families' });
    const refused = Object.fromEntries(r.refusals.map((x) => [x.row, x.sentence]));
    expect(Object.keys(refused).map(Number)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(refused[3]).toMatch(/^Row 3: Family Name starts with “=”/);
    expect(refused[4]).toBe('Row 4: Balance "abc" is not an amount of money.');
    expect(refused[6]).toBe('Row 6: Family Name is 10,485,760 characters long; a cell may hold at most 500.');
    expect(refused[6]?.length).toBeLessThan(200);
    expect(refused[7]).toMatch(/^Row 7: Family Name starts with “@”/);
    expect(refused[8]).toBe('Row 8: Phone "555-0142" is not a 10-digit phone number.');
    expect(refused[5]).toBe(
      "Row 5: the e-mail good@example.com is also the Good family's, on row 2 of hostile.csv.",
    );
    expect(r.records.families?.map((f) => f.row)).toEqual([2, 10]);
    expect(r.records.balances?.map((b) => b.amount)).toEqual([1000, -500]);
    // Across files, the import's crossCheck sees the same.
    const other = read('more.csv', 'Family ID,Family Name,Email\n9,Again,GOOD@example.com\n', 'x');
    const { refusals } = crossCheck({
      ...emptyImportRecords(),
      families: [...(r.records.families ?? []), ...(other.records.families ?? [])],
    });
    expect(refusals).toEqual([
      {
        file: 'more.csv',
        row: 2,
        kind: 'families',
        sentence: "Row 2: the e-mail good@example.com is also the Good family's, on row 2 of hostile.csv.",
      },
    ]);
  });

  it('refuses a date of birth in 2099 and one of 1900', () => {
    const r = read(
      'students.csv',
      'Student ID,Family ID,First Name,Last Name,Birth Date\n1,1,Ann,Lee,01/01/2099\n2,1,Bo,Lee,01/01/1900\n3,1,Cy,Lee,01/01/2020\n',
    );
    expect(r.refusals.map((x) => x.sentence)).toEqual([
      'Row 2: Birth Date Jan 1, 2099 is in the future.',
      'Row 3: Birth Date Jan 1, 1900 is more than 100 years ago.',
    ]);
    expect(r.records.dancers?.map((d) => d.row)).toEqual([4]);
  });

  it('refuses a balance dated after the import’s day', () => {
    const r = read('balances.csv', 'Family ID,Balance,As Of\n1,10.00,12/01/2026\n2,5,11/01/2026\n', 'x', {
      kind: 'balances',
    });
    expect(r.refusals).toEqual([
      {
        file: 'balances.csv',
        row: 2,
        kind: 'balances',
        sentence:
          'Row 2: As Of Dec 1, 2026 is after today (Nov 29, 2026): a balance is what was owed on a day past.',
      },
    ]);
    expect(r.records.balances).toEqual([
      { file: 'balances.csv', row: 3, familyRef: '2', amount: 500, asOf: '2026-11-01' },
    ]);
  });

  it('refuses a file that has no column for a required field, and reads none of its rows', () => {
    const r = read('students.csv', 'Student ID,Family ID,First Name,Last Name\n1,1,Ann,Lee\n', 'x', {
      kind: 'dancers',
    });
    expect(r.summary.missing).toEqual(['dob']);
    expect(r.summary.problem).toBe('The file students.csv has no column for Date of birth; map one.');
    expect(r.records).toEqual({});
    const f = read('families.csv', 'Family Name,Phone\nLee,9735550142\n', 'x', { kind: 'families' });
    expect(f.summary.problem).toBe('The file families.csv has no column for Family ID or E-mail; map one.');
  });
});

describe('readImportFile: rows and columns', () => {
  it('skips empty rows silently, and rows with nothing in the columns read with a sentence', () => {
    const r = read('f.csv', 'Family ID,Family Name,Notes\n\n,,a note\n1,Lee,\n', 'x', { kind: 'families' });
    expect(r.skipped).toEqual([
      {
        file: 'f.csv',
        row: 3,
        kind: 'families',
        sentence: 'Row 3: nothing in the columns the import reads.',
      },
    ]);
    expect(r.records.families?.map((f) => f.row)).toEqual([4]);
    expect(r.summary.rows).toBe(2);
  });

  it('allows a family without an e-mail when it has an id, refuses one with neither', () => {
    const r = read('f.csv', 'Family ID,Family Name,Email\n1,Lee,\n,Park,\n', 'x');
    expect(r.records.families?.map((f) => f.lastName)).toEqual(['Lee']);
    expect(r.refusals[0]?.sentence).toBe(
      'Row 3: The family has neither an id nor an e-mail, so a later import could not find it again: give it one.',
    );
  });

  it("maps by the owner's mapping, then the kept one, then the preset, then the field's name loosely", () => {
    const headers = ['Fam #', 'SURNAME', 'e_mail', 'first_name', 'Cell Phone', 'Notes'];
    expect(
      mapColumns(
        headers,
        'families',
        'jackrabbit',
        { 'Fam #': 'ref', Notes: '' },
        { SURNAME: 'lastName', 'Fam #': 'email' },
      ),
    ).toEqual({
      'Fam #': 'ref',
      SURNAME: 'lastName',
      e_mail: 'email',
      first_name: 'parentFirstName',
      'Cell Phone': 'phone2',
      Notes: '',
    });
  });

  it('gives each column a sample for the mapping screen: its first value, cut short when long', () => {
    const csv = ['Family ID,Family Name,Notes', `1042,,${'x'.repeat(60)}`, '1043,Smith,'].join('\n');
    const { summary } = read('families.csv', csv);
    expect(summary.samples).toEqual({
      'Family ID': '1042',
      'Family Name': 'Smith',
      Notes: `${'x'.repeat(39)}…`,
    });
  });

  it('refuses a file whose first row is not column names', () => {
    const r = read('f.csv', `${'h'.repeat(5000)},Email\n1,a@x.com\n`, 'x', { kind: 'families' });
    expect(r.summary.problem).toBe(
      'The file f.csv has a column name 5,000 characters long; its first row should name its columns.',
    );
    expect(r.summary.headers[0]?.length).toBe(100);
    expect(read('f.csv', ',,\n1,2,3\n', 'x').summary.problem).toBe(
      'The file f.csv is empty: its first row should name its columns.',
    );
    expect(read('f.csv', 'Colour,Size\nred,4\n', 'x').summary.problem).toMatch(
      /^We could not tell what the file f\.csv holds/,
    );
  });

  it('gives each field one column, the first', () => {
    expect(mapColumns(['Home Phone', 'Phone'], 'families', 'jackrabbit')).toEqual({
      'Home Phone': 'phone',
      Phone: '',
    });
  });

  it('reads classes and enrolments without ids, by name, day and time', () => {
    const classes = read('c.csv', 'Class,Day,Time\nTap 1,Tuesday,4:00-5:00 PM\n', 'x');
    expect(classes.records.classes?.[0]).toMatchObject({
      ref: '',
      name: 'Tap 1',
      day: 1,
      timeStart: '16:00',
      timeEnd: '17:00',
    });
    const enrolments = read(
      'e.csv',
      'Family Email,Student,Class,Day,Start Time\nA@x.com,"Lee, Ann",Tap 1,Tu,4pm\n',
      'x',
    );
    expect(enrolments.summary.kind).toBe('enrolments');
    expect(enrolments.records.enrolments?.[0]).toMatchObject({
      dancerRef: 'a@x.com|Ann|Lee',
      classRef: 'Tap 1|1|16:00',
    });
    const dancers = read('d.csv', 'Family Email,First Name,Last Name,DOB\na@x.com,Ann,Lee,2019-01-01\n', 'x');
    const { unresolved } = crossCheck({
      ...emptyImportRecords(),
      classes: classes.records.classes ?? [],
      dancers: dancers.records.dancers ?? [],
      enrolments: enrolments.records.enrolments ?? [],
    });
    expect(unresolved).toEqual([
      { file: 'd.csv', row: 2, kind: 'dancers', refers: 'family', ref: 'a@x.com' },
    ]);
  });
});

describe('guessImportKind', () => {
  it.each([
    [['Family ID', 'Family Name', 'Email', 'Address', 'City', 'Balance'], 'families'],
    [['Family ID', 'First Name', 'Last Name', 'Email', 'Relationship'], 'contacts'],
    [['Family ID', 'First Name', 'Last Name', 'Birth Date', 'Gender'], 'dancers'],
    [['Class Name', 'Days', 'Start Time', 'End Time', 'Room'], 'classes'],
    [['Student ID', 'Class ID'], 'enrolments'],
    [['Family ID', 'Family Name', 'Balance'], 'balances'],
    [['Colour', 'Size'], null],
  ] as const)('%j is %s', (headers, kind) => {
    expect(guessImportKind([...headers], 'jackrabbit')).toBe(kind);
  });
});
