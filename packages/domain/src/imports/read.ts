import { type CONTACT_ROLES, limits } from '../constants';
import { IMPORT_FIELDS, IMPORT_REQUIREMENTS, importFieldLabel } from './fields';
import {
  AGE_MAX,
  CELL_MAX,
  type CellRead,
  checkCell,
  cleanName,
  IGNORED_CELL_MAX,
  readAge,
  readAges,
  readBalanceDate,
  readBirthDate,
  readDay,
  readEmail,
  readGender,
  readLevel,
  readMoney,
  readName,
  readPhone,
  readState,
  readTime,
  readTimeRange,
  readWhole,
  readZipcode,
  splitName,
} from './normalise';
import { COMMON_HEADERS, looseHeader, presetOf } from './presets';
import {
  type BalanceRecord,
  type ClassRecord,
  type ContactRecord,
  type DancerRecord,
  type EnrolmentRecord,
  emptyImportRecords,
  type FamilyRecord,
  IMPORT_KINDS,
  type ImportKind,
  type ImportRecords,
  type RecordPlace,
  type RowRefusal,
} from './records';
import type { ImportFileSummary } from './schema';

/**
 * Reading one imported file (issue 35, decision 055): its table (header row first) turned into the
 * records of records.ts, each row read, skipped or refused with its number and a sentence. Nothing
 * here knows the studio: what the files refer to that they do not hold (a family the studio already
 * has) is the API's to resolve (crossCheck says what).
 */

export type ReadFileInput = {
  name: string;
  /** Header row first. */
  table: string[][];
  source: string;
  kind?: ImportKind;
  /** The owner's mapping, header → field ('' leaves the column out). */
  mapping?: Record<string, string>;
  /** The studio's kept mapping for (source, kind). */
  kept?: Record<string, string>;
  /** YYYY-MM-DD, the studio's day. */
  today: string;
};

export type SkippedRow = RecordPlace & { kind: ImportKind; sentence: string };

export type ReadFileResult = {
  summary: ImportFileSummary;
  records: Partial<ImportRecords>;
  refusals: RowRefusal[];
  skipped: SkippedRow[];
};

/** The longest column name read (it is quoted in every refusal of its column). */
const HEADER_MAX = 100;
/** The longest id of the old system kept. */
const REF_MAX = 100;
/** The most places a class takes, and its places when the file says nothing (the class form's). */
const PLACES_MAX = 500;
const PLACES_DEFAULT = 20;

// ——— Columns ———

const looseTable = (entries: Iterable<[string, string]>) => {
  const table = new Map<string, string>();
  for (const [header, key] of entries)
    if (!table.has(looseHeader(header))) table.set(looseHeader(header), key);
  return table;
};

/**
 * Each header's field: the owner's mapping first, then the kept one (both by the header as written),
 * then the source's preset, a field's own label or key, and the headers many systems share (all three
 * loosely). A field is filled by one column at most; '' leaves a column out.
 */
export function mapColumns(
  headers: readonly string[],
  kind: ImportKind,
  source: string,
  mapping: Record<string, string> = {},
  kept: Record<string, string> = {},
): Record<string, string> {
  const keys = new Set(IMPORT_FIELDS[kind].map((field) => field.key));
  const result = new Map<string, string>();
  const taken = new Set<string>();
  const assign = (header: string, key: string) => {
    if (key === '') result.set(header, '');
    else if (keys.has(key) && !taken.has(key)) {
      result.set(header, key);
      taken.add(key);
    }
  };
  for (const given of [mapping, kept]) {
    for (const h of headers) if (!result.has(h) && Object.hasOwn(given, h)) assign(h, given[h] ?? '');
  }
  const tables = [
    looseTable(Object.entries(presetOf(source)?.columns[kind] ?? {})),
    looseTable(
      IMPORT_FIELDS[kind].flatMap((field) => [
        [field.label, field.key] as [string, string],
        [field.key, field.key] as [string, string],
      ]),
    ),
    looseTable(Object.entries(COMMON_HEADERS[kind])),
  ];
  for (const table of tables) {
    for (const h of headers) {
      const key = result.has(h) || h === '' ? undefined : table.get(looseHeader(h));
      if (key) assign(h, key);
    }
  }
  for (const h of headers) if (!result.has(h)) result.set(h, '');
  return Object.fromEntries(result);
}

