import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { familyResolver, planImport, planTotals, type StudioState } from './plan';
import { emptyImportRecords, type FamilyRecord, type ImportRecords } from './records';

const family = (i: number, over: Partial<FamilyRecord> = {}): FamilyRecord => ({
  file: 'families.csv',
  row: i + 2,
  ref: `F${i}`,
  lastName: `Family${i}`,
  parentFirstName: 'Pat',
  parentLastName: `Family${i}`,
  email: `p${i}@x.example`,
  phone: '',
  phone2: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  ...over,
});

const empty = (over: Partial<StudioState> = {}): StudioState => ({
  sourceName: 'Jackrabbit',
  links: {},
  families: [],
  people: [],
  dancers: [],
  classes: [],
  members: new Set(),
  hasTerm: true,
  ...over,
});
const records = (over: Partial<ImportRecords>): ImportRecords => ({ ...emptyImportRecords(), ...over });

describe('planImport', () => {
  it.each([
    ['a new family', family(0), empty(), 'new', 'A new family.'],
    [
      'matched by its link, unchanged',
      family(0),
      empty({
        families: [{ id: 'f', emails: [] }],
        links: {
          families: new Map([
            ['F0', { entityId: 'f', data: { ...family(0), file: undefined, row: undefined } }],
          ]),
        },
      }),
      'matched',
      'Matched by Jackrabbit id F0; nothing changes.',
    ],
    [
      'matched by e-mail',
      family(0),
      empty({ families: [{ id: 'f', emails: ['p0@x.example'] }] }),
      'matched',
      'Matched by e-mail; the import remembers it, so the next one finds it at once.',
    ],
    [
      'an address someone at the studio has',
      family(0),
      empty({ members: new Set(['p0@x.example']) }),
      'refused',
      'p0@x.example already belongs to someone at your studio.',
    ],
    [
      'neither id nor e-mail',
      family(0, { ref: '', email: '' }),
      empty(),
      'refused',
      'A family needs its Jackrabbit id or an e-mail address, so that importing it again finds it.',
    ],
  ])('%s', (_, f, studio, fate, sentence) => {
    const [row] = planImport(records({ families: [f] }), [], studio).families;
    expect(row).toMatchObject({ fate, sentence });
  });

  it('changes only the fields that changed since the last import', () => {
    const before = family(0);
    const { file: _f, row: _r, ...data } = before;
    const studio = empty({
      families: [{ id: 'f', emails: [] }],
      links: { families: new Map([['F0', { entityId: 'f', data }]]) },
    });
    const [row] = planImport(records({ families: [family(0, { city: 'Montclair' })] }), [], studio).families;
    expect(row).toMatchObject({ fate: 'matched', by: 'link', changes: ['city'] });
  });

  it('refuses a dancer whose family is refused or nowhere', () => {
    const plan = planImport(
      records({
        families: [family(0, { address: 'x'.repeat(2000) })],
        dancers: [
          {
            file: 'd.csv',
            row: 2,
            ref: 'D0',
            familyRef: 'F0',
            firstName: 'A',
            lastName: 'B',
            dob: '2015-01-01',
            gender: 'F',
          },
          {
            file: 'd.csv',
            row: 3,
            ref: 'D1',
            familyRef: 'F9',
            firstName: 'A',
            lastName: 'B',
            dob: '2015-01-01',
            gender: 'F',
          },
        ],
      }),
      [],
      empty(),
    );
    expect(plan.dancers.map((d) => d.sentence)).toEqual([
      'Its family (row 2) is refused.',
      'No family F9 in the files or at the studio.',
    ]);
  });

  it('refuses a family whose ref differs from an earlier one only in case', () => {
    const plan = planImport(
      records({ families: [family(0, { ref: 'A1' }), family(1, { ref: 'a1' })] }),
      [],
      empty(),
    );
    expect(plan.families.map((f) => [f.fate, f.sentence])).toEqual([
      ['new', 'A new family.'],
      ['refused', 'The same family is on row 2 already.'],
    ]);
  });

  it('finds a family by its ref or e-mail in any case, as familyResolver does for the balances', () => {
    const families = [family(0, { ref: 'A1' })];
    const studio = empty({
      families: [{ id: 'old', emails: ['old@x.example'] }],
      links: { families: new Map([['OLD1', { entityId: 'old', data: {} }]]) },
    });
    const plan = planImport(records({ families }), [], studio);
    const resolve = familyResolver(plan.families, studio);
    expect(['a1', 'P0@X.example', 'old1', 'OLD@x.example', 'F9'].map(resolve)).toEqual([
      { fileKey: 'A1' },
      { fileKey: 'A1' },
      { existing: 'old' },
      { existing: 'old' },
      'No family F9 in the files or at the studio.',
    ]);
  });

  it('gives every row one fate, and the totals count them all', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ ref: fc.constantFrom('', 'A', 'B', 'C'), email: fc.constantFrom('', 'a@x', 'b@x') }),
          { maxLength: 12 },
        ),
        (rows) => {
          const families = rows.map((r, i) => family(i, r));
          const plan = planImport(records({ families }), [], empty());
          const t = planTotals(plan).families;
          expect(t.new + t.matched + t.skipped + t.refused).toBe(families.length);
          // Never two new families with one key or one e-mail.
          const fresh = plan.families.filter((f) => f.fate === 'new');
          expect(new Set(fresh.map((f) => f.key)).size).toBe(fresh.length);
          const emails = fresh.map((f) => f.record.email).filter(Boolean);
          expect(new Set(emails).size).toBe(emails.length);
        },
      ),
    );
  });
});
