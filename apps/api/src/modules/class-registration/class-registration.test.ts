import { buildPaymentSchedule } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { familyOf, ok, PARENT_REG, PARENT_TUITION, registrationStudio } from './class-registration.fixture';

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
});

describe('the parent registers', () => {
  it('registers two classes, with the plan, the fee and the terms, and sees the schedule', async () => {
    const fam = await familyOf(t, s.companyA, 'reg1@example.com', [{ firstName: 'Emma' }]);
    const builder = await ok(fam.parent.get(PARENT_REG));
    expect(builder.acctInfo.stds).toHaveLength(1);
    const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
    const res = await fam.parent.post(PARENT_REG, {
      regList: [
        { stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 },
        { stdID: fam.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 },
      ],
      tuitList: { id: monthly.id, total: 0 },
      regDate: builder.today,
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    const tuition = await ok(fam.parent.get(PARENT_TUITION));
    expect(tuition.plan).toBeNull();
  });
});

describe('a registration that goes through', () => {
  it('writes the registrations, revision 1 of the plan, its payments and the fee; the tuition is explained', async () => {
    const fam = await familyOf(t, s.companyA, 'reg2@example.com', [{ firstName: 'Emma' }]);
    const builder = await ok(fam.parent.get(PARENT_REG));
    const half = builder.paySys.find((p: { name: string }) => p.name === 'Half year');
    const schedule = buildPaymentSchedule({
      classes: [
        { id: 'a', day: 1, price: 6000 },
        { id: 'b', day: 3, price: 4500 },
      ],
      plans: builder.paySys,
      effectiveDate: builder.today,
    }).find((p) => p.id === half.id)!;
    const res = await fam.parent.post(PARENT_REG, {
      regList: [
        { stdID: fam.students[0], clSchID: setting.classes.tuesday, isNew: true, price: 60 },
        { stdID: fam.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 },
      ],
      tuitList: { id: half.id, total: schedule.total / 100 },
      regDate: builder.today,
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1].regList).toHaveLength(2);
    const tuition = await ok(fam.parent.get(PARENT_TUITION));
    expect(tuition.monthly).toBe(105);
    expect(tuition.plan.name).toBe('Half year');
    expect(tuition.plan.total * 100).toBe(schedule.total);
    expect(tuition.plan.payments.map((p: { val: number }) => Math.round(p.val * 100))).toEqual(
      schedule.payments.map((p) => p.val),
    );
    expect(tuition.fee).toMatchObject({ amount: 35, participation: 'In-Studio' });
    // The family is no longer "incomplete" on the owner's lists: it registered.
    const active = await ok(s.a.get('/api/mystudio/account/list/active?pageSize=100'));
    expect(active.items.map((i: { id: string }) => i.id)).toContain(fam.id);
    const emma = tuition.students[0];
    expect(emma.classes.map((c: { Pr_f: number }) => c.Pr_f)).toEqual([60, 45]);

    // Dropping Tap from today: a new revision, the fee not charged twice.
    const tap = res.body[1].regList.find((r: { clSchID: string }) => r.clSchID === setting.classes.thursday);
    const drop = await fam.parent.put(`/api/parents/registration/drop/${tap.clRegID}`, {});
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    const after = await ok(fam.parent.get(PARENT_TUITION));
    expect(after.monthly).toBe(60);
    expect(after.plan.revision).toBe(2);
    for (const p of after.plan.payments) {
      const sum = p.lines.reduce((a: number, l: { amount: number }) => a + Math.round(l.amount * 100), 0);
      expect(sum, JSON.stringify(p)).toBe(Math.round(p.val * 100));
    }
    const activity = await ok(fam.parent.get('/api/parents/registration/activity'));
    expect(activity.revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
  });
});

describe('what registrations hold', () => {
  it("keeps the term's dates once a family pays by its plans (the plans would move under them)", async () => {
    const terms = await ok(s.a.get('/api/mystudio/yearTerms'));
    const term = terms.find((x: { id: string }) => x.id === setting.st.term);
    const res = await s.a.put('/api/mystudio/yearTerms', {
      id: term.id,
      data: { name: term.name, dateStart: term.dateStart, dateEnd: '2027-05-31', notes: term.notes ?? '' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body[1]).toMatch(/families pay|A family pays/);
    const renamed = await s.a.put('/api/mystudio/yearTerms', {
      id: term.id,
      data: { name: `${term.name} (renamed)`, dateStart: term.dateStart, dateEnd: term.dateEnd, notes: '' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});

describe('an owner taking a class back', () => {
  it('never charges it from before its own start', async () => {
    const fam = await familyOf(t, s.companyA, 'reg-restore@example.com', [{ firstName: 'Ivy' }]);
    const builder = await ok(s.a.get(`/api/myStudio/schedule/class/registration/activity/${fam.id}`));
    const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
    const reg = await ok(
      s.a.post('/api/mystudio/schedule/class/registration', {
        regList: [{ stdID: fam.students[0], clSchID: setting.classes.monday, isNew: true, price: 65 }],
        tuitList: { id: monthly.id },
        aMemID: fam.id,
        dateStart: '2026-11-28',
      }),
    );
    const id = reg.regList[0].clRegID;
    expect(reg.regList[0].dateStart).toBe('2026-11-28');
    await ok(s.a.put(`/api/mystudio/schedule/class/registration/drop/${id}`, { regDate: '2026-11-28' }));
    const early = await s.a.post(`/api/mystudio/schedule/class/registration/${id}`, {
      regDate: '2026-11-22',
    });
    expect(early.status, JSON.stringify(early.body)).toBe(422);
    expect(early.body[1]).toBe('The start date must be between Nov 28, 2026 and Jun 30, 2027.');
    await ok(s.a.post(`/api/mystudio/schedule/class/registration/${id}`, { regDate: '2026-11-28' }));
    const tuition = await ok(s.a.get(`/api/mystudio/paymentSystem/account/${fam.id}`));
    expect(tuition.plan.revision).toBe(3);
    expect(tuition.monthly).toBe(65);
    for (const p of tuition.plan.payments) expect(p.val, p.name).toBeGreaterThanOrEqual(0);
  });
});
