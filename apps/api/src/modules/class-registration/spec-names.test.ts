import { buildPaymentSchedule } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { familyOf, ok, PARENT_REG, PARENT_TUITION, registrationStudio } from './class-registration.fixture';

/**
 * Issue 32 (decision 043): the names 001 §3 and §7 give that answers left out — a registration's
 * status_clsReg, status_clsRegAct and approved; a payment's dateDueBy, dayPaymentDue, percent, val_i,
 * iStatus, rev and tuition; a plan option's total and payments; the account's paymentSchedule and
 * studentRegistration.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
});

type Payment = Record<string, unknown> & {
  id: string;
  kind: string;
  period: string;
  val: number;
  dateDue: string;
  isRelivent: boolean;
};
type Plan = {
  id: string;
  name: string;
  isDefault: boolean;
  total: number;
  payments: Payment[];
  options: { id: string; dayPaymentDue: number }[];
};

const SPEC_PAYMENT = [
  // 002 §3 "Payment plan entry".
  'a_paymentOptionsID',
  'n',
  'order',
  'xPlanFinal',
  'dateStart',
  'dateEnd',
  'percent',
  'val_i',
  'val',
  'isPayed',
  'iStatus',
  'rev',
  'tuition',
];

async function registered(email: string) {
  const fam = await familyOf(t, s.companyA, email, [{ firstName: 'Emma' }]);
  const before = await ok(fam.parent.get('/api/parents/tuition/discount/plans'));
  const builder = await ok(fam.parent.get(PARENT_REG));
  const half = builder.paySys.find((p: Plan) => p.name === 'Half year');
  const classes = [
    { id: 'a', day: 1, price: 6000 },
    { id: 'b', day: 3, price: 4500 },
  ];
  const schedule = (effectiveDate: string) =>
    buildPaymentSchedule({ classes, plans: builder.paySys, effectiveDate });
  const res = await ok(
    fam.parent.post(PARENT_REG, {
      regList: [
        { stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 },
        { stdID: fam.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 },
      ],
      tuitList: { id: half.id, total: schedule(builder.today).find((p) => p.id === half.id)!.total / 100 },
      regDate: builder.today,
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    }),
  );
  return { fam, before, builder, half, schedule, regList: res.regList };
}

describe('a plan option with the family’s figures (001 §3: total, payments)', () => {
  it('before any class: every plan asks nothing yet; after: the own plan as its revision, the others from today', async () => {
    const { fam, before, builder, half, schedule } = await registered('spec-plans@example.com');
    for (const plan of before.paySys as Plan[]) {
      expect(plan.total, plan.name).toBe(0);
      expect(plan.payments.map((p) => p.id)).toEqual(plan.options.map((o) => o.id));
    }

    const tuition = await ok(fam.parent.get(PARENT_TUITION));
    const plans = await ok(fam.parent.get('/api/parents/tuition/discount/plans'));
    const own = plans.paySys.find((p: Plan) => p.id === half.id);
    expect(own.total).toBe(tuition.plan.total);
    expect(own.payments).toEqual(tuition.plan.payments);
    const expected = schedule(builder.today);
    for (const plan of plans.paySys as Plan[]) {
      if (plan.id === half.id) continue;
      const rules = expected.find((p) => p.id === plan.id)!;
      expect(plan.total * 100, plan.name).toBe(rules.total);
      expect(plan.payments.map((p) => Math.round(p.val * 100))).toEqual(rules.payments.map((p) => p.val));
      for (const p of plan.payments) {
        expect(Object.keys(p)).toEqual(expect.arrayContaining(SPEC_PAYMENT));
        expect(p.rev).toBe(0);
      }
    }
    // The builder carries the same figures.
    const after = await ok(fam.parent.get(PARENT_REG));
    expect(after.paySys).toEqual(plans.paySys);
  });
});

describe('a payment in a plan (001 §3)', () => {
  it('carries dateDueBy, dayPaymentDue, percent, val_i, iStatus, rev and tuition, in the tuition and the payments list', async () => {
    const { fam, half, regList } = await registered('spec-payments@example.com');
    const tuition = await ok(fam.parent.get(PARENT_TUITION));
    const options = new Map((half.options as Plan['options']).map((o) => [o.id, o.dayPaymentDue]));
    for (const p of tuition.plan.payments as Payment[]) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining([...SPEC_PAYMENT, 'dateDueBy', 'dayPaymentDue']));
      expect(p.dateDueBy).toBe(p.dateDue);
      expect([...options.values()]).toContain(p.dayPaymentDue);
      expect(p.rev).toBe(1);
      expect(options.has(p.a_paymentOptionsID as string)).toBe(true);
      expect(p.iStatus).toBe(p.isRelivent ? 10 : -2);
      expect(p.tuition).toEqual({ active: 105, inActive: 0, total: 105 });
      if (p.period === 'remaining') expect([p.percent, p.val_i]).toEqual([100, p.val]);
      if (p.period === 'inProgress') expect(p.percent).toBeLessThan(100);
    }

    // Tap dropped: a new revision; Tap's price is the family's inactive tuition now.
    const tap = regList.find((r: { clSchID: string }) => r.clSchID === setting.classes.thursday);
    await ok(fam.parent.put(`/api/parents/registration/drop/${tap.clRegID}`, {}));
    const after = await ok(fam.parent.get(PARENT_TUITION));
    for (const p of after.plan.payments as Payment[]) {
      expect(p.rev).toBe(2);
      expect(p.tuition).toEqual({ active: 60, inActive: 45, total: 105 });
      expect(p.iStatus).toBe(p.kind === 'adjustment' ? 2 : p.isRelivent ? 10 : -2);
    }

    const list = await ok(s.a.get(`/api/mystudio/account/payments?family=${fam.id}&pageSize=100`));
    expect(list.items).toHaveLength(after.plan.payments.length);
    for (const row of list.items) {
      const same = (after.plan.payments as Payment[]).find((p) => p.id === row.id)!;
      for (const key of [
        'dateStart',
        'dateEnd',
        'dateDueBy',
        'dayPaymentDue',
        'percent',
        'val_i',
        'iStatus',
      ]) {
        expect(row[key], `${same.id} ${key}`).toEqual(same[key]);
      }
      expect(row.rev).toBe(2);
      expect(row.tuition).toEqual({ active: 60, inActive: 45, total: 105 });
    }
  });
});

describe('a class registration (001 §3: status_clsReg, status_clsRegAct, approved)', () => {
  it('is said on the parent’s account, the owner’s students and the owner’s studentRegistration', async () => {
    const { fam, regList } = await registered('spec-flags@example.com');
    const tap = regList.find((r: { clSchID: string }) => r.clSchID === setting.classes.thursday);
    await ok(fam.parent.put(`/api/parents/registration/drop/${tap.clRegID}`, {}));
    const flagsOf = (rows: { clsRegID?: string; clRegID?: string }[]) =>
      Object.fromEntries(
        rows.map((r: Record<string, unknown>) => [
          r.clsRegID ?? r.clRegID,
          [r.status_clsReg, r.status_clsRegAct, r.approved],
        ]),
      );
    const jazz = regList.find((r: { clSchID: string }) => r.clSchID === setting.classes.tuesday).clRegID;
    const expected = { [jazz]: [1, 1, true], [tap.clRegID]: [1, 0, true] };

    expect(flagsOf((await ok(fam.parent.get('/api/parents/account/'))).cls)).toEqual(expected);
    expect(flagsOf((await ok(s.a.get(`/api/mystudio/account/${fam.id}/students`))).classes)).toEqual(
      expected,
    );
    const activity = await ok(s.a.get(`/api/mystudio/account/${fam.id}/studentRegistration`));
    expect(flagsOf(activity.regCls)).toEqual(expected);
    expect(activity.regCls.every((r: { student: string }) => r.student.startsWith('Emma'))).toBe(true);
    expect(activity.revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
  });
});

describe("the account's payment schedule at the spec's path (001 §7)", () => {
  it('answers GET mystudio/account/{id}/paymentSchedule as paymentSystem/account/{id}; another studio finds nothing', async () => {
    const { fam } = await registered('spec-schedule@example.com');
    const schedule = await ok(s.a.get(`/api/mystudio/account/${fam.id}/paymentSchedule`));
    expect(schedule).toEqual(await ok(s.a.get(`/api/mystudio/paymentSystem/account/${fam.id}`)));
    expect(schedule.plan.payments.length).toBeGreaterThan(0);
    expect((await s.b.get(`/api/mystudio/account/${fam.id}/paymentSchedule`)).status).toBe(404);
    expect((await s.b.get(`/api/mystudio/account/${fam.id}/studentRegistration`)).status).toBe(404);
    expect((await fam.parent.get(`/api/mystudio/account/${fam.id}/paymentSchedule`)).status).toBe(403);
  });
});