/** The requirements of a kind no column meets: each as its groups of field keys. */
function unmet(kind: ImportKind, mapped: ReadonlySet<string>): string[][][] {
  return IMPORT_REQUIREMENTS[kind].filter(
    (groups) => !groups.some((group) => group.every((k) => mapped.has(k))),
  );
}

/** Fields that make a kind of file what it is, beyond what it shares with others. */
const SIGNALS: Record<ImportKind, readonly string[]> = {
  families: ['address', 'city', 'state', 'zipcode', 'phone2'],
  contacts: ['role'],
  dancers: ['dob', 'gender'],
  classes: ['day', 'timeStart', 'timeEnd', 'times', 'room', 'teacher', 'ages', 'places'],
  enrolments: [],
  balances: ['amount', 'asOf'],
};

/**
 * What a file holds, by its headers: the kind whose required columns it has and which maps most of
 * it (a column only that kind has counting more); an enrolment file is one naming both a dancer and a
 * class, without birth dates. Null when no kind fits.
 */
export function guessImportKind(headers: string[], source: string): ImportKind | null {
  const mappedOf = (kind: ImportKind) =>
    new Set(Object.values(mapColumns(headers, kind, source)).filter((k) => k !== ''));
  const enrolments = mappedOf('enrolments');
  if (unmet('enrolments', enrolments).length === 0 && !mappedOf('dancers').has('dob')) return 'enrolments';
  let best: { kind: ImportKind; score: number } | null = null;
  for (const kind of IMPORT_KINDS) {
    if (kind === 'enrolments') continue;
    const mapped = mappedOf(kind);
    if (unmet(kind, mapped).length > 0) continue;
    const score = mapped.size + 3 * SIGNALS[kind].filter((k) => mapped.has(k)).length;
    if (!best || score > best.score) best = { kind, score };
  }
  return best?.kind ?? null;
}

// ——— Rows ———

/** A row's cells by field, read through checkCell; the problems of the row, gathered. */
type Cells = {
  has: (key: string) => boolean;
  /** The cell, checked and trimmed; '' when no column fills the field. */
  text: (key: string) => string;
  /** The column's header, as refusals name it. */
  label: (key: string) => string;
  /** A reader's value, or `fallback` with its sentence kept. */
  take: <T>(read: CellRead<T>, fallback: T) => T;
  /** A field the row must fill: "… is empty." when it does not, else its reader's value. */
  need: <T>(key: string, reader: (text: string, label: string) => CellRead<T>, fallback: T) => T;
  problem: (sentence: string) => void;
  /** "… is empty." for a field the row must fill, unless its cell was refused already. */
  missing: (key: string) => void;
};

type Built = { records: Partial<ImportRecords>; skip?: string };
type Builder = (c: Cells, place: RecordPlace, today: string) => Built;

const empty = (label: string) => `${label} is empty.`;

function refOf(c: Cells, key: string): string {
  const ref = c.text(key);
  if (ref.length > REF_MAX)
    c.problem(`${c.label(key)} is ${ref.length} characters long; an id may hold at most ${REF_MAX}.`);
  return ref.slice(0, REF_MAX);
}

/** The family a row belongs to: its id, or when the file has none, its e-mail. */
function familyRefOf(c: Cells): string {
  const ref = c.has('familyRef') ? refOf(c, 'familyRef') : '';
  if (ref !== '') return ref;
  const email = c.has('familyEmail')
    ? c.take(readEmail(c.text('familyEmail'), c.label('familyEmail')), '')
    : '';
  if (email === '') c.missing(c.has('familyRef') ? 'familyRef' : 'familyEmail');
  return email;
}

function nameOf(c: Cells, key: string): string {
  return c.has(key) ? c.take(readName(c.text(key), c.label(key)), '') : '';
}

/** A person's first and last name: from their columns, or split from a whole name. */
function personOf(c: Cells, first = 'firstName', last = 'lastName', whole = 'name') {
  let firstName = nameOf(c, first);
  let lastName = nameOf(c, last);
  if (firstName === '' && lastName === '' && c.has(whole) && c.text(whole) !== '') {
    const name = c.take(readName(c.text(whole), c.label(whole)), '');
    ({ firstName, lastName } = splitName(name));
  }
  return { firstName, lastName };
}

/** A one-line text of at most `max` characters. */
function lineOf(c: Cells, key: string, max: number): string {
  const text = c.text(key);
  if (text.length > max)
    c.problem(`${c.label(key)} is ${text.length} characters long; it may hold at most ${max}.`);
  return text.slice(0, max);
}

