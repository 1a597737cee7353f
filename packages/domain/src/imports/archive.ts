import { z } from 'zod';
import type {
  ClassRecord,
  ContactRecord,
  DancerRecord,
  EnrolmentRecord,
  FamilyRecord,
  ImportKind,
  ImportRecords,
  RowRefusal,
} from './records';
import { emptyImportRecords } from './records';

/**
 * `pirouette.json`, the studio's whole data in one document (issue 35 item 6, decision 057): written
 * by `GET /api/mystudio/export` inside its ZIP, read back by a new studio's import
 * (`archiveToImportRecords`). Every record carries its id in the studio it left as `ref`, so the same
 * archive imported twice matches what the first import wrote. Money is integer cents, dates
 * `YYYY-MM-DD`, times `HH:MM`, phones as stored (10 digits or '').
 *
 * The version is a whole number raised when a field changes meaning or a required field is added; a
 * reader refuses a version it does not know (newer) rather than guessing.
 */
export const ARCHIVE_FORMAT = 'pirouette-studio';
export const ARCHIVE_VERSION = 1;
/** The archive's name inside the ZIP, and the file name its records' refusals name. */
export const ARCHIVE_FILE = 'pirouette.json';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const clock = z.string().regex(/^\d{2}:\d{2}$/, 'a time HH:MM');
const ref = z.string().min(1).max(100);
const line = (max = 200) => z.string().max(max);
const cents = z.number().int().min(-100_000_000).max(100_000_000);

const room = z.object({ ref, name: line(), description: line(2000).default('') });
const location = z.object({
  ref,
  name: line(),
  address: line(),
  city: line(),
  state: line(10),
  zipcode: line(20),
  phone: line(30),
  rooms: z.array(room),
});
const teacher = z.object({
  ref,
  firstName: line(),
  lastName: line(),
  email: line(),
  phone: line(30),
  address: line(),
  city: line(),
  state: line(10),
  zipcode: line(20),
});
const classPrice = z.object({
  ref,
  minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  monthly: cents,
});
const term = z.object({
  ref,
  name: line(),
  dateStart: day,
  dateEnd: day,
  prices: z.array(classPrice),
});
const danceClass = z.object({
  ref,
  name: line(),
  /** 0 Monday … 6 Sunday. */
  day: z.number().int().min(0).max(6),
  timeStart: clock,
  timeEnd: clock,
  roomRef: ref,
  teacherRef: ref,
  priceRef: ref,
  ageMin: z.number().int().min(0).max(120),
  ageMax: z.number().int().min(0).max(120),
  level: z.number().int().min(1).max(7),
  places: z.number().int().min(0).max(10_000),
  /** The monthly price of its class price (the term's price for its length), cents. */
  monthly: cents,
});
const person = z.object({
  ref,
  /** 'user': a parent who signs in; 'contact': called, never signs in. */
  kind: z.enum(['user', 'contact']),
  firstName: line(),
  lastName: line(),
  email: line(),
  phone: line(30),
  role: line(60),
});
const dancer = z.object({
  ref,
  firstName: line(),
  lastName: line(),
  dob: day,
  gender: z.enum(['F', 'M']),
});
const family = z.object({
  ref,
  lastName: line(),
  email: line(),
  phone: line(30),
  address: line(),
  address2: line(),
  city: line(),
  state: line(10),
  zipcode: line(20),
  /** Its status in the current term ('active', 'inactive', 'incomplete'): for reading, not imported. */
  status: line(20),
  /** What the family owes (> 0) or is owed (< 0) on `asOf`, cents: imported as one opening balance. */
  balance: cents,
  /** Its grown-ups, the first user first (the parent the import invites). */
  people: z.array(person),
  dancers: z.array(dancer),
});
const enrolment = z.object({ dancerRef: ref, classRef: ref });

