import { randomUUID } from 'node:crypto';
import { RECITAL_FEE_TEXT, type RecitalFeeOverview } from '@pirouette/domain';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createRecital, createStudent, registerInClass } from '../../../test/factories';
import { useTwoStudios } from '../../../test/studios-base';
import { ledgerCharges, ledgerTransactions } from '../../db/schema/ledger';
import { mailOutbox } from '../../db/schema/mail';
import { recitalFeeCharges } from '../../db/schema/recitals';
import { classRegistrations, danceNumberActivity } from '../../db/schema/schedule';
import { runJobsUntil } from '../../jobs/run-until';
import { systemClock } from '../../lib/clock';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger/book';
import { addNumber } from '../schedule/schedule.fixture';
import { recitalFeeJobHandlers } from './job-handlers';

/**
 * The recital fee through its calls (issue 38 item 3, decision 073): set, posted once to each performing
 * dancer's family bill under two runs at once, explained, taken off (with its credit when paid) for a
 * dancer who left before the date, kept after it; the family told once of each; another studio's recital
 * 404; a parent and a teacher refused.
 */

const { t, s } = useTwoStudios();
// The test clock stands on 2026-11-21; the term runs through the recital's days.
let recital: string;
let adams: Awaited<ReturnType<typeof familyOf>>;
let brown: string;
let cal: string;
let monday: string;
const F = () => `/api/mystudio/recitals/${recital}/fees`;

const overview = async (page = 1) => (await ok(s.a.get(`${F()}?page=${page}`))) as RecitalFeeOverview;
const feeMails = async () =>
  (await t.database.db.select({ key: mailOutbox.key, text: mailOutbox.text }).from(mailOutbox)).filter((m) =>
    m.key?.startsWith('recital-fee:'),
  );
const ledgerFees = (familyId: string) =>
  t.database.db
    .select({ key: ledgerTransactions.idempotencyKey, item: ledgerCharges.item, total: ledgerCharges.total })
    .from(ledgerCharges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerCharges.txId))
    .where(
      and(eq(ledgerCharges.familyId, familyId), like(ledgerTransactions.idempotencyKey, 'recital-fee:%')),
    );
const balanceOf = async (familyId: string) =>
  (await ok(s.a.get(`/api/mystudio/account/${familyId}/money`))).balance as number;
async function leave(studentId: string) {
  const regs = await t.database.db
    .select({ id: classRegistrations.id })
    .from(classRegistrations)
    .where(eq(classRegistrations.studentId, studentId));
  for (const r of regs)
    await t.database.db
      .update(danceNumberActivity)
      .set({ recital: false })
      .where(eq(danceNumberActivity.classRegistrationId, r.id));
}

beforeAll(async () => {
  const db = t.database.db;
  const setting = await registrationStudio(s);
  monday = setting.classes.monday;
  await addNumber(setting.st, setting.classes.monday, { name: 'Tiny Toes' });
  adams = await familyOf(t, s.companyA, 'adams@example.com', [{ firstName: 'Ava' }, { firstName: 'Ben' }]);
  for (const studentId of adams.students)
    await registerInClass(db, { companyId: s.companyA, classId: setting.classes.monday, studentId });
  brown = (await createFamily(db, s.companyA, { email: 'brown@example.com' })).id;
  cal = (
    await createStudent(db, { companyId: s.companyA, familyId: brown, firstName: 'Cal', lastName: 'Brown' })
  ).id;
  await registerInClass(db, { companyId: s.companyA, classId: setting.classes.monday, studentId: cal });
  recital = await createRecital(db, s.companyA);
});