const readFamily: Builder = (c, place, today) => {
  const ref = refOf(c, 'ref');
  const parent = personOf(c, 'parentFirstName', 'parentLastName', 'parentName');
  const lastName = nameOf(c, 'lastName') || parent.lastName;
  if (lastName === '') c.missing(c.has('lastName') ? 'lastName' : 'parentLastName');
  const email = c.take(readEmail(c.text('email'), c.label('email')), '');
  if (ref === '' && email === '') {
    c.problem(
      'The family has neither an id nor an e-mail, so a later import could not find it again: give it one.',
    );
  }
  const family: FamilyRecord = {
    ...place,
    ref,
    lastName,
    parentFirstName: parent.firstName,
    parentLastName: parent.lastName || (parent.firstName ? lastName : ''),
    email,
    phone: c.take(readPhone(c.text('phone'), c.label('phone')), ''),
    phone2: c.take(readPhone(c.text('phone2'), c.label('phone2')), ''),
    address: lineOf(c, 'address', limits.address),
    address2: lineOf(c, 'address2', limits.address),
    city: lineOf(c, 'city', limits.city),
    state: c.take(readState(c.text('state'), c.label('state')), ''),
    zipcode: c.take(readZipcode(c.text('zipcode'), c.label('zipcode')), ''),
  };
  const amount = c.text('balance') === '' ? 0 : c.take(readMoney(c.text('balance'), c.label('balance')), 0);
  const balances: BalanceRecord[] =
    amount === 0 ? [] : [{ ...place, familyRef: ref || email, amount, asOf: today }];
  return { records: { families: [family], balances } };
};

/** A contact's relationship as one of CONTACT_ROLES, or null when it is none of them. */
function roleOf(word: string): (typeof CONTACT_ROLES)[number] | null {
  const w = word.toLowerCase();
  if (/\b(mother|mom|mum|mommy)\b/.test(w)) return 'Mother';
  if (/\b(father|dad|daddy)\b/.test(w)) return 'Father';
  if (/grand|nana|papa|grandma|grandpa/.test(w)) return 'Grandparent';
  if (/guardian/.test(w)) return 'Legal Guardian';
  if (/\bsister\b/.test(w)) return 'Sister';
  if (/\bbrother\b/.test(w)) return 'Brother';
  if (/\bself\b/.test(w)) return 'Self';
  return null;
}

const PARENT_WORDS = /mother|mom|mum|father|dad|parent|guardian|primary|billing|self/i;

const readContact: Builder = (c, place) => {
  const familyRef = familyRefOf(c);
  const { firstName, lastName } = personOf(c);
  if (firstName === '' && lastName === '') c.missing(c.has('firstName') ? 'firstName' : 'name');
  const email = c.take(readEmail(c.text('email'), c.label('email')), '');
  const word = lineOf(c, 'role', 40);
  // A parent with an e-mail can sign in once invited; anyone else is a contact the studio calls.
  const user = email !== '' && (word === '' || PARENT_WORDS.test(word));
  const contact: ContactRecord = {
    ...place,
    ref: refOf(c, 'ref'),
    familyRef,
    kind: user ? 'user' : 'contact',
    firstName,
    lastName,
    email,
    phone: c.take(readPhone(c.text('phone'), c.label('phone')), ''),
    role: user ? 'Parent' : (roleOf(word) ?? 'Emergency'),
  };
  return { records: { contacts: [contact] } };
};

const readDancer: Builder = (c, place, today) => {
  const familyRef = familyRefOf(c);
  const { firstName, lastName } = personOf(c);
  if (firstName === '' && lastName === '') c.missing(c.has('firstName') ? 'firstName' : 'name');
  const dobText = c.text('dob');
  if (dobText === '') c.missing('dob');
  const dancer: DancerRecord = {
    ...place,
    ref: refOf(c, 'ref'),
    familyRef,
    firstName,
    lastName,
    dob: dobText === '' ? '' : c.take(readBirthDate(dobText, c.label('dob'), today), ''),
    gender: c.take(readGender(c.text('gender'), c.label('gender')), 'F'),
  };
  return { records: { dancers: [dancer] } };
};