export const pirouetteArchive = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().min(1),
  /** When it was written (ISO timestamp). */
  exportedAt: z.string(),
  /** The studio's day it was written on: the balances are as of it. */
  asOf: day,
  studio: z.object({
    name: line(),
    address: line(),
    city: line(),
    state: line(10),
    zipcode: line(20),
    phone: line(30),
    email: line(),
    timeZone: line(60),
    /** The money rules' settings (unlimited cap, sibling mode, fees), as the studio kept them. */
    moneySettings: z.record(z.string(), z.unknown()),
  }),
  locations: z.array(location),
  teachers: z.array(teacher),
  /** The current term, null when the studio has none (then it has no classes to carry). */
  term: term.nullable(),
  classes: z.array(danceClass),
  families: z.array(family),
  enrolments: z.array(enrolment),
});
export type PirouetteArchive = z.infer<typeof pirouetteArchive>;
export type ArchiveFamily = z.infer<typeof family>;

/** The sentences of the archive's reading. */
export const ARCHIVE_TEXT = {
  notJson: 'This pirouette.json is not a JSON document: it may be damaged. Download the export again.',
  notArchive: 'This file is not a Pirouette export (pirouette.json from "Move out: export everything").',
  newer: (version: number) =>
    `This export was written by a newer Pirouette (format version ${version}); this studio reads version ${ARCHIVE_VERSION}.`,
  broken: (where: string, what: string) =>
    `This pirouette.json does not read as a Pirouette export at ${where}: ${what}.`,
  noRoom: "Its room is not among the archive's locations.",
  noTeacher: "Its teacher is not among the archive's teachers.",
  noDancer: "Its dancer is not among the archive's families.",
  noClass: "Its class is not among the archive's classes.",
  twice: 'The archive names this record twice; the first one is kept.',
} as const;

/** Where a record of a kind sits: the archive file, row 2 for the first record of that kind. */
const place = (index: number) => ({ file: ARCHIVE_FILE, row: index + 2 });

type Read = { ok: true; archive: PirouetteArchive } | { ok: false; problem: string };

function readArchive(input: unknown): Read {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input.replace(/^\uFEFF/, ''));
    } catch {
      return { ok: false, problem: ARCHIVE_TEXT.notJson };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: ARCHIVE_TEXT.notArchive };
  }
  const head = value as { format?: unknown; version?: unknown };
  if (head.format !== ARCHIVE_FORMAT) return { ok: false, problem: ARCHIVE_TEXT.notArchive };
  if (typeof head.version === 'number' && head.version > ARCHIVE_VERSION) {
    return { ok: false, problem: ARCHIVE_TEXT.newer(head.version) };
  }
  const parsed = pirouetteArchive.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'its top';
    return { ok: false, problem: ARCHIVE_TEXT.broken(where, issue?.message ?? 'unreadable') };
  }
  return { ok: true, archive: parsed.data };
}

const fullName = (first: string, last: string) => [first, last].filter(Boolean).join(' ');
const digits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

function familyRecord(f: ArchiveFamily, index: number): FamilyRecord {
  const parent = f.people.find((p) => p.kind === 'user');
  return {
    ...place(index),
    ref: f.ref,
    lastName: f.lastName,
    parentFirstName: parent?.firstName ?? '',
    parentLastName: parent?.lastName ?? '',
    email: (f.email || parent?.email || '').toLowerCase(),
    phone: digits(f.phone),
    phone2: '',
    address: f.address,
    address2: f.address2,
    city: f.city,
    state: f.state.toUpperCase(),
    zipcode: f.zipcode,
  };
}

/** Keeps the first record of each key, refusing the others (an archive edited by hand). */
function firstOfEach<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  refuse: (index: number) => void,
): { item: T; index: number }[] {
  const seen = new Set<string>();
  const kept: { item: T; index: number }[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) refuse(index);
    else {
      seen.add(key);
      kept.push({ item, index });
    }
  });
  return kept;
}

