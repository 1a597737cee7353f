import { IMPORT_TEXT, type ImportBatch } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, students } from '../../db/schema/families';
import { diff, tableCounts } from './imports.fixture';

const { t, s } = useTwoStudios();
const URL = '/api/mystudio/imports';

const FAMILIES = [
  'Family ID,Family Name,Contact 1 First Name,Contact 1 Last Name,Contact 1 Email,Primary Phone,Address 1,City,State,Zip',
  '1042,Smith,Jane,Smith,jane.smith@files.example,(973) 555-0142,12 Elm St,Newark,NJ,07102',
  '1043,"Lee, Ann",Ann,Lee,ann.lee@files.example,973-555-0143,3 Oak Ave,Newark,NJ,07103',
  '1044,Formula,Bob,Formula,=HYPERLINK("x"),973-555-0144,1 Main,Newark,NJ,07104',
  '1045,Twice,Tom,Twice,jane.smith@files.example,973-555-0145,2 Main,Newark,NJ,07105',
].join('\r\n');
const DANCERS = [
  'Student ID,Family ID,First Name,Last Name,Birth Date,Gender',
  '501,1042,Emma,Smith,03/04/2015,Female',
  '502,1042,Mia,Smith,2099-01-01,F',
  '503,1043,Liam,Lee,11/02/2014,M',
].join('\n');

const check = (files: { name: string; content: string; encoding?: 'text' | 'base64' }[]) =>
  s.a.post(URL, { source: 'jackrabbit', files });

describe('files in Jackrabbit’s layout', () => {
  it('are checked row by row, imported, and imported again changing nothing', async () => {
    const res = await check([
      { name: 'families.csv', content: FAMILIES },
      { name: 'students.csv', content: DANCERS },
    ]);
    expect(res.status).toBe(200);
    const batch = res.body[1] as ImportBatch;
    expect(batch.files.map((f) => [f.name, f.kind, f.problem])).toEqual([
      ['families.csv', 'families', null],
      ['students.csv', 'dancers', null],
    ]);
    expect(batch.totals.families).toMatchObject({ new: 2, refused: 2 });
    expect(batch.totals.dancers).toMatchObject({ new: 2, refused: 1 });
    const refused = (await s.a.get(`${URL}/${batch.id}/rows?fate=refused`)).body[1].rows as {
      file: string;
      row: number;
    }[];
    expect(refused.map((r) => `${r.file}:${r.row}`)).toEqual([
      'families.csv:4',
      'families.csv:5',
      'students.csv:3',
    ]);
    const before = await tableCounts(t);
    const run = await s.a.post(`${URL}/${batch.id}/run`);
    expect(run.status).toBe(200);
    expect(diff(before, await tableCounts(t))).toMatchObject({ family_accounts: 2, students: 2, users: 2 });
    const [lee] = await t.database.db
      .select()
      .from(familyAccounts)
      .where(eq(familyAccounts.email, 'ann.lee@files.example'));
    expect(lee).toMatchObject({ phone: '9735550143', zipcode: '07103' });
    const kids = await t.database.db.select().from(students).where(eq(students.familyId, lee!.id));
    expect(kids.map((k) => [k.firstName, k.dob, k.gender])).toEqual([['Liam', '2014-11-02', 'M']]);

    const after = await tableCounts(t);
    const again = (
      await check([
        { name: 'families.csv', content: FAMILIES },
        { name: 'students.csv', content: DANCERS },
      ])
    ).body[1] as ImportBatch;
    expect(again.totals.families).toMatchObject({ new: 0, matched: 2, changed: 0 });
    expect(again.ready).toBe(false);
    expect(await s.a.post(`${URL}/${again.id}/run`)).toMatchObject({
      status: 422,
      body: [false, IMPORT_TEXT.notReady],
    });
    expect(diff(after, await tableCounts(t))).toEqual({});
  });

  it('refuses a hostile 10 MB cell as one row, quickly', async () => {
    const huge = 'A'.repeat(10 * 1024 * 1024);
    const started = Date.now();
    const res = await check([
      {
        name: 'big.csv',
        content: `${FAMILIES.split('\r\n')[0]}\r\n9,Big,B,Big,big@x.example,9735550100,${huge},N,NJ,07102\r\n`,
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body[1].totals.families).toMatchObject({ refused: 1, new: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a file missing a required column whole, and keeps the owner’s mapping', async () => {
    const res = await check([{ name: 'nameless.csv', content: 'Family ID,Whatever\r\n1,Smith\r\n' }]);
    expect(res.status).toBe(200);
    const file = (res.body[1] as ImportBatch).files[0]!;
    expect(file.problem).not.toBeNull();
    expect(res.body[1].ready).toBe(false);
    const mapped = await s.a.post(URL, {
      source: 'jackrabbit',
      files: [
        {
          name: 'nameless.csv',
          content: 'Family ID,Whatever,Mail\r\n1,Smith,s@x.example\r\n',
          kind: 'families',
          mapping: { Whatever: 'lastName', Mail: 'email' },
        },
      ],
    });
    expect(mapped.body[1].files[0].problem).toBeNull();
    const setup = (await s.a.get(`${URL}/setup`)).body[1];
    expect(setup.kept).toContainEqual({
      source: 'jackrabbit',
      kind: 'families',
      mapping: { Whatever: 'lastName', Mail: 'email' },
    });
    expect(setup.presets.map((p: { key: string }) => p.key)).toContain('iclasspro');
  });
});