/** A class's start and end: their own columns, or one "4:00-5:00 PM" column. */
function timesOf(c: Cells, needEnd: boolean): { start: string; end: string } {
  if (c.text('timeStart') !== '' || (!c.has('times') && c.has('timeStart'))) {
    const start = c.need('timeStart', readTime, '');
    if (!needEnd) return { start, end: '' };
    const endText = c.text('timeEnd');
    const end = c.need('timeEnd', readTime, '');
    if (start !== '' && end !== '' && end <= start)
      c.problem(
        `${c.label('timeEnd')} ${endText} is not after ${c.label('timeStart')} ${c.text('timeStart')}.`,
      );
    return { start, end };
  }
  if (c.text('times') === '') {
    c.missing(c.has('times') ? 'times' : 'timeStart');
    return { start: '', end: '' };
  }
  return c.take(readTimeRange(c.text('times'), c.label('times')), { start: '', end: '' });
}

function agesOf(c: Cells): { min: number; max: number } {
  if (c.text('ageMin') !== '' || c.text('ageMax') !== '') {
    const min = c.text('ageMin') === '' ? 0 : c.take(readAge(c.text('ageMin'), c.label('ageMin')), 0);
    const max =
      c.text('ageMax') === '' ? AGE_MAX : c.take(readAge(c.text('ageMax'), c.label('ageMax')), AGE_MAX);
    if (min > max) c.problem(`${c.label('ageMin')} ${min} is above ${c.label('ageMax')} ${max}.`);
    return { min, max };
  }
  if (c.text('ages') === '') return { min: 0, max: AGE_MAX };
  return c.take(readAges(c.text('ages'), c.label('ages')), { min: 0, max: AGE_MAX });
}

const readClass: Builder = (c, place) => {
  const name = lineOf(c, 'name', limits.name);
  if (name === '') c.missing('name');
  const day = c.need('day', readDay, 0);
  const { start, end } = timesOf(c, true);
  const ages = agesOf(c);
  let monthly: number | null = null;
  if (c.text('monthly') !== '') {
    monthly = c.take(readMoney(c.text('monthly'), c.label('monthly')), null);
    if (monthly !== null && monthly < 0)
      c.problem(`${c.label('monthly')} ${c.text('monthly')} is below zero.`);
  }
  const cls: ClassRecord = {
    ...place,
    ref: refOf(c, 'ref'),
    name,
    day,
    timeStart: start,
    timeEnd: end,
    room: lineOf(c, 'room', limits.name),
    teacher: cleanName(lineOf(c, 'teacher', limits.name)),
    ageMin: ages.min,
    ageMax: ages.max,
    level: c.take(readLevel(c.text('level'), c.label('level')), 1),
    places:
      c.text('places') === ''
        ? PLACES_DEFAULT
        : c.take(readWhole(c.text('places'), c.label('places'), 0, PLACES_MAX), PLACES_DEFAULT),
    monthly,
  };
  return { records: { classes: [cls] } };
};

/** A dancer's key when the files have no dancer ids: "<family ref>|<first name>|<last name>". */
export const dancerKey = (familyRef: string, firstName: string, lastName: string) =>
  `${familyRef}|${firstName}|${lastName}`;
/** A class's key when the files have no class ids: "<name>|<day>|<HH:MM>". */
export const classKey = (name: string, day: number, timeStart: string) => `${name}|${day}|${timeStart}`;

const readEnrolment: Builder = (c, place) => {
  let dancerRef = c.has('dancerRef') ? refOf(c, 'dancerRef') : '';
  if (dancerRef === '') {
    const canByName = (c.has('familyRef') || c.has('familyEmail')) && (c.has('firstName') || c.has('name'));
    if (!canByName) c.missing('dancerRef');
    else {
      const familyRef = familyRefOf(c);
      const { firstName, lastName } = personOf(c);
      if (firstName === '' && lastName === '') c.missing(c.has('firstName') ? 'firstName' : 'name');
      dancerRef = dancerKey(familyRef, firstName, lastName);
    }
  }
  let classRef = c.has('classRef') ? refOf(c, 'classRef') : '';
  if (classRef === '') {
    if (!c.has('className')) c.missing('classRef');
    else {
      const name = lineOf(c, 'className', limits.name);
      if (name === '') c.missing('className');
      const day = c.need('day', readDay, 0);
      classRef = classKey(name, day, timesOf(c, false).start);
    }
  }
  const enrolment: EnrolmentRecord = { ...place, dancerRef, classRef };
  return { records: { enrolments: [enrolment] } };
};

