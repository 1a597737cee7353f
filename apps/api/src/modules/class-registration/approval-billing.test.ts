import { classRegistrationMessages as text } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { readBook } from '../ledger/book';
import { familyOf, OWNER_REG, ok, PARENT_REG, registrationStudio } from './class-registration.fixture';
import { quickFamilies } from './registration-families.fixture';

type Family = Awaited<ReturnType<typeof familyOf>>;

/**
 * Issue 31 point 4: a registration that waited for the studio's approval is billed from the later of
 * its start and the day it is approved, unless the owner picks an earlier day (never before its start);
 * the approval's preview shows what will be posted, and it is what the approval posts.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
// biome-ignore lint/suspicious/noExplicitAny: the builder's answer
let builder: any;
let money: Record<string, unknown> & { registration: Record<string, unknown> };

beforeAll(async () => {
  setting = await registrationStudio(s);
  const [first] = await quickFamilies(t, s.companyA, [{ name: 'Reader', dancers: [] }]);
  builder = await ok(first!.parent.get(PARENT_REG));
  money = (await ok(s.a.get('/api/mystudio/settings'))).money;
  await ok(
    s.a.put('/api/mystudio/settings/money', {
      ...money,
      registration: { ...money.registration, approval: true },
    }),
  );
});
afterAll(async () => {
  await ok(s.a.put('/api/mystudio/settings/money', money));
});

/**
 * A family whose request for Jazz 1 ($60 a month) starts on the term's first day and waits, as the
 * Brennans' did: the parent asks today (Nov 21st), for the term begun on September 1st.
 */
async function waiting(name: string): Promise<{ fam: Family; id: string }> {
  const fam = await familyOf(t, s.companyA, `${name.toLowerCase()}@example.com`, [{ firstName: 'Nora' }]);
  const monthly = builder.paySys.find((p: { name: string }) => p.name === 'Monthly');
  const res = await ok(
    fam.parent.post(PARENT_REG, {
      regList: [{ stdID: fam.students[0]!, clSchID: setting.classes.tuesday, isNew: true, price: 60 }],
      tuitList: { id: monthly.id },
      regDate: builder.today,
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    }),
  );
  expect(res.msg).toBe(text.awaitingApproval);
  const id = res.regList[0].clRegID as string;
  await t.database.db.execute(
    sql`update class_registrations set date_i = ${s.termA.dateStart}::date where id = ${id}`,
  );
  return { fam, id };
}

const posted = async (familyId: string) =>
  (await readBook(t.database.db, s.companyA, familyId)).charges.map((c) => ({
    item: c.item,
    dueDate: c.dueDate,
    amount: c.total,
  }));

describe('approving a request that waited', () => {
  it('bills from the day of approval, as its preview said, not the months it waited', async () => {
    expect(s.termA.dateStart).toBe('2026-09-01');
    const { fam, id } = await waiting('Brennan');
    const preview = await ok(s.a.post(`${OWNER_REG}/status/preview`, { ids: [id] }));
    expect(preview.families).toHaveLength(1);
    const [shown] = preview.families;
    expect(shown).toMatchObject({
      familyId: fam.id,
      family: expect.any(String),
      classes: 'Jazz 1 (Nora)',
      from: '2026-11-21',
      earliest: '2026-09-01',
      latest: '2026-11-21',
    });
    // The registration fee and what is left of November (a quarter of it, domain-rules §2): no
    // September, no October, no full November.
    expect(shown.charges.map((c: { item: string }) => c.item)).toEqual([
      expect.stringContaining('Registration fee'),
      expect.stringContaining('November 2026'),
    ]);
    expect(shown.charges[1].amount).toBe(1500);
    // The preview kept nothing.
    expect(await posted(fam.id)).toEqual([]);
    expect(
      (await ok(s.a.get(`${OWNER_REG}/pending`))).some((p: { clsRegID: string }) => p.clsRegID === id),
    ).toBe(true);

    expect(await ok(s.a.put(`${OWNER_REG}/status/${id}`, { status: 1 }))).toEqual({ msg: text.approved(1) });
    expect(await posted(fam.id)).toEqual(
      shown.charges.map((c: { item: string; dueDate: string; amount: number }) => ({
        item: c.item,
        dueDate: c.dueDate,
        amount: c.amount,
      })),
    );
    // The family is told, with the day billing starts and what was charged.
    const mails = (
      (await t.database.db.execute(
        sql`select m.subject, m.text from mail_outbox m where m.template = 'registration-decision'
            and m.key = ${`decision:${id}`}`,
      )) as unknown as { rows: { subject: string; text: string }[] }
    ).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Tuition is billed from Nov 21, 2026.');
  });

  it('bills the months it waited only when the owner picks an earlier day, never before its start', async () => {
    const { fam, id } = await waiting('Earlier');
    const tooEarly = await s.a.post(`${OWNER_REG}/status/preview`, { ids: [id], billFrom: '2026-08-31' });
    const outside = text.billFromOutside('Sep 1, 2026', 'Nov 21, 2026');
    expect(tooEarly).toMatchObject({ status: 422, body: [false, outside] });
    const tooLate = await s.a.put(`${OWNER_REG}/status/${id}`, { status: 1, billFrom: '2026-11-22' });
    expect(tooLate).toMatchObject({ status: 422, body: [false, outside] });
    expect(await posted(fam.id)).toEqual([]);

    const preview = await ok(s.a.post(`${OWNER_REG}/status/preview`, { ids: [id], billFrom: '2026-09-01' }));
    const items = preview.families[0].charges.map((c: { item: string }) => c.item);
    for (const month of ['September 2026', 'October 2026', 'November 2026'])
      expect(items.some((i: string) => i.includes(month))).toBe(true);
    await ok(s.a.put(`${OWNER_REG}/status/${id}`, { status: 1, billFrom: '2026-09-01' }));
    expect(await posted(fam.id)).toEqual(
      preview.families[0].charges.map((c: { item: string; dueDate: string; amount: number }) => ({
        item: c.item,
        dueDate: c.dueDate,
        amount: c.amount,
      })),
    );
  });

  it("another studio's owner previews nothing of it", async () => {
    const { id } = await waiting('Private');
    expect((await s.b.post(`${OWNER_REG}/status/preview`, { ids: [id] })).status).toBe(404);
  });
});
