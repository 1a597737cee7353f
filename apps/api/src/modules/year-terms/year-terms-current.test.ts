import { yearTermMessages } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import { interleaved, ON_POSTGRES } from '../../../test/interleaved';
import { createdPrivate, insertClass, scheduleRecords } from '../../../test/schedule-records';
import { audited, type Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { yearTermHelpers } from './year-terms.fixture';
import { lockStudioYearTerms } from './year-terms.queries';

const { t, s } = useTwoStudios();
let ownerA: Caller;

beforeAll(async () => {
  ownerA = s.ownerA;
});

const { db, newTerm, termOf } = yearTermHelpers(
  () => t,
  () => ownerA,
);

const term = async (name: string, dateStart: string, dateEnd: string) => {
  const res = await newTerm({ name, dateStart, dateEnd });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1].id as string;
};

describe('GET api/mystudio/yearTerms/counts', () => {
  it("counts each term's classes, private lessons and families with a registration that counts", async () => {
    const next = await term('Counted season', '2040-09-01', '2041-06-30');
    const records = await scheduleRecords(ownerA, s.termA.id, ' counts');
    const ballet = await insertClass(db(), s.companyA, records);
    const jazz = await insertClass(db(), s.companyA, records, { name: 'Jazz I', day: 1 });
    await createdPrivate(ownerA, records);
    // Two families dance in the current term, one of them in two classes; a third only dropped out.
    const families = await Promise.all([1, 2, 3].map(() => createFamily(db(), s.companyA)));
    const [mia, zoe, ana] = await Promise.all(
      families.map((f) => createStudent(db(), { companyId: s.companyA, familyId: f.id })),
    );
    await registerInClass(db(), { companyId: s.companyA, classId: ballet, studentId: mia!.id });
    await registerInClass(db(), { companyId: s.companyA, classId: jazz, studentId: mia!.id });
    await registerInClass(db(), { companyId: s.companyA, classId: jazz, studentId: zoe!.id });
    await registerInClass(db(), {
      companyId: s.companyA,
      classId: ballet,
      studentId: ana!.id,
      isDropped: true,
    });

    const res = await ownerA.get('/api/mystudio/yearTerms/counts');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = new Map(res.body[1].map((c: { id: string }) => [c.id, c]));
    expect(byId.get(s.termA.id)).toEqual({ id: s.termA.id, nCls: 2, nPriv: 1, nActive: 2 });
    expect(byId.get(next)).toEqual({ id: next, nCls: 0, nPriv: 0, nActive: 0 });
    // Studio B's terms are not among A's, and B's owner sees none of A's.
    expect(byId.has(s.termB.id)).toBe(false);
    const inB = await s.ownerB.get('/api/mystudio/yearTerms/counts');
    expect(inB.body[1].map((c: { id: string }) => c.id)).toEqual([s.termB.id]);
    expect(inB.body[1][0]).toMatchObject({ nCls: 0, nPriv: 0, nActive: 0 });
  });

  it('refuses a parent (403)', async () => {
    expect((await s.parent.get('/api/mystudio/yearTerms/counts')).status).toBe(403);
  });
});

describe('PUT api/mystudio/yearTerms/set/{id} with the term the owner saw as current', () => {
  it('makes the term current when the one the owner saw is still current, and logs what it replaced', async () => {
    const id = await term('Confirmed season', '2042-09-01', '2043-06-30');
    const res = await ownerA.put(`/api/mystudio/yearTerms/set/${id}`, { expectedID: s.termA.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1]).toMatchObject({ id, isCurrent: true });
    const entries = await audited(t, s.companyA, 'year_term.set_current');
    expect(entries.filter((e) => e.targetId === id).map((e) => e.detail)).toEqual([{ from: s.termA.id }]);
    // Back to the first term, confirmed from the one just made current.
    expect((await ownerA.put(`/api/mystudio/yearTerms/set/${s.termA.id}`, { expectedID: id })).status).toBe(
      200,
    );
  });

  it('refuses (409) when another term became current since, and changes nothing', async () => {
    const stale = await term('Stale view', '2044-09-01', '2045-06-30');
    const wanted = await term('Wanted', '2046-09-01', '2047-06-30');
    // Another owner made `stale` current after this owner had read termA as current.
    const made = await ownerA.put(`/api/mystudio/yearTerms/set/${stale}`);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await ownerA.put(`/api/mystudio/yearTerms/set/${wanted}`, { expectedID: s.termA.id });
    expect(res).toMatchObject({ status: 409, body: [false, yearTermMessages.currentChanged('Stale view')] });
    expect((await termOf(stale))!.isCurrent).toBe(true);
    expect((await termOf(wanted))!.isCurrent).toBe(false);
    expect((await ownerA.put(`/api/mystudio/yearTerms/set/${s.termA.id}`)).status).toBe(200);
  });

  it('refuses a body that is not the expected term (400), and changes nothing', async () => {
    const id = await term('Bad body', '2048-09-01', '2049-06-30');
    for (const body of [{ expectedID: 'xyz' }, { expectedID: s.termA.id, confirm: true }, {}, [1]]) {
      const res = await ownerA.put(`/api/mystudio/yearTerms/set/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await termOf(id))!.isCurrent).toBe(false);
    expect((await ownerA.put(`/api/mystudio/yearTerms/set/${id}`, { expectedID: null })).body).toEqual([
      false,
      yearTermMessages.currentChanged(s.termA.name),
    ]);
  });
});

describe.runIf(ON_POSTGRES)("the studio's lock for its terms (PostgreSQL)", () => {
  it('lets the studio go on writing while a term is changed: an insert naming the studio does not wait', async () => {
    // Were it to wait, a registration holding its family's row would wait here while making a term
    // current waits for that family's row (the trigger locks every family of the studio): a deadlock.
    const waited = await interleaved(
      db(),
      (tx) => lockStudioYearTerms(tx, s.companyA),
      (tx) =>
        tx
          .execute(
            sql`insert into audit_log (action, company_id) values ('test.beside_a_term_change', ${s.companyA})`,
          )
          .then(),
    );
    expect(waited).toBe('went on');
  });

  it('still makes two term writes of one studio wait for each other', async () => {
    const lock = (tx: Parameters<typeof lockStudioYearTerms>[0]) => lockStudioYearTerms(tx, s.companyA);
    expect(await interleaved(db(), lock, lock)).toBe('waited');
  });
});
