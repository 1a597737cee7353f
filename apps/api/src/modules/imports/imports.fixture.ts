import {
  type ClassRecord,
  type ContactRecord,
  type DancerRecord,
  emptyImportRecords,
  type FamilyRecord,
  type ImportBatch,
  type ImportRecords,
} from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import type { Studios } from '../../../test/studios';
import { rowsOf } from '../../db/rows';
import { checkRead, sourceOf } from './check.service';

/** Records and counts the import's tests share (the parser's files aside: they feed records directly). */

export const family = (p: string, i: number, over: Partial<FamilyRecord> = {}): FamilyRecord => ({
  file: 'families.csv',
  row: i + 2,
  ref: `${p}F${i}`,
  lastName: `${p}Family${i}`,
  parentFirstName: 'Pat',
  parentLastName: `${p}Family${i}`,
  email: `${p.toLowerCase()}parent${i}@import.example`,
  phone: '9735550142',
  phone2: '',
  address: `${i} Main St`,
  address2: '',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  ...over,
});

export const dancer = (
  p: string,
  i: number,
  familyRef: string,
  over: Partial<DancerRecord> = {},
): DancerRecord => ({
  file: 'dancers.csv',
  row: i + 2,
  ref: `${p}D${i}`,
  familyRef,
  firstName: `Dancer${i}`,
  lastName: p,
  dob: '2015-03-04',
  gender: 'F',
  ...over,
});

export const contact = (
  p: string,
  i: number,
  familyRef: string,
  over: Partial<ContactRecord> = {},
): ContactRecord => ({
  file: 'contacts.csv',
  row: i + 2,
  ref: `${p}K${i}`,
  familyRef,
  kind: 'contact',
  firstName: `Gran${i}`,
  lastName: p,
  email: '',
  phone: '9735550199',
  role: 'Grandparent',
  ...over,
});

export const klass = (p: string, i: number, over: Partial<ClassRecord> = {}): ClassRecord => ({
  file: 'classes.csv',
  row: i + 2,
  ref: `${p}C${i}`,
  name: `${p} Jazz ${i}`,
  day: i % 6,
  timeStart: '16:00',
  timeEnd: '17:00',
  room: 'Studio A',
  teacher: 'Ann Lee',
  ageMin: 6,
  ageMax: 10,
  level: 1,
  places: 12,
  monthly: 6500,
  ...over,
});

/** The files a check of these records read, each whole. */
function summaries(records: ImportRecords) {
  const names = new Set<string>();
  for (const list of Object.values(records)) for (const r of list as { file: string }[]) names.add(r.file);
  return [...names].map((name) => ({
    name,
    kind: null,
    rows: 0,
    headers: [],
    mapping: {},
    missing: [],
    problem: null,
  }));
}

/** Checks records as studio `who`'s owner (the check's service, past the parser). */
export async function checkRecords(
  t: TestApp,
  s: Studios,
  records: Partial<ImportRecords>,
  who: 'a' | 'b' = 'a',
  source = 'jackrabbit',
): Promise<ImportBatch> {
  const all = { ...emptyImportRecords(), ...records };
  const owner = s[who];
  return checkRead({
    db: t.database.db,
    clock: t.clock,
    actor: { userId: owner.userId, companyId: owner.companyId, membershipId: '', role: 'owner' },
    source: sourceOf(source),
    read: { summaries: summaries(all), records: all, refusals: [], skipped: [], keep: [] },
  });
}

const TABLES = [
  'family_accounts',
  'family_people',
  'students',
  'classes',
  'rooms',
  'teachers',
  'class_tuitions',
  'users',
  'memberships',
  'import_links',
  'class_registrations',
  'ledger_transactions',
  'mail_outbox',
  'one_time_tokens',
] as const;

/** The rows of every table an import writes (the batches aside). */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number | string>>(
    t.database.db,
    sql.raw(`select ${TABLES.map((n) => `(select count(*) from ${n}) as ${n}`).join(', ')}`),
  );
  return Object.fromEntries(TABLES.map((n) => [n, Number(row![n])]));
}

export const diff = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    Object.keys(after).flatMap((k) => (after[k] !== before[k] ? [[k, after[k]! - before[k]!]] : [])),
  );
