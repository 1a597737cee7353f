import { classRegistrationMessages, FAMILY_LOG_ACTIONS } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { rowsOf } from '../../db/rows';
import { familyOf, ok, PARENT_REG, registrationStudio } from './class-registration.fixture';

/**
 * A family's first registration of a term asks for the studio's terms documents in force, each in the
 * version in force: one missing answers 422 naming it, another version 409, and nothing is written
 * either way. Accepted, each document's acceptance and the family's log line are written with the
 * registration, in as many statements for four documents as for two (read with the family under its
 * lock, written in the change's one statement: no statement per document).
 */
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
});

type Doc = { coTermID: string; version: number; title?: string };

async function registration(email: string) {
  const fam = await familyOf(t, s.companyA, email, [{ firstName: 'Mia' }]);
  const builder = await ok(fam.parent.get(PARENT_REG));
  const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
  const post = (terms: Doc[]) =>
    fam.parent.post(PARENT_REG, {
      regList: [{ stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 }],
      tuitList: { id: monthly.id },
      regDate: builder.today,
      terms: terms.map((d) => ({ coTermID: d.coTermID, version: d.version, accepted: true })),
    });
  return { fam, docs: builder.terms as Doc[], post };
}

const written = async (familyId: string) =>
  (
    await rowsOf<{ acceptances: number; logs: number; registrations: number }>(
      t.database.db,
      sql`select
        (select count(*)::int from terms_acceptances where family_id = ${familyId}) as acceptances,
        (select count(*)::int from audit_log where target_id = ${familyId}
          and action = ${FAMILY_LOG_ACTIONS.termsAccepted}) as logs,
        (select count(*)::int from class_registrations r join students st on st.id = r.student_id
          where st.family_id = ${familyId}) as registrations`,
    )
  )[0]!;

describe("a family's first registration and the studio's terms", () => {
  it('refuses a document not accepted or in another version, writing nothing', async () => {
    const { fam, docs, post } = await registration('terms-refused@example.com');
    expect(docs.length).toBeGreaterThan(0);
    const [first, ...rest] = docs;
    const missing = await post(rest);
    expect(missing.status, JSON.stringify(missing.body)).toBe(422);
    const title = (
      await rowsOf<{ title: string }>(
        t.database.db,
        sql`select title from terms_documents where id = ${first!.coTermID}`,
      )
    )[0]!.title;
    expect(missing.body).toEqual([false, classRegistrationMessages.termsRequired(title)]);
    const other = await post([{ ...first!, version: first!.version + 1 }, ...rest]);
    expect(other).toMatchObject({ status: 409, body: [false, classRegistrationMessages.termsChanged] });
    expect(await written(fam.id)).toEqual({ acceptances: 0, logs: 0, registrations: 0 });
  });

  it('writes each acceptance and its log line once, in as many statements for four documents as for two', async () => {
    const two = await registration('terms-two@example.com');
    const before = await countQueries(t, () => two.post(two.docs));
    expect(before.result.status, JSON.stringify(before.result.body)).toBe(200);
    expect(await written(two.fam.id)).toEqual({
      acceptances: two.docs.length,
      logs: two.docs.length,
      registrations: 1,
    });

    await t.database.db.execute(
      sql`insert into terms_documents (company_id, title, content, version, sort_order)
        values (${s.companyA}, 'Photo release', 'Photos may be taken at the recital.', 3, 8),
          (${s.companyA}, 'Dress code', 'Hair in a bun.', 1, 9)`,
    );
    const four = await registration('terms-four@example.com');
    expect(four.docs).toHaveLength(two.docs.length + 2);
    const after = await countQueries(t, () => four.post(four.docs));
    expect(after.result.status, JSON.stringify(after.result.body)).toBe(200);
    expect(after.count, after.statements.join('\n')).toBe(before.count);
    expect(await written(four.fam.id)).toEqual({
      acceptances: four.docs.length,
      logs: four.docs.length,
      registrations: 1,
    });
    const photo = await rowsOf<{ version: number }>(
      t.database.db,
      sql`select a.version from terms_acceptances a join terms_documents d on d.id = a.document_id
        where a.family_id = ${four.fam.id} and d.title = 'Photo release'`,
    );
    expect(photo).toEqual([{ version: 3 }]);

    // A document the family accepted already (on its account's terms page) is not asked again.
    const five = await registration('terms-five@example.com');
    const [kept, ...others] = five.docs;
    const accepted = await five.fam.parent.post('/api/parents/account/terms', {
      coTermID: kept!.coTermID,
      version: kept!.version,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const rest = await five.post(others);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect((await written(five.fam.id)).acceptances).toBe(five.docs.length);

    // Accepted once: the family's next registration asks for nothing more and writes no acceptance.
    const again = await four.fam.parent.post(PARENT_REG, {
      regList: [{ stdID: four.fam.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 }],
      regDate: (await ok(four.fam.parent.get(PARENT_REG))).today,
      terms: [],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await written(four.fam.id)).acceptances).toBe(four.docs.length);
  });
});
