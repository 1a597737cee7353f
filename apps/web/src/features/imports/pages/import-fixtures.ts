import type {
  AnswerOf,
  FateCounts,
  ImportBatch,
  ImportKind,
  ImportRow,
  importCalls,
} from '@pirouette/domain';

/** The canned answers of the import's web tests (checked against the declared answers by the fake). */

export const BATCH_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const NEXT_BATCH_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const none: FateCounts = { new: 0, matched: 0, changed: 0, skipped: 0, refused: 0 };

export const setup: AnswerOf<typeof importCalls.setup> = {
  fields: {
    families: [
      { key: 'ref', label: 'Family id', required: false, hint: 'The id in the old system' },
      { key: 'lastName', label: 'Family name', required: true, hint: 'The last name the family goes by' },
      { key: 'email', label: 'E-mail', required: false, hint: 'name@example.com' },
      { key: 'phone', label: 'Phone', required: false, hint: '(973) 555-0142' },
    ],
    contacts: [],
    dancers: [
      { key: 'firstName', label: 'First name', required: true, hint: '' },
      { key: 'dob', label: 'Birth date', required: true, hint: 'MM/DD/YYYY or YYYY-MM-DD' },
    ],
    classes: [],
    enrolments: [],
    balances: [],
  },
  presets: [
    { key: 'jackrabbit', name: 'Jackrabbit', help: 'In Jackrabbit, export Families and Students as CSV.' },
    { key: 'iclasspro', name: 'iClassPro', help: 'In iClassPro, export the Family and Student reports.' },
    { key: 'pirouette', name: 'A Pirouette export', help: 'The ZIP a Pirouette studio downloads.' },
  ],
  kept: [],
};

export const totals = (
  given: Partial<Record<ImportKind, Partial<FateCounts>>>,
): Record<ImportKind, FateCounts> => ({
  families: { ...none, ...given.families },
  contacts: { ...none, ...given.contacts },
  dancers: { ...none, ...given.dancers },
  classes: { ...none, ...given.classes },
  enrolments: { ...none, ...given.enrolments },
  balances: { ...none, ...given.balances },
});

/** A dry run of a families file and a dancers file: 2 new families, 3 dancers of which one refused. */
export const checked = (over: Partial<ImportBatch> = {}): ImportBatch => ({
  id: BATCH_ID,
  source: 'jackrabbit',
  sourceName: 'Jackrabbit',
  status: 'checked',
  asOf: '2026-11-29',
  createdAt: '2026-11-29T16:00:00.000Z',
  importedAt: null,
  files: [
    {
      name: 'families.csv',
      kind: 'families',
      rows: 2,
      headers: ['Family ID', 'Family Name', 'Email'],
      mapping: { 'Family ID': 'ref', 'Family Name': 'lastName', Email: 'email' },
      missing: [],
      problem: null,
    },
    {
      name: 'students.csv',
      kind: 'dancers',
      rows: 3,
      headers: ['First', 'Birthday'],
      mapping: { First: 'firstName', Birthday: 'dob' },
      missing: [],
      problem: null,
    },
  ],
  totals: totals({ families: { new: 2 }, dancers: { new: 2, refused: 1 } }),
  balances: { families: 1, owed: 123_450, credit: 2_000, net: 121_450 },
  ready: true,
  progress: null,
  failure: null,
  ...over,
});

export const refusedRow: ImportRow = {
  file: 'students.csv',
  row: 4,
  kind: 'dancers',
  fate: 'refused',
  label: 'Mia Lee (Lee)',
  sentence: 'The birth date 03/04/2099 is in the future.',
};

export const rowPage = (rows: ImportRow[]): AnswerOf<typeof importCalls.rows> => ({
  rows,
  page: 1,
  pages: 1,
  total: rows.length,
});