describe('the recital fee', () => {
  it('is the owner’s: a parent and a teacher-less call refused, another studio 404', async () => {
    expect((await adams.parent.get(F())).status).toBe(403);
    expect((await s.b.get(F())).status).toBe(404);
    expect((await s.b.post(`${F()}/post`, {})).status).toBe(404);
    expect((await s.a.get(`/api/mystudio/recitals/${randomUUID()}/fees`)).status).toBe(404);
  });

  it('refuses a bad amount in a sentence and changes nothing; posting without a fee is refused', async () => {
    const bad = await s.a.put(`${F()}/settings`, { amount: -5, per: 'dancer', refundableUntil: null });
    expect(bad.status).toBe(400);
    expect(bad.body[1]).toBe(RECITAL_FEE_TEXT.badAmount);
    const none = await s.a.post(`${F()}/post`, {});
    expect(none.status).toBe(422);
    expect(none.body[1]).toBe(RECITAL_FEE_TEXT.noFee);
  });

  it('lists who would pay before posting', async () => {
    await ok(s.a.put(`${F()}/settings`, { amount: 4500, per: 'dancer', refundableUntil: '2026-12-31' }));
    const o = await overview();
    expect(o.settings).toMatchObject({
      amount: 4500,
      per: 'dancer',
      refundableUntil: '2026-12-31',
      locked: false,
    });
    expect(o.totals.performing).toBe(3);
    expect(o.totals.toPost).toEqual({ count: 3, amount: 13_500 });
    expect(o.items.map((i) => i.state)).toEqual(['to_post', 'to_post', 'to_post']);
  });

  it('two runs at once post each fee once, explained, and tell each family once per fee', async () => {
    const before = await balanceOf(adams.id);
    const [a, b] = await Promise.all([s.a.post(`${F()}/post`, {}), s.a.post(`${F()}/post`, {})]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body[1].posted + b.body[1].posted).toBe(3);
    const fees = await ledgerFees(adams.id);
    expect(fees).toHaveLength(2);
    expect(fees.map((f) => f.item).sort()).toEqual([
      'Recital fee — Spring Recital 2027, Ava Dancer',
      'Recital fee — Spring Recital 2027, Ben Dancer',
    ]);
    expect(await balanceOf(adams.id)).toBeCloseTo(before + 90, 2);
    expect(await ledgerFees(brown)).toHaveLength(1);
    const mails = await feeMails();
    expect(mails).toHaveLength(3);
    expect(mails[0]!.text).toContain('recital fee for Spring Recital 2027');
    expect(mails[0]!.text).toContain('$45.00');
    const again = await ok(s.a.post(`${F()}/post`, {}));
    expect(again).toMatchObject({ posted: 0, removed: 0, msg: RECITAL_FEE_TEXT.nothingToPost });
    expect((await overview()).totals.posted).toEqual({ count: 3, amount: 13_500 });
  });

  it('keeps the amount once posted (a refusal that changes nothing), the last day may change', async () => {
    const res = await s.a.put(`${F()}/settings`, {
      amount: 5000,
      per: 'dancer',
      refundableUntil: '2026-12-31',
    });
    expect(res.status).toBe(422);
    expect(res.body[1]).toBe(RECITAL_FEE_TEXT.lockedWhilePosted);
    expect((await overview()).settings.amount).toBe(4500);
  });

  it('takes the fee off a dancer who left before the date, once; a paid one leaves a credit', async () => {
    const money = await ok(s.a.get(`/api/mystudio/account/${adams.id}/money`));
    await ok(
      s.a.post(`/api/transactions/payments/${adams.id}/${money.current.id}`, {
        payments: [{ type: 'cash', total: money.balance }],
      }),
    );
    const ava = adams.students[0]!;
    await leave(ava);
    expect((await overview()).items.find((i) => i.studentId === ava)?.state).toBe('to_remove');
    const done = await ok(s.a.post(`${F()}/post`, {}));
    expect(done).toMatchObject({ posted: 0, removed: 1 });
    const book = await readBook(t.database.db, s.companyA, adams.id);
    const fee = book.charges.find((c) => c.item.includes('Ava'))!;
    expect(fee.removed).not.toBeNull();
    expect(book.credit).toBe(4500);
    const [row] = await t.database.db
      .select()
      .from(recitalFeeCharges)
      .where(eq(recitalFeeCharges.studentId, ava));
    expect(row!.removedAt).not.toBeNull();
    const removedMails = (await feeMails()).filter((m) => m.key!.endsWith(':removed'));
    expect(removedMails).toHaveLength(1);
    expect(removedMails[0]!.text).toContain('credit');
    expect((await ok(s.a.post(`${F()}/post`, {}))).removed).toBe(0);
    expect((await feeMails()).filter((m) => m.key!.endsWith(':removed'))).toHaveLength(1);
  });

  it('keeps the fee of a dancer who leaves after the date', async () => {
    // The last day may change while fees are posted: it is now before today (2026-11-21).
    await ok(s.a.put(`${F()}/settings`, { amount: 4500, per: 'dancer', refundableUntil: '2026-11-01' }));
    await leave(cal);
    const o = await overview();
    expect(o.items.find((i) => i.studentId === cal)?.state).toBe('kept');
    const done = await ok(s.a.post(`${F()}/post`, {}));
    expect(done.removed).toBe(0);
    const book = await readBook(t.database.db, s.companyA, brown);
    expect(book.charges.find((c) => c.item.includes('Cal'))?.removed).toBeNull();
  });

  it('posts the next morning for a dancer who joined later, once, by the daily job', async () => {
    const dee = (
      await createStudent(t.database.db, {
        companyId: s.companyA,
        familyId: brown,
        firstName: 'Dee',
        lastName: 'Brown',
      })
    ).id;
    await registerInClass(t.database.db, { companyId: s.companyA, classId: monday, studentId: dee });
    expect((await overview()).items.find((i) => i.studentId === dee)?.state).toBe('to_post');
    const handlers = recitalFeeJobHandlers('http://localhost:3000');
    const run = (until: string) =>
      runJobsUntil({ db: t.database.db, until, handlers, leaseClock: systemClock, print: () => {} });
    await run('2026-11-23');
    await run('2026-11-23');
    expect((await overview()).items.find((i) => i.studentId === dee)?.state).toBe('posted');
    expect((await ledgerFees(brown)).filter((f) => f.item.includes('Dee'))).toHaveLength(1);
    expect((await feeMails()).filter((m) => m.text.includes('Dee'))).toHaveLength(1);
  });
});