const readBalance: Builder = (c, place, today) => {
  const familyRef = familyRefOf(c);
  const amountText = c.text('amount');
  const amount = c.need('amount', readMoney, 0);
  const asOf =
    c.text('asOf') === '' ? today : c.take(readBalanceDate(c.text('asOf'), c.label('asOf'), today), today);
  if (amount === 0 && amountText !== '')
    return { records: {}, skip: 'The balance is zero: there is nothing to book.' };
  const balance: BalanceRecord = { ...place, familyRef, amount, asOf };
  return { records: { balances: [balance] } };
};

const BUILDERS: Record<ImportKind, Builder> = {
  families: readFamily,
  contacts: readContact,
  dancers: readDancer,
  classes: readClass,
  enrolments: readEnrolment,
  balances: readBalance,
};

// ——— The file ———

const isEmptyRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/** The fields of the unmet requirements, and the sentence saying so ("no column for Family ID or Family e-mail"). */
function missingOf(kind: ImportKind, name: string, mapped: ReadonlySet<string>) {
  const needs = unmet(kind, mapped);
  const missing = needs.flatMap((groups) => (groups[0] ?? []).filter((k) => !mapped.has(k)));
  const said = needs.map((groups) =>
    groups.map((group) => group.map((k) => importFieldLabel(kind, k)).join(' and ')).join(' or '),
  );
  const problem =
    needs.length === 0 ? null : `The file ${name} has no column for ${said.join(', nor for ')}; map one.`;
  return { missing, problem };
}

/** A row's cells read through checkCell: the mapped ones by field, and the row's problems so far. */
function cellsOf(
  row: readonly string[],
  columns: ReadonlyMap<string, { index: number; header: string }>,
  headers: readonly string[],
  mappedIndexes: ReadonlySet<number>,
) {
  const problems: string[] = [];
  const texts = new Map<string, string>();
  const refused = new Set<string>();
  for (const [key, { index, header }] of columns) {
    const read = checkCell(row[index] ?? '', header, CELL_MAX);
    if (read.ok) texts.set(key, read.value);
    else {
      refused.add(key);
      problems.push(read.sentence);
    }
  }
  row.forEach((cell, index) => {
    if (!mappedIndexes.has(index) && cell.length > IGNORED_CELL_MAX) {
      const header = headers[index] || `Column ${index + 1}`;
      const read = checkCell(cell, header, IGNORED_CELL_MAX);
      if (!read.ok) problems.push(read.sentence);
    }
  });
  const cells: Cells = {
    has: (key) => columns.has(key),
    text: (key) => texts.get(key) ?? '',
    label: (key) => columns.get(key)?.header ?? key,
    take: (read, fallback) => {
      if (read.ok) return read.value;
      problems.push(read.sentence);
      return fallback;
    },
    problem: (sentence) => problems.push(sentence),
    need: (key, reader, fallback) => {
      const text = texts.get(key) ?? '';
      if (text !== '') return cells.take(reader(text, cells.label(key)), fallback);
      cells.missing(key);
      return fallback;
    },
    missing: (key) => {
      if (!refused.has(key)) problems.push(empty(cells.label(key)));
    },
  };
  return { cells, problems, checked: texts };
}

const addRecords = (into: Partial<ImportRecords>, add: Partial<ImportRecords>) => {
  for (const kind of IMPORT_KINDS) {
    const rows = add[kind];
    if (rows && rows.length > 0)
      (into[kind] as RecordPlace[] | undefined) = [
        ...((into[kind] as RecordPlace[] | undefined) ?? []),
        ...rows,
      ];
  }
};

/** How many rows the samples are looked for in, and how much of a cell a sample shows. */
const SAMPLE_ROWS = 20;
const SAMPLE_MAX = 40;

/** Header → the first non-empty cell of its column in the first rows, cut to SAMPLE_MAX characters. */
function samplesOf(headers: readonly string[], body: readonly string[][]): Record<string, string> {
  const samples: Record<string, string> = {};
  const rows = body.slice(0, SAMPLE_ROWS);
  headers.forEach((header, index) => {
    if (header === '' || Object.hasOwn(samples, header)) return;
    const cell = rows.map((row) => (row[index] ?? '').trim()).find((c) => c !== '') ?? '';
    samples[header] = cell.length > SAMPLE_MAX ? `${cell.slice(0, SAMPLE_MAX - 1)}…` : cell;
  });
  return samples;
}

