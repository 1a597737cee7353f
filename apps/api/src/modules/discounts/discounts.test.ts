import { DISCOUNT_TEXT, type DiscountItem, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditCount, type Caller, MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { discounts } from '../../db/schema/tuition';

const { t, s } = useTwoStudios();

const URL = '/api/mystudio/discounts';
const multi10 = { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100, name: 'Second class' };
const sibling10 = { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 };

async function created(who: Caller, body: Record<string, unknown> = multi10) {
  const res = await who.post(URL, body);
  expect(res.status).toBe(200);
  return res.body[1].id as string;
}
const rowOf = async (id: string) =>
  (await t.database.db.select().from(discounts).where(eq(discounts.id, id)))[0] ?? null;
const listOf = async (who: Caller) => (await who.get(URL)).body[1] as DiscountItem[];

describe('GET api/mystudio/discounts', () => {
  it('answers the discounts in application order, multi-class first, and only the studio’s', async () => {
    const fresh = await listOf(s.b);
    expect(fresh).toEqual([]);
    const sibling = await created(s.b, sibling10);
    const multi = await created(s.b, multi10);
    const theirs = await created(s.a, multi10);
    const res = await s.b.get('/api/myStudio/Discounts');
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual([
      { id: multi, typeID: 100, vTypeID: 100, value: 0.1, rValue: 100, name: 'Second class', order: 0 },
      { id: sibling, typeID: 200, vTypeID: 200, value: 1000, rValue: 1, name: '', order: 0 },
    ]);
    expect((await listOf(s.b)).map((d) => d.id)).not.toContain(theirs);
  });

  it("refuses a parent's token with 403 and no session with 401", async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('POST api/mystudio/discounts', () => {
  it('adds a discount after the others of its type, and audits it', async () => {
    const before = await auditCount(t, s.companyA, 'discount.create');
    const first = await created(s.a, { ...multi10, name: 'First' });
    const res = await s.a.post(URL, { ...multi10, value: 0.05, name: '  Third class  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([true, { id: expect.any(String), msg: messages.insertSuccessful }]);
    const row = await rowOf(res.body[1].id);
    expect(row).toMatchObject({
      companyId: s.companyA,
      typeId: 100,
      vTypeId: 100,
      value: 0.05,
      name: 'Third class',
    });
    expect(row!.sortOrder).toBeGreaterThan((await rowOf(first))!.sortOrder);
    expect(await auditCount(t, s.companyA, 'discount.create')).toBe(before + 2);
  });

  it('keeps a fixed value in cents and a fraction to six decimals', async () => {
    const fixed = await created(s.a, { typeID: 100, vTypeID: 200, value: 1250, rValue: 500 });
    expect(await rowOf(fixed)).toMatchObject({ vTypeId: 200, value: 1250, rValue: 500, name: '' });
    const fine = await created(s.a, { ...multi10, value: 0.123456 });
    expect((await rowOf(fine))!.value).toBe(0.123456);
  });

  it.each([
    ['a missing type', { ...multi10, typeID: undefined }, messages.insufficientData],
    ['an unknown type', { ...multi10, typeID: 300 }, messages.insufficientData],
    ['an unknown value type', { ...multi10, vTypeID: 150 }, messages.insufficientData],
    ['a missing value', { ...multi10, value: undefined }, messages.insufficientData],
    ['a value as text', { ...multi10, value: '10' }, messages.insufficientData],
    ['a missing rounding unit', { ...multi10, rValue: undefined }, messages.insufficientData],
    ['a percentage above 100 %', { ...multi10, value: 10 }, DISCOUNT_TEXT.percentRange],
    ['a negative percentage', { ...multi10, value: -0.1 }, DISCOUNT_TEXT.percentRange],
    [
      'a percentage finer than the database keeps',
      { ...multi10, value: 0.1234567 },
      DISCOUNT_TEXT.percentPrecision,
    ],
    ['a negative fixed amount', { ...sibling10, value: -1000 }, DISCOUNT_TEXT.fixedNegative],
    ['a fixed amount with part of a cent', { ...sibling10, value: 10.5 }, DISCOUNT_TEXT.fixedCents],
    ['a fixed amount above $100,000', { ...sibling10, value: 10_000_001 }, DISCOUNT_TEXT.fixedTooLarge],
    ['a rounding unit of 0', { ...multi10, rValue: 0 }, DISCOUNT_TEXT.rounding],
    ['a rounding unit with part of a cent', { ...multi10, rValue: 0.5 }, DISCOUNT_TEXT.rounding],
    ['a rounding unit above $100', { ...multi10, rValue: 20_000 }, DISCOUNT_TEXT.rounding],
    ['a name too long', { ...multi10, name: 'x'.repeat(81) }, DISCOUNT_TEXT.nameTooLong],
  ])('refuses %s with 400 and its message', async (_, body, message) => {
    const before = (await listOf(s.a)).length;
    expect(await s.a.post(URL, body)).toMatchObject({ status: 400, body: [false, message] });
    expect((await listOf(s.a)).length).toBe(before);
  });

  it("refuses a parent's token with 403 and adds nothing", async () => {
    const before = (await listOf(s.a)).length;
    expect(await s.parent.post(URL, multi10)).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
    expect((await listOf(s.a)).length).toBe(before);
  });
});

describe('PUT api/mystudio/discounts/{id}', () => {
  it('changes a discount and audits it', async () => {
    const id = await created(s.a);
    const before = await auditCount(t, s.companyA, 'discount.update');
    const res = await s.a.put(`${URL}/${id.toUpperCase()}`, {
      ...multi10,
      value: 0.15,
      rValue: 1,
      name: 'More',
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await rowOf(id)).toMatchObject({ value: 0.15, rValue: 1, name: 'More', typeId: 100 });
    expect(await auditCount(t, s.companyA, 'discount.update')).toBe(before + 1);
  });

  it('moves a discount changed to the other type to the end of that type', async () => {
    const id = await created(s.a);
    await created(s.a, sibling10);
    await s.a.put(`${URL}/${id}`, { ...sibling10, value: 500 });
    const siblings = (await listOf(s.a)).filter((d) => d.typeID === 200);
    expect(siblings.at(-1)).toMatchObject({ id, typeID: 200, vTypeID: 200, value: 500 });
  });

  it('refuses invalid values with their message and changes nothing', async () => {
    const id = await created(s.a);
    expect(await s.a.put(`${URL}/${id}`, { ...multi10, value: 2 })).toMatchObject({
      status: 400,
      body: [false, DISCOUNT_TEXT.percentRange],
    });
    expect(await s.a.put(`${URL}/${id}`, { ...multi10, typeID: null })).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect((await rowOf(id))!.value).toBe(0.1);
  });

  it('refuses a malformed id with 400, an unknown id and another studio’s with 404, a parent with 403', async () => {
    const theirs = await created(s.b);
    expect(await s.a.put(`${URL}/${MALFORMED_ID}`, multi10)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect(await s.a.put(`${URL}/${UNKNOWN_ID}`, multi10)).toMatchObject({
      status: 404,
      body: [false, DISCOUNT_TEXT.notFound],
    });
    const before = await rowOf(theirs);
    expect(await s.a.put(`${URL}/${theirs}`, { ...multi10, value: 0.5 })).toMatchObject({ status: 404 });
    expect(await rowOf(theirs)).toEqual(before);
    const own = await created(s.a);
    expect(await s.parent.put(`${URL}/${own}`, { ...multi10, value: 0.5 })).toMatchObject({ status: 403 });
    expect((await rowOf(own))!.value).toBe(0.1);
  });
});

describe('DELETE api/mystudio/discounts/{id}', () => {
  it('deletes a discount and audits it', async () => {
    const id = await created(s.a);
    const before = await auditCount(t, s.companyA, 'discount.delete');
    expect(await s.a.delete(`${URL}/${id}`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await rowOf(id)).toBeNull();
    expect(await auditCount(t, s.companyA, 'discount.delete')).toBe(before + 1);
    expect((await s.a.delete(`${URL}/${id}`)).status).toBe(404);
  });

  it('refuses a malformed id with 400, another studio’s with 404, a parent with 403, deleting nothing', async () => {
    const theirs = await created(s.b);
    const own = await created(s.a);
    expect(await s.a.delete(`${URL}/${MALFORMED_ID}`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect(await s.a.delete(`${URL}/${theirs}`)).toMatchObject({
      status: 404,
      body: [false, DISCOUNT_TEXT.notFound],
    });
    expect(await s.parent.delete(`${URL}/${own}`)).toMatchObject({ status: 403 });
    expect(await rowOf(theirs)).not.toBeNull();
    expect(await rowOf(own)).not.toBeNull();
  });
});

describe('PUT api/mystudio/discounts/order', () => {
  const ORDER = `${URL}/order`;

  it('puts every discount in its new place, counted within its type, and audits it', async () => {
    const ids = (await listOf(s.b)).map((d) => d.id);
    await created(s.b, { ...multi10, name: 'extra' });
    const all = await listOf(s.b);
    const reversed = all.map((d) => d.id).reverse();
    const before = await auditCount(t, s.companyB, 'discount.reorder');
    expect(await s.b.put(ORDER, { ids: reversed })).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful }],
    });
    const after = await listOf(s.b);
    const expected = (type: number) => reversed.filter((id) => all.find((d) => d.id === id)?.typeID === type);
    expect(after.map((d) => d.id)).toEqual([...expected(100), ...expected(200)]);
    for (const type of [100, 200]) {
      expect(after.filter((d) => d.typeID === type).map((d) => d.order)).toEqual(
        expected(type).map((_, i) => i),
      );
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(await auditCount(t, s.companyB, 'discount.reorder')).toBe(before + 1);
  });

  it('refuses a list that leaves a discount out, lists one twice, or is empty', async () => {
    const ids = (await listOf(s.b)).map((d) => d.id);
    const before = await listOf(s.b);
    expect(await s.b.put(ORDER, { ids: ids.slice(1) })).toMatchObject({
      status: 400,
      body: [false, DISCOUNT_TEXT.orderIncomplete],
    });
    expect(await s.b.put(ORDER, { ids: [...ids, ids[0]] })).toMatchObject({
      status: 400,
      body: [false, DISCOUNT_TEXT.listedTwice],
    });
    expect(await s.b.put(ORDER, { ids: [] })).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await s.b.put(ORDER, {})).toMatchObject({ status: 400, body: [false, messages.insufficientData] });
    expect(await listOf(s.b)).toEqual(before);
  });

  it('refuses a malformed id with 400, another studio’s id with 404 and a parent with 403, moving nothing', async () => {
    const ownIds = (await listOf(s.b)).map((d) => d.id).reverse();
    const before = await listOf(s.b);
    const theirs = (await listOf(s.a))[0]!.id;
    expect(await s.b.put(ORDER, { ids: [...ownIds, MALFORMED_ID] })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect(await s.b.put(ORDER, { ids: [...ownIds.slice(1), theirs] })).toMatchObject({
      status: 404,
      body: [false, DISCOUNT_TEXT.notFound],
    });
    expect(await listOf(s.b)).toEqual(before);
    const aBefore = await listOf(s.a);
    expect(await s.parent.put(ORDER, { ids: aBefore.map((d) => d.id).reverse() })).toMatchObject({
      status: 403,
    });
    expect(await listOf(s.a)).toEqual(aBefore);
  });
});

describe('OpenAPI', () => {
  it('describes the units of a discount’s numbers on the routes that carry them', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    const paths = res.body.paths;
    for (const [path, method] of [
      ['/api/mystudio/discounts', 'get'],
      ['/api/mystudio/discounts', 'post'],
      ['/api/mystudio/discounts/{id}', 'put'],
    ] as const) {
      expect(paths[path][method].description).toMatch(/^value: a fraction 0–1 when vTypeID is 100/);
    }
    expect(paths['/api/mystudio/discounts/order'].put.description).toBeUndefined();
  });
});
