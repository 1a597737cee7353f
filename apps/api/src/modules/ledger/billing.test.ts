import { buildPaymentSchedule } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { billingJobs } from '../../jobs/billing-jobs';
import { runJobsUntil } from '../../jobs/run-until';
import {
  familyOf,
  ok,
  PARENT_REG,
  registrationStudio,
} from '../class-registration/class-registration.fixture';
import { readBook } from './book';

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
});

const runUntil = (until: string) =>
  runJobsUntil({
    db: t.database.db,
    until,
    handlers: billingJobs(),
    leaseClock: t.clock,
    print: () => {},
  });

/** A family of one dancer registered in Jazz 1 ($60, Tuesdays) on the monthly plan, today. */
async function register(email: string) {
  const fam = await familyOf(t, s.companyA, email, [{ firstName: 'Emma' }]);
  const builder = await ok(fam.parent.get(PARENT_REG));
  const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
  const plan = buildPaymentSchedule({
    classes: [{ id: 'a', day: 1, price: 6000 }],
    plans: builder.paySys,
    effectiveDate: builder.today,
  }).find((p) => p.id === monthly.id)!;
  const res = await fam.parent.post(PARENT_REG, {
    regList: [{ stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 }],
    tuitList: { id: monthly.id, total: plan.total / 100 },
    regDate: builder.today,
    terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { fam, today: builder.today as string, plan };
}

describe('billing', () => {
  it('posts the fee and the payment due at registration, then each month once; late fees once', async () => {
    const { fam, today, plan } = await register('bill1@example.com');
    const book = await readBook(t.database.db, s.companyA, fam.id);
    const items = book.charges.map((c) => [c.category, c.total, c.dueDate]);
    expect(items[0]).toEqual(['registration_fee', 3500, today]);
    expect(book.balance).toBe(book.charges.reduce((a, c) => a + c.total, 0));

    await runUntil('2027-01-20');
    const after = await readBook(t.database.db, s.companyA, fam.id);
    const tuition = after.charges.filter((c) => c.category === 'tuition');
    expect(tuition.map((c) => c.dueDate)).toContain('2026-12-01');
    expect(tuition.map((c) => c.dueDate)).toContain('2027-01-01');
    const late = after.charges.filter((c) => c.category === 'late_fee');
    expect(late.length).toBeGreaterThanOrEqual(2);
    expect(after.balance).toBe(after.charges.reduce((a, c) => a + c.total, 0));

    await runUntil('2027-01-20');
    const again = await readBook(t.database.db, s.companyA, fam.id);
    expect(again.charges).toHaveLength(after.charges.length);
  });
});
