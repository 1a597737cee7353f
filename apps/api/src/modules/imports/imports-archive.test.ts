import type { ImportBatch } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/flows';
import { useTwoStudios } from '../../../test/studios-base';
import { rowsOf } from '../../db/rows';
import { familyAccounts } from '../../db/schema/families';
import { readBook } from '../ledger';
import { checkRecords, dancer, family, klass } from './imports.fixture';

const { t, s } = useTwoStudios();
const URL = '/api/mystudio/imports';

/** A studio's families, dancers, classes and balances, as names and sums to compare across studios. */
async function studioData(companyId: string) {
  const db = t.database.db;
  const families = await db
    .select({ name: familyAccounts.lastName, email: familyAccounts.email, city: familyAccounts.city })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), sql`${familyAccounts.lastName} like 'Arc%'`))
    .orderBy(familyAccounts.lastName);
  const dancers = await rowsOf<{ name: string; dob: string }>(
    db,
    sql`select s.first_name || ' ' || s.last_name as name, s.dob::text as dob from students s
        join family_accounts f on f.id = s.family_id
        where s.company_id = ${companyId} and f.last_name like 'Arc%' order by 1`,
  );
  const classes = await rowsOf<{ name: string }>(
    db,
    sql`select name, day, to_char(time_start, 'HH24:MI') as start from classes
        where company_id = ${companyId} and name like 'Arc%' order by 1`,
  );
  const enrolments = await rowsOf<{ dancer: string; klass: string }>(
    db,
    sql`select s.first_name || ' ' || s.last_name as dancer, c.name as klass from class_registrations r
        join students s on s.id = r.student_id join classes c on c.id = r.class_id
        where r.company_id = ${companyId} and c.name like 'Arc%' order by 1, 2`,
  );
  const ids = await db
    .select({ id: familyAccounts.id, name: familyAccounts.lastName })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), sql`${familyAccounts.lastName} like 'Arc%'`))
    .orderBy(familyAccounts.lastName);
  const balances: { name: string; balance: number; credit: number }[] = [];
  for (const f of ids) {
    const book = await readBook(db, companyId, f.id);
    balances.push({ name: f.name, balance: book.balance, credit: book.credit });
  }
  return { families, dancers, classes, enrolments, balances };
}

describe("a studio's export imported into another studio", () => {
  it('gives back the same families, dancers, classes, enrolments and balances', async () => {
    const families = [family('Arc', 0), family('Arc', 1)];
    const batch = await checkRecords(t, s, {
      families,
      dancers: [dancer('Arc', 0, 'ArcF0'), dancer('Arc', 1, 'ArcF1')],
      classes: [klass('Arc', 0)],
      enrolments: [{ file: 'enrolments.csv', row: 2, dancerRef: 'ArcD0', classRef: 'ArcC0' }],
      balances: [
        { file: 'balances.csv', row: 2, familyRef: 'ArcF1', amount: 4200, asOf: '2026-11-01' },
        { file: 'balances.csv', row: 3, familyRef: 'ArcF0', amount: -1550, asOf: '2026-11-01' },
      ],
    });
    expect((await s.a.post(`${URL}/${batch.id}/run`)).status).toBe(200);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/mystudio/export',
      headers: { 'x-access-token': (await signIn(t, 'owner@studio-a.example')).token },
    });
    expect(exported.statusCode).toBe(200);
    const zip = exported.rawPayload.toString('base64');
    const res = await s.b.post(URL, {
      source: 'pirouette',
      files: [{ name: 'studio-export.zip', content: zip, encoding: 'base64' }],
    });
    expect(res.status).toBe(200);
    const check = res.body[1] as ImportBatch;
    expect(check.files[0]).toMatchObject({ name: 'studio-export.zip', problem: null });
    expect(check.totals.families.refused).toBe(0);
    expect(check.balances.owed).toBeGreaterThanOrEqual(4200);
    const run = await s.b.post(`${URL}/${check.id}/run`);
    expect(run.status).toBe(200);
    const a = await studioData(s.companyA);
    const b = await studioData(s.companyB);
    expect(b).toEqual(a);
    expect(a.families).toHaveLength(2);
    expect(a.enrolments).toHaveLength(1);
    // What each family owes, or is owed, is the same at both studios.
    expect(a.balances.map((f) => f.balance - f.credit).sort((x, y) => x - y)).toEqual([-1550, 4200]);
  });
});
