import { buildPaymentSchedule } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import {
  familyOf,
  ok,
  PARENT_REG,
  registrationStudio,
} from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { registerInJazz, runBillingUntil } from './ledger.fixture';

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
});

const runUntil = (until: string) => runBillingUntil(t, until);

const register = (email: string) => registerInJazz(t, s, setting, email);

describe('billing', () => {
  // The studio's billing days run forward once: the test that needs the earlier days comes first.
  it('a drop after a payment was charged posts only the difference, which says why; paid money becomes credit', async () => {
    const fam = await familyOf(t, s.companyA, 'bill2@example.com', [{ firstName: 'Mia' }]);
    const builder = await ok(fam.parent.get(PARENT_REG));
    const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
    const plan = buildPaymentSchedule({
      classes: [
        { id: 'a', day: 1, price: 6000 },
        { id: 'b', day: 3, price: 4500 },
      ],
      plans: builder.paySys,
      effectiveDate: builder.today,
    }).find((p) => p.id === monthly.id)!;
    const res = await fam.parent.post(PARENT_REG, {
      regList: [
        { stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 },
        { stdID: fam.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 },
      ],
      tuitList: { id: monthly.id, total: plan.total / 100 },
      regDate: builder.today,
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const november = plan.payments.find((p) => p.dateDue === builder.today && p.val > 0)!;
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(money.balance * 100).toBe(3500 + november.val);
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${money.current.id}`, {
        payments: [{ type: 'cash', total: money.balance }],
      }),
    );

    const tap = res.body[1].regList.find((r: { clSchID: string }) => r.clSchID === setting.classes.thursday);
    expect((await fam.parent.put(`/api/parents/registration/drop/${tap.clRegID}`, {})).status).toBe(200);
    const book = await readBook(t.database.db, s.companyA, fam.id);
    const change = book.charges.at(-1)!;
    const tapNovember = buildPaymentSchedule({
      classes: [{ id: 'b', day: 3, price: 4500 }],
      plans: builder.paySys,
      effectiveDate: builder.today,
    })
      .find((p) => p.id === monthly.id)!
      .payments.find((p) => p.dateDue === builder.today && p.val > 0)!;
    expect(change).toMatchObject({ category: 'tuition', total: -tapNovember.val, revision: 2 });
    expect(change.item).toMatch(/, change$/);
    expect(change.lines.map((l) => l.label).join(' ')).toContain('Tap 1 (Mia) dropped');
    expect(change.lines.reduce((a, l) => a + l.amount, 0)).toBe(change.total);
    expect(book).toMatchObject({ balance: 0, credit: tapNovember.val });

    // December is charged at the new price, and the credit pays part of it.
    await runUntil('2026-12-02');
    const december = await readBook(t.database.db, s.companyA, fam.id);
    const dec = december.charges.find((c) => c.dueDate === '2026-12-01')!;
    expect(dec.total).toBe(6000);
    expect(december).toMatchObject({ balance: 6000 - tapNovember.val, credit: 0 });
  });
  it('posts the fee and the payment due at registration, then each month on its day, and late fees once', async () => {
    const { fam, today } = await register('bill1@example.com');
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.charges.map((c) => [c.category, c.total, c.dueDate])).toEqual([
      ['registration_fee', 3500, today],
      ['tuition', 1500, today],
    ]);

    await runUntil('2027-01-20');
    const after = await readBook(t.database.db, s.companyA, fam.id);
    expect(after.charges.map((c) => [c.category, c.total, c.dueDate, c.postedOn])).toEqual([
      ['registration_fee', 3500, today, today],
      ['tuition', 1500, today, today],
      // The studio's days up to Dec 2 had run (the test above) before this family registered: December
      // is posted by the next day that runs, and keeps its due date.
      ['tuition', 6000, '2026-12-01', '2026-12-03'],
      // November's payment, due on the day of registration, still open 14 days later.
      ['late_fee', 2000, '2026-12-05', '2026-12-05'],
      ['late_fee', 2000, '2026-12-15', '2026-12-15'],
      ['tuition', 6000, '2027-01-01', '2027-01-01'],
      ['late_fee', 2000, '2027-01-15', '2027-01-15'],
    ]);
    expect(after.balance).toBe(3500 + 1500 + 6000 * 2 + 2000 * 3);

    // Every day again: nothing new.
    const runs = await runUntil('2027-01-20');
    expect(runs.every((r) => r.outcome === 'done')).toBe(true);
    const again = await readBook(t.database.db, s.companyA, fam.id);
    expect(again.charges).toHaveLength(after.charges.length);
  });

  it('a family that cannot be billed keeps no other family from its bill; the day is tried again and bills it then', async () => {
    const two = [(await register('bill-one@example.com')).fam, (await register('bill-two@example.com')).fam];
    // The day bills its families in the order of their ids: the first is refused, the second comes after.
    const [refused, billed] = two.sort((a, b) => (a.id < b.id ? -1 : 1)) as [
      (typeof two)[0],
      (typeof two)[0],
    ];
    const tuition = async (familyId: string) =>
      (await readBook(t.database.db, s.companyA, familyId)).charges
        .filter((c) => c.category === 'tuition')
        .map((c) => c.dueDate);
    // Both families' months so far posted, before the fault.
    await runUntil('2027-01-25');
    // The database refuses every posting of one family, as a fault would.
    await t.database.db.execute(
      sql.raw(`create function refuse_one_family() returns trigger language plpgsql as $$
        begin
          if new.family_id = '${refused.id}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_one_family before insert on ledger_transactions
        for each row execute function refuse_one_family()`),
    );
    try {
      const runs = await runUntil('2027-02-01');
      const day = runs.find((r) => r.job.kind === 'billing.day' && r.outcome !== 'done');
      expect(day?.outcome).toBe('retry');
      expect(day?.error).toMatch(/1 of \d+ families could not be billed/);
      expect(await tuition(billed.id)).toContain('2027-02-01');
      expect(await tuition(refused.id)).not.toContain('2027-02-01');
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_one_family on ledger_transactions`);
      await t.database.db.execute(sql`drop function refuse_one_family()`);
    }
    // The day is tried again the next day (under --until, a failed job waits a day) and bills it.
    const again = await runUntil('2027-02-02');
    expect(again.filter((r) => r.job.kind === 'billing.day').every((r) => r.outcome === 'done')).toBe(true);
    expect(await tuition(refused.id)).toContain('2027-02-01');
  });
});
