import { messages, paymentSystemMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audited, type Caller, UNKNOWN_ID as MISSING_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { paymentPlanOptions, paymentPlans } from '../../db/schema/tuition';

const { t, s } = useTwoStudios();
let ownerA: Caller;

type Plan = {
  id: string;
  name: string;
  isDefault: boolean;
  discount: number;
  options: { id: string; name: string; dayPaymentDue: number }[];
};
let plansA: Plan[];
let plansB: Plan[];

beforeAll(async () => {
  ownerA = s.ownerA;
  plansA = (await ownerA('GET', '/api/mystudio/paymentSystem')).body[1];
  plansB = (await s.ownerB('GET', '/api/mystudio/paymentSystem')).body[1];
});

const planRow = async (id: string) =>
  (await t.database.db.select().from(paymentPlans).where(eq(paymentPlans.id, id)))[0]!;
const optionRow = async (id: string) =>
  (await t.database.db.select().from(paymentPlanOptions).where(eq(paymentPlanOptions.id, id)))[0]!;

describe('GET api/mystudio/paymentSystem', () => {
  it("answers the current term's plans in order, with their options", async () => {
    expect(plansA.map((p) => [p.name, p.isDefault, p.discount, p.options.length])).toEqual([
      ['Monthly', true, 0, 10],
      ['Half year', false, 0.05, 2],
      ['Full year', false, 0.1, 1],
    ]);
    expect(plansA[0]).toMatchObject({ nPays: 10 });
    expect(plansA[0]!.options[0]).toEqual({
      id: expect.any(String),
      name: 'September 2026',
      dateStart: '2026-09-01',
      dateEnd: '2026-09-30',
      dayPaymentDue: 1,
    });
    expect(plansA[1]!.options.map((o) => o.name)).toEqual(['First half', 'Second half']);
    // Studio B has its own.
    expect(plansB.map((p) => p.id)).not.toContain(plansA[0]!.id);
  });

  it('answers a named term of the studio; 404 for another studio’s; 400 for a malformed id', async () => {
    const id = (
      await ownerA('POST', '/api/mystudio/yearTerms/new', {
        name: 'Summer',
        dateStart: '2027-07-01',
        dateEnd: '2027-08-31',
      })
    ).body[1].id;
    const summer = await ownerA('GET', `/api/mystudio/paymentSystem?yearTermID=${id}`);
    expect(summer.body[1].map((p: Plan) => [p.name, p.options.length])).toEqual([
      ['Monthly', 2],
      ['Half year', 2],
      ['Full year', 1],
    ]);
    expect(await ownerA('GET', `/api/mystudio/paymentSystem?yearTermID=${s.termB.id}`)).toMatchObject({
      status: 404,
      body: [false, messages.yearTermNotFound],
    });
    expect((await ownerA('GET', '/api/mystudio/paymentSystem?yearTermID=bad')).status).toBe(400);
  });

  it('refuses a parent (403)', async () => {
    expect((await s.parent('GET', '/api/mystudio/paymentSystem')).status).toBe(403);
  });
});

describe('PUT api/mystudio/paymentSystem/plan/{id}', () => {
  const put = (id: string, payload: unknown, caller: Caller = ownerA) =>
    caller('PUT', `/api/mystudio/paymentSystem/plan/${id}`, payload);

  it("changes a plan's discount, and audits it", async () => {
    const half = plansA[1]!;
    const res = await put(half.id, { discount: 0.0725 });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(Number((await planRow(half.id)).discount)).toBe(0.0725);
    const after = (await ownerA('GET', '/api/mystudio/paymentSystem')).body[1];
    expect(after[1].discount).toBe(0.0725);
    expect(await audited(t, s.companyA, 'payment_plan.discount_changed')).toMatchObject([
      { targetId: half.id, detail: { from: 0.05, to: 0.0725 } },
    ]);
    expect((await put(half.id, { discount: 0 })).status).toBe(200);
  });

  it('keeps the default plan at no discount (422), though 0 is accepted', async () => {
    const monthly = plansA[0]!;
    expect(await put(monthly.id, { discount: 0.05 })).toMatchObject({
      status: 422,
      body: [false, paymentSystemMessages.defaultPlanDiscount],
    });
    expect(Number((await planRow(monthly.id)).discount)).toBe(0);
    expect((await put(monthly.id, { discount: 0 })).status).toBe(200);
  });

  it.each([
    ['no body', undefined, messages.insufficientData],
    ['no discount', {}, messages.insufficientData],
    ['a discount as text', { discount: '5%' }, messages.insufficientData],
    ['a negative discount', { discount: -0.01 }, paymentSystemMessages.discount],
    ['a discount of 1', { discount: 1 }, paymentSystemMessages.discount],
    ['a percentage instead of a fraction', { discount: 5 }, paymentSystemMessages.discount],
    ['more than 4 decimals', { discount: 0.12345 }, paymentSystemMessages.discountPrecision],
  ])('refuses %s (400)', async (_label, payload, message) => {
    expect(await put(plansA[2]!.id, payload)).toMatchObject({ status: 400, body: [false, message] });
    expect(Number((await planRow(plansA[2]!.id)).discount)).toBe(0.1);
  });

  it("answers 400 for a malformed id, 404 for another studio's plan (unchanged), 403 for a parent", async () => {
    expect(await put('nope', { discount: 0.1 })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect(await put(plansB[1]!.id, { discount: 0.2 })).toMatchObject({
      status: 404,
      body: [false, paymentSystemMessages.planNotFound],
    });
    expect(await put(MISSING_ID, { discount: 0.2 })).toMatchObject({ status: 404 });
    expect(Number((await planRow(plansB[1]!.id)).discount)).toBe(0.05);
    expect((await put(plansA[1]!.id, { discount: 0.2 }, s.parent)).status).toBe(403);
  });
});

describe('PUT api/mystudio/paymentSystem/option/{id}', () => {
  const put = (id: string, payload: unknown, caller: Caller = ownerA) =>
    caller('PUT', `/api/mystudio/paymentSystem/option/${id}`, payload);

  it("changes an option's due day and nothing else, and audits it", async () => {
    const option = plansA[1]!.options[1]!;
    const before = await optionRow(option.id);
    const res = await put(option.id, { dayPaymentDue: 28, dateStart: '2027-02-01' });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await optionRow(option.id)).toEqual({ ...before, dayPaymentDue: 28 });
    expect(await audited(t, s.companyA, 'payment_option.due_day_changed')).toMatchObject([
      { targetId: option.id, detail: { from: 1, to: 28 } },
    ]);
  });

  it.each([
    ['no body', undefined, messages.insufficientData],
    ['no due day', {}, messages.insufficientData],
    ['day 0', { dayPaymentDue: 0 }, paymentSystemMessages.dueDay],
    ['day 29', { dayPaymentDue: 29 }, paymentSystemMessages.dueDay],
    ['day 31', { dayPaymentDue: 31 }, paymentSystemMessages.dueDay],
    ['a fraction of a day', { dayPaymentDue: 1.5 }, paymentSystemMessages.dueDay],
  ])('refuses %s (400)', async (_label, payload, message) => {
    const id = plansA[0]!.options[0]!.id;
    expect(await put(id, payload)).toMatchObject({ status: 400, body: [false, message] });
    expect((await optionRow(id)).dayPaymentDue).toBe(1);
  });

  it("answers 400 for a malformed id, 404 for another studio's option (unchanged), 403 for a parent", async () => {
    expect((await put('00000000', { dayPaymentDue: 5 })).status).toBe(400);
    const theirs = plansB[0]!.options[0]!.id;
    expect(await put(theirs, { dayPaymentDue: 5 })).toMatchObject({
      status: 404,
      body: [false, paymentSystemMessages.optionNotFound],
    });
    expect((await optionRow(theirs)).dayPaymentDue).toBe(1);
    expect((await put(plansA[0]!.options[0]!.id, { dayPaymentDue: 5 }, s.parent)).status).toBe(403);
  });
});
