import { messages, tuitionPriceMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createdPrivate, scheduleRecords } from '../../../test/schedule-records';
import { audited, type Caller, UNKNOWN_ID as MISSING_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { privateTuitions } from '../../db/schema/tuition';

const { t, s } = useTwoStudios();
let ownerA: Caller;

beforeAll(async () => {
  ownerA = s.ownerA;
});

const URL = '/api/mystudio/tuition/privates';
const rowOf = async (id: string) =>
  (await t.database.db.select().from(privateTuitions).where(eq(privateTuitions.id, id)))[0];
const countRows = async () => (await t.database.db.select().from(privateTuitions)).length;

describe('POST and GET api/mystudio/tuition/privates', () => {
  it('creates with one dancer and the discount by default, and lists the current term’s', async () => {
    const solo = await ownerA('POST', URL, { yearTermID: s.termA.id, name: ' Solo ', price: 80 });
    expect(solo).toMatchObject({ status: 200, body: [true, { msg: messages.insertSuccessful }] });
    expect(await rowOf(solo.body[1].id)).toMatchObject({
      companyId: s.companyA,
      name: 'Solo',
      nDancers: 1,
      price: 8000,
      applyDiscount: true,
    });
    const duet = await ownerA('POST', URL, {
      yearTermID: s.termA.id,
      name: 'Duet',
      nDancers: 2,
      price: 62.5,
      applyDiscount: false,
    });
    const list = await ownerA('GET', URL);
    expect(list.body[1]).toEqual([
      {
        id: solo.body[1].id,
        yearTermID: s.termA.id,
        name: 'Solo',
        nDancers: 1,
        price: 80,
        applyDiscount: true,
      },
      {
        id: duet.body[1].id,
        yearTermID: s.termA.id,
        name: 'Duet',
        nDancers: 2,
        price: 62.5,
        applyDiscount: false,
      },
    ]);
    expect((await ownerA('GET', `${URL}?yearTermID=${s.termA.id}`)).body[1]).toHaveLength(2);
    expect(await audited(t, s.companyA, 'private_tuition.created')).toHaveLength(2);
    expect((await s.ownerB('GET', URL)).body[1]).toEqual([]);
  });

  it.each([
    ['no body', undefined, messages.insufficientData],
    ['no name', { yearTermID: MISSING_ID, price: 80 }, messages.insufficientData],
    ['a blank name', { yearTermID: MISSING_ID, name: ' ', price: 80 }, messages.insufficientData],
    ['no price', { yearTermID: MISSING_ID, name: 'Solo' }, messages.insufficientData],
    ['no yearTermID', { name: 'Solo', price: 80 }, messages.insufficientData],
    ['a malformed yearTermID', { yearTermID: '1', name: 'Solo', price: 80 }, messages.invalidId],
    [
      'no dancers',
      { yearTermID: MISSING_ID, name: 'Solo', price: 80, nDancers: 0 },
      tuitionPriceMessages.nDancers,
    ],
    [
      'too many dancers',
      { yearTermID: MISSING_ID, name: 'Solo', price: 80, nDancers: 31 },
      tuitionPriceMessages.nDancers,
    ],
    [
      'a negative price',
      { yearTermID: MISSING_ID, name: 'Solo', price: -0.01 },
      tuitionPriceMessages.priceRange,
    ],
    [
      'a fraction of a cent',
      { yearTermID: MISSING_ID, name: 'Solo', price: 0.001 },
      tuitionPriceMessages.priceCents,
    ],
  ])('refuses %s (400) and writes nothing', async (_label, payload, message) => {
    const before = await countRows();
    expect(await ownerA('POST', URL, payload)).toMatchObject({ status: 400, body: [false, message] });
    expect(await countRows()).toBe(before);
  });

  it("answers 404 for another studio's year term, creating nothing", async () => {
    const before = await countRows();
    const res = await ownerA('POST', URL, { yearTermID: s.termB.id, name: 'Solo', price: 80 });
    expect(res).toMatchObject({ status: 404, body: [false, messages.yearTermNotFound] });
    expect(await countRows()).toBe(before);
    expect((await ownerA('GET', `${URL}?yearTermID=${s.termB.id}`)).status).toBe(404);
    expect((await ownerA('GET', `${URL}?yearTermID=zzz`)).status).toBe(400);
  });

  it('refuses a parent (403)', async () => {
    expect((await s.parent('GET', URL)).status).toBe(403);
    expect((await s.parent('POST', URL, { yearTermID: s.termA.id, name: 'Solo', price: 1 })).status).toBe(
      403,
    );
  });
});

describe('PUT and DELETE api/mystudio/tuition/privates', () => {
  let id: string;
  let idB: string;
  beforeAll(async () => {
    id = (await ownerA('POST', URL, { yearTermID: s.termA.id, name: 'Trio', nDancers: 3, price: 50 })).body[1]
      .id;
    idB = (await s.ownerB('POST', URL, { yearTermID: s.termB.id, name: 'Trio', price: 50 })).body[1].id;
  });
  const data = (over: Record<string, unknown> = {}) => ({
    yearTermID: s.termA.id,
    name: 'Trio',
    nDancers: 3,
    price: 50,
    applyDiscount: true,
    ...over,
  });

  it('changes every field', async () => {
    const res = await ownerA('PUT', URL, {
      id,
      data: data({ name: 'Small group', nDancers: 5, price: 35.75, applyDiscount: false }),
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await rowOf(id)).toMatchObject({
      name: 'Small group',
      nDancers: 5,
      price: 3575,
      applyDiscount: false,
    });
    expect(await audited(t, s.companyA, 'private_tuition.updated')).toMatchObject([{ targetId: id }]);
  });

  it.each([
    ['no id', { data: {} }, messages.insufficientData],
    [
      'data without nDancers',
      { id: MISSING_ID, data: { yearTermID: MISSING_ID, name: 'X', price: 1, applyDiscount: true } },
      messages.insufficientData,
    ],
    [
      'data without applyDiscount',
      { id: MISSING_ID, data: { yearTermID: MISSING_ID, name: 'X', nDancers: 1, price: 1 } },
      messages.insufficientData,
    ],
    [
      'a malformed id',
      { id: 'bad', data: { yearTermID: MISSING_ID, name: 'X', nDancers: 1, price: 1, applyDiscount: true } },
      messages.invalidId,
    ],
  ])('refuses %s (400)', async (_label, payload, message) => {
    expect(await ownerA('PUT', URL, payload)).toMatchObject({ status: 400, body: [false, message] });
  });

  it("answers 404 for another studio's price and changes nothing", async () => {
    const res = await ownerA('PUT', URL, { id: idB, data: data({ name: 'Hijacked' }) });
    expect(res).toMatchObject({ status: 404, body: [false, tuitionPriceMessages.notFound] });
    expect(await rowOf(idB)).toMatchObject({ name: 'Trio' });
  });

  it('refuses a parent (403)', async () => {
    expect((await s.parent('PUT', URL, { id, data: data() })).status).toBe(403);
    expect((await s.parent('DELETE', `${URL}/${id}`)).status).toBe(403);
  });

  it("deletes: 400 for a malformed id, 404 for another studio's price, then the studio's own", async () => {
    expect((await ownerA('DELETE', `${URL}/123`)).status).toBe(400);
    expect((await ownerA('DELETE', `${URL}/${idB}`)).status).toBe(404);
    expect(await rowOf(idB)).toBeTruthy();
    const res = await ownerA('DELETE', `${URL}/${id}`);
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.deleteSuccessful }] });
    expect(await rowOf(id)).toBeUndefined();
    expect(await audited(t, s.companyA, 'private_tuition.deleted')).toMatchObject([{ targetId: id }]);
  });
});

describe('DELETE api/mystudio/tuition/privates/{id} of a price private lessons name', () => {
  it('refuses while a private lesson names it (422), changing nothing, then deletes', async () => {
    const r = await scheduleRecords(ownerA, s.termA.id);
    const privateId = await createdPrivate(ownerA, r);
    const refused = await ownerA('DELETE', `${URL}/${r.privatePriceId}`);
    expect(refused).toMatchObject({
      status: 422,
      body: [false, tuitionPriceMessages.privatePriceInUse('Solo · $70.00', 1)],
    });
    expect(refused.body[1]).toBe(
      'Solo · $70.00 is the price of 1 private lesson. Give it another price or delete it before deleting this price.',
    );
    expect(await rowOf(r.privatePriceId)).toBeTruthy();

    expect((await ownerA('DELETE', `/api/mystudio/privates/${privateId}`)).status).toBe(200);
    expect((await ownerA('DELETE', `${URL}/${r.privatePriceId}`)).status).toBe(200);
    expect(await rowOf(r.privatePriceId)).toBeUndefined();
  });
});