function classRecords(
  archive: PirouetteArchive,
  refuse: (kind: ImportKind, index: number, sentence: string) => void,
): ClassRecord[] {
  const rooms = new Map(archive.locations.flatMap((l) => l.rooms.map((r) => [r.ref, r.name] as const)));
  const teachers = new Map(archive.teachers.map((t) => [t.ref, fullName(t.firstName, t.lastName)]));
  const out: ClassRecord[] = [];
  const kept = firstOfEach(
    archive.classes,
    (c) => c.ref,
    (i) => refuse('classes', i, ARCHIVE_TEXT.twice),
  );
  for (const { item: c, index } of kept) {
    const room = rooms.get(c.roomRef);
    const teacher = teachers.get(c.teacherRef);
    if (room === undefined) refuse('classes', index, ARCHIVE_TEXT.noRoom);
    else if (teacher === undefined) refuse('classes', index, ARCHIVE_TEXT.noTeacher);
    else
      out.push({
        ...place(index),
        ref: c.ref,
        name: c.name,
        day: c.day,
        timeStart: c.timeStart,
        timeEnd: c.timeEnd,
        room,
        teacher,
        ageMin: c.ageMin,
        ageMax: c.ageMax,
        level: c.level,
        places: c.places,
        monthly: c.monthly,
      });
  }
  return out;
}

/** The families, their people (the first user is the family's own parent) and dancers. */
function familyRecords(
  archive: PirouetteArchive,
  records: ImportRecords,
  refuse: (kind: ImportKind, index: number, sentence: string) => void,
  asOf: string,
) {
  const kept = firstOfEach(
    archive.families,
    (f) => f.ref,
    (i) => refuse('families', i, ARCHIVE_TEXT.twice),
  );
  let contactIndex = 0;
  let dancerIndex = 0;
  let balanceIndex = 0;
  for (const { item: f, index } of kept) {
    records.families.push(familyRecord(f, index));
    const parent = f.people.find((p) => p.kind === 'user');
    for (const p of f.people) {
      if (p === parent) continue;
      const contact: ContactRecord = {
        ...place(contactIndex++),
        ref: p.ref,
        familyRef: f.ref,
        kind: p.kind,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email.toLowerCase(),
        phone: digits(p.phone),
        role: p.role,
      };
      records.contacts.push(contact);
    }
    for (const d of f.dancers) {
      const dancer: DancerRecord = {
        ...place(dancerIndex++),
        ref: d.ref,
        familyRef: f.ref,
        firstName: d.firstName,
        lastName: d.lastName,
        dob: d.dob,
        gender: d.gender,
      };
      records.dancers.push(dancer);
    }
    if (f.balance !== 0) {
      records.balances.push({ ...place(balanceIndex++), familyRef: f.ref, amount: f.balance, asOf });
    }
  }
}

/**
 * A Pirouette archive (the parsed `pirouette.json`, or its text) → the import's records (decision 057).
 * `today` is the importing studio's day: the balances are booked as of the archive's day, or today when
 * the archive claims a later one. A record of each kind is placed at row 2 + its position among the
 * records of its kind, in the archive's order (contacts and dancers counted across the families in
 * order). A record the archive contradicts (a class whose room or teacher it lacks, an enrolment of a
 * dancer or class it lacks, a ref given twice) is refused with its sentence; a document that is not an
 * archive of a version this code reads is a problem, and nothing is read.
 */
export function archiveToImportRecords(
  archive: unknown,
  today: string,
): { records: ImportRecords; refusals: RowRefusal[] } | { problem: string } {
  const read = readArchive(archive);
  if (!read.ok) return { problem: read.problem };
  const a = read.archive;
  const records = emptyImportRecords();
  const refusals: RowRefusal[] = [];
  const refuse = (kind: ImportKind, index: number, sentence: string) =>
    refusals.push({ ...place(index), kind, sentence });
  const asOf = a.asOf > today ? today : a.asOf;

  familyRecords(a, records, refuse, asOf);
  records.classes = classRecords(a, refuse);

  const dancers = new Set(records.dancers.map((d) => d.ref));
  const classes = new Set(records.classes.map((c) => c.ref));
  const kept = firstOfEach(
    a.enrolments,
    (e) => `${e.dancerRef}|${e.classRef}`,
    (i) => refuse('enrolments', i, ARCHIVE_TEXT.twice),
  );
  for (const { item: e, index } of kept) {
    if (!dancers.has(e.dancerRef)) refuse('enrolments', index, ARCHIVE_TEXT.noDancer);
    else if (!classes.has(e.classRef)) refuse('enrolments', index, ARCHIVE_TEXT.noClass);
    else {
      const enrolment: EnrolmentRecord = { ...place(index), dancerRef: e.dancerRef, classRef: e.classRef };
      records.enrolments.push(enrolment);
    }
  }
  return { records, refusals };
}
