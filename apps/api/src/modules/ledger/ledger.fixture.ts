import { buildPaymentSchedule } from '@pirouette/domain';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import type { Studios } from '../../../test/studios';
import { runJobsUntil } from '../../jobs/run-until';
import {
  familyOf,
  ok,
  PARENT_REG,
  type registrationStudio,
} from '../class-registration/class-registration.fixture';
import { onAutopay } from '../payments';
import { billingJobHandlers } from './job-handlers';

/**
 * A family of studio A with one dancer, Emma, registered by the parent's wizard in Jazz 1 ($60,
 * Tuesdays) on the monthly plan, today: the registration fee and the payment already due are charged.
 */
export async function registerInJazz(
  t: TestApp,
  s: Studios,
  setting: Awaited<ReturnType<typeof registrationStudio>>,
  email: string,
) {
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
  return { fam, today: builder.today as string };
}

/** The studios' billing days up to `until`, as `npm run jobs -- --until` runs them. */
export const runBillingUntil = (t: TestApp, until: string) =>
  runJobsUntil({
    db: t.database.db,
    until,
    handlers: billingJobHandlers({ onAutopay }),
    leaseClock: t.clock,
    print: () => {},
  });