/**
 * Where a table's header row is: its first row that is not a blank line parseCsv kept as [] (0 when
 * all are). The blank lines above it are rows a spreadsheet still numbers, so the rows below keep
 * those numbers. A first row of empty cells (",,") is the header, and the file is refused as empty.
 */
export function headerRowIndex(table: readonly (readonly string[])[]): number {
  const index = table.findIndex((row) => row.length > 0);
  return index === -1 ? 0 : index;
}

/**
 * One file read: its kind (given or guessed), its columns mapped, and each row read into its record,
 * skipped (empty; nothing in the columns read; a zero balance) or refused with "Row 7: …" naming the
 * column. A required field no column fills refuses the whole file, and no row is read.
 */
export function readImportFile(input: ReadFileInput): ReadFileResult {
  const { name, table, today } = input;
  const top = headerRowIndex(table);
  const headers = (table[top] ?? []).map((h) => h.trim());
  const body = table.slice(top + 1);
  const summary: ImportFileSummary = {
    name,
    kind: null,
    rows: body.filter((row) => !isEmptyRow(row)).length,
    headers,
    mapping: {},
    missing: [],
    problem: null,
  };
  const result: ReadFileResult = { summary, records: {}, refusals: [], skipped: [] };
  if (headers.every((h) => h === '')) {
    summary.problem = `The file ${name} is empty: its first row should name its columns.`;
    return result;
  }
  const long = headers.find((h) => h.length > HEADER_MAX);
  if (long !== undefined) {
    summary.headers = headers.map((h) => h.slice(0, HEADER_MAX));
    summary.problem = `The file ${name} has a column name ${long.length.toLocaleString('en-US')} characters long; its first row should name its columns.`;
    return result;
  }
  const kind = input.kind ?? guessImportKind(headers, input.source);
  if (!kind) {
    summary.problem = `We could not tell what the file ${name} holds; choose whether it has families, contacts, dancers, classes, enrolments or balances.`;
    return result;
  }
  summary.kind = kind;
  summary.samples = samplesOf(headers, body);
  summary.mapping = mapColumns(headers, kind, input.source, input.mapping, input.kept);
  const columns = new Map<string, { index: number; header: string }>();
  headers.forEach((header, index) => {
    const key = summary.mapping[header];
    if (key && !columns.has(key) && headers.indexOf(header) === index) columns.set(key, { index, header });
  });
  const { missing, problem } = missingOf(kind, name, new Set(columns.keys()));
  summary.missing = missing;
  summary.problem = problem;
  if (problem) return result;
  const mappedIndexes = new Set([...columns.values()].map((c) => c.index));
  body.forEach((row, i) => {
    // The number a spreadsheet shows the row under: blank rows above the header count.
    const place: RecordPlace = { file: name, row: top + i + 2 };
    if (isEmptyRow(row)) return;
    const { cells, problems, checked } = cellsOf(row, columns, headers, mappedIndexes);
    if (problems.length === 0 && [...checked.values()].every((t) => t === '')) {
      result.skipped.push({
        ...place,
        kind,
        sentence: `Row ${place.row}: nothing in the columns the import reads.`,
      });
      return;
    }
    const built = BUILDERS[kind](cells, place, today);
    const said = problems.filter((p) => p !== '');
    if (said.length > 0)
      result.refusals.push({ ...place, kind, sentence: `Row ${place.row}: ${said.join(' ')}` });
    else if (built.skip) result.skipped.push({ ...place, kind, sentence: `Row ${place.row}: ${built.skip}` });
    else addRecords(result.records, built.records);
  });
  // Two rows of the file with one id or one e-mail: the later is refused here already (crossCheck
  // does the same across the files of an import).
  const twice = crossCheck({ ...emptyImportRecords(), ...result.records }).refusals;
  if (twice.length > 0) {
    result.records = withoutRefused(result.records, twice);
    result.refusals = [...result.refusals, ...twice].sort((a, b) => a.row - b.row);
  }
  return result;
}

/** The records but those at a place a refusal names (a family's balance goes with its family's row). */
export function withoutRefused<T extends Partial<ImportRecords>>(
  records: T,
  refusals: readonly RecordPlace[],
): T {
  const refused = new Set(refusals.map((r) => `${r.row}\u0000${r.file}`));
  const kept: Partial<ImportRecords> = {};
  for (const kind of IMPORT_KINDS) {
    const rows = records[kind] as RecordPlace[] | undefined;
    if (rows) (kept[kind] as RecordPlace[]) = rows.filter((r) => !refused.has(`${r.row}\u0000${r.file}`));
  }
  return kept as T;
}

