import { buildPaymentSchedule } from '@pirouette/domain';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { signIn } from '../../../test/flows';
import { caller, type Studios } from '../../../test/studios';
import { runJobsUntil } from '../../jobs/run-until';
import { ok, PARENT_REG, type registrationStudio } from '../class-registration/class-registration.fixture';
import { quickFamilies } from '../class-registration/registration-families.fixture';
import { onAutopay } from '../payments';
import { billingJobHandlers } from './job-handlers';

/**
 * Families of studio A registered through the parent's wizard and billed by the billing days, for the
 * money pages' tests: each one dancer in Jazz 1 ($60, Tuesdays) on the monthly plan (or the plan named),
 * from the test clock's today (2026-11-21).
 */

type Setting = Awaited<ReturnType<typeof registrationStudio>>;
type PlanChoice = 'default' | 'other';

export async function registeredFamilies(
  t: TestApp,
  s: Studios,
  setting: Setting,
  specs: { name: string; plan?: PlanChoice }[],
) {
  const families = await quickFamilies(
    t,
    s.companyA,
    specs.map((f) => ({ name: f.name, dancers: [{ firstName: `${f.name} kid` }] })),
  );
  for (const [i, fam] of families.entries()) {
    const builder = await ok(fam.parent.get(PARENT_REG));
    const plans = builder.paySys as { id: string; isDefault: boolean }[];
    const chosen =
      specs[i]!.plan === 'other' ? plans.find((p) => !p.isDefault)! : plans.find((p) => p.isDefault)!;
    const plan = buildPaymentSchedule({
      classes: [{ id: 'a', day: 1, price: 6000 }],
      plans: builder.paySys,
      effectiveDate: builder.today,
    }).find((p) => p.id === chosen.id)!;
    const res = await fam.parent.post(PARENT_REG, {
      regList: [{ stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 }],
      tuitList: { id: chosen.id, total: plan.total / 100 },
      regDate: builder.today,
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return families;
}

/** Runs the studios' billing days up to `until` (the jobs see that day's end). */
export const runBillingUntil = (t: TestApp, until: string) =>
  runJobsUntil({
    db: t.database.db,
    until,
    handlers: billingJobHandlers({ onAutopay }),
    leaseClock: t.clock,
    print: () => {},
  });

/**
 * Moves the test clock to `day` at 10:00 in New York and signs the owners in again (a session lasts
 * 12 hours), and studio A's parent: the callers to use from then on.
 */
export async function moveTo(t: TestApp, day: string) {
  const target = Date.parse(`${day}T15:00:00Z`);
  const now = t.clock.now().getTime();
  if (target > now) t.clock.advanceMinutes(Math.round((target - now) / 60_000));
  const [a, b, parent] = await Promise.all([
    signIn(t, 'owner@studio-a.example'),
    signIn(t, 'owner@studio-b.example'),
    signIn(t, 'parent@studio-a.example', 'Parent123'),
  ]);
  return { a: caller(t, a.token), b: caller(t, b.token), parent: caller(t, parent.token) };
}

/** Records a desk payment of `total` dollars on the family's current transaction (oldest charges first). */
export async function payAtDesk(
  owner: ReturnType<typeof caller>,
  familyId: string,
  total: number,
  type: 'cash' | 'check' = 'cash',
) {
  const current = await ok(owner.get(`/api/transactions/current/${familyId}/parent`));
  return ok(
    owner.post(`/api/transactions/payments/${familyId}/${current.id}`, { payments: [{ type, total }] }),
  );
}