// ——— Across the files of one import ———

/** A record that names a family, dancer or class none of the files hold: the API looks for it in the studio. */
export type UnresolvedRef = RecordPlace & {
  kind: ImportKind;
  refers: 'family' | 'dancer' | 'class';
  /** The ref as the record gives it (an id, an e-mail, or a dancerKey/classKey). */
  ref: string;
};

const key = (s: string) => s.toLowerCase();

/** Later records whose `id` an earlier one already has: refused, naming the first. */
function duplicates<T extends RecordPlace>(
  rows: readonly T[],
  kind: ImportKind,
  idOf: (row: T) => string,
  said: (row: T, first: T) => string,
): RowRefusal[] {
  const seen = new Map<string, T>();
  const refusals: RowRefusal[] = [];
  for (const row of rows) {
    const id = idOf(row);
    if (id === '') continue;
    const first = seen.get(key(id));
    if (first)
      refusals.push({ file: row.file, row: row.row, kind, sentence: `Row ${row.row}: ${said(row, first)}` });
    else seen.set(key(id), row);
  }
  return refusals;
}

const where = (r: RecordPlace) => `row ${r.row} of ${r.file}`;

/**
 * The checks across the files of one import: two families with one e-mail, two records of a kind with
 * one id, a dancer twice in a class (refused, the later row); and each contact, dancer, balance or
 * enrolment whose family, dancer or class none of the files hold (unresolved: the API looks for it
 * among what the studio has). Ids and keys are compared case aside.
 */
export function crossCheck(records: ImportRecords): { refusals: RowRefusal[]; unresolved: UnresolvedRef[] } {
  const refusals = [
    ...duplicates(
      records.families,
      'families',
      (f) => f.ref,
      (f, first) => `the family id ${f.ref} is also the ${first.lastName} family's, on ${where(first)}.`,
    ),
    ...duplicates(
      records.families,
      'families',
      (f) => f.email,
      (f, first) => `the e-mail ${f.email} is also the ${first.lastName} family's, on ${where(first)}.`,
    ),
    ...duplicates(
      records.contacts,
      'contacts',
      (c) => c.ref,
      (c, first) => `the contact id ${c.ref} is also on ${where(first)}.`,
    ),
    ...duplicates(
      records.dancers,
      'dancers',
      (d) => d.ref,
      (d, first) => `the student id ${d.ref} is also on ${where(first)}.`,
    ),
    ...duplicates(
      records.classes,
      'classes',
      (c) => c.ref,
      (c, first) => `the class id ${c.ref} is also on ${where(first)}.`,
    ),
    ...duplicates(
      records.enrolments,
      'enrolments',
      (e) => `${e.dancerRef}\u0000${e.classRef}`,
      (_, first) => `the same dancer in the same class is already on ${where(first)}.`,
    ),
  ];
  const families = new Set(
    records.families.flatMap((f) => [f.ref, f.email].filter((s) => s !== '').map(key)),
  );
  const dancers = new Set(
    records.dancers.flatMap((d) =>
      [d.ref, dancerKey(d.familyRef, d.firstName, d.lastName)].filter((s) => s !== '').map(key),
    ),
  );
  const classes = new Set(
    records.classes.flatMap((c) =>
      [c.ref, classKey(c.name, c.day, c.timeStart)].filter((s) => s !== '').map(key),
    ),
  );
  const unresolved: UnresolvedRef[] = [];
  const check = (
    place: RecordPlace,
    kind: ImportKind,
    refers: UnresolvedRef['refers'],
    ref: string,
    known: Set<string>,
  ) => {
    if (!known.has(key(ref))) unresolved.push({ file: place.file, row: place.row, kind, refers, ref });
  };
  for (const c of records.contacts) check(c, 'contacts', 'family', c.familyRef, families);
  for (const d of records.dancers) check(d, 'dancers', 'family', d.familyRef, families);
  for (const b of records.balances) check(b, 'balances', 'family', b.familyRef, families);
  for (const e of records.enrolments) {
    check(e, 'enrolments', 'dancer', e.dancerRef, dancers);
    check(e, 'enrolments', 'class', e.classRef, classes);
  }
  return { refusals, unresolved };
}
