import { messages, tuitionPriceMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { audited, type Caller, UNKNOWN_ID as MISSING_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { classes } from '../../db/schema/schedule';
import { classTuitions } from '../../db/schema/tuition';

const { t, s } = useTwoStudios();
let ownerA: Caller;
let otherTermA: string;

beforeAll(async () => {
  ownerA = s.ownerA;
  otherTermA = (
    await ownerA('POST', '/api/mystudio/yearTerms/new', {
      name: 'Summer 2027',
      dateStart: '2027-07-01',
      dateEnd: '2027-08-31',
    })
  ).body[1].id;
});

const URL = '/api/mystudio/tuition/classes';
const rowOf = async (id: string) =>
  (await t.database.db.select().from(classTuitions).where(eq(classTuitions.id, id)))[0];
const countRows = async () => (await t.database.db.select().from(classTuitions)).length;

describe('POST and GET api/mystudio/tuition/classes', () => {
  it('creates prices in dollars, keeps cents, and lists the current term’s by default', async () => {
    const res = await ownerA('POST', URL, {
      yearTermID: s.termA.id,
      duration: 60,
      price: 60,
      applyDiscount: false,
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.insertSuccessful }] });
    const id = res.body[1].id;
    expect(await rowOf(id)).toMatchObject({ companyId: s.companyA, yearTermId: s.termA.id, price: 6000 });
    // applyDiscount defaults to true.
    const second = await ownerA('POST', URL, { yearTermID: s.termA.id, duration: 45, price: 45.5 });
    expect(await rowOf(second.body[1].id)).toMatchObject({ price: 4550, applyDiscount: true });
    await ownerA('POST', URL, { yearTermID: otherTermA, duration: 90, price: 100000 });

    const list = await ownerA('GET', URL);
    expect(list.status).toBe(200);
    expect(list.body[1]).toEqual([
      { id: second.body[1].id, yearTermID: s.termA.id, duration: 45, price: 45.5, applyDiscount: true },
      { id, yearTermID: s.termA.id, duration: 60, price: 60, applyDiscount: false },
    ]);
    const summer = await ownerA('GET', `${URL}?yearTermID=${otherTermA}`);
    expect(summer.body[1]).toEqual([expect.objectContaining({ duration: 90, price: 100000 })]);
    expect(await audited(t, s.companyA, 'class_tuition.created')).toHaveLength(3);
    // Another studio sees none of them.
    expect((await s.ownerB('GET', URL)).body[1]).toEqual([]);
  });

  it.each([
    ['no body', undefined, messages.insufficientData],
    ['no yearTermID', { duration: 60, price: 60 }, messages.insufficientData],
    ['no duration', { yearTermID: MISSING_ID, price: 60 }, messages.insufficientData],
    ['no price', { yearTermID: MISSING_ID, duration: 60 }, messages.insufficientData],
    ['a price as text', { yearTermID: MISSING_ID, duration: 60, price: '' }, messages.insufficientData],
    [
      'applyDiscount not a flag',
      { yearTermID: MISSING_ID, duration: 60, price: 1, applyDiscount: 'yes' },
      messages.insufficientData,
    ],
    ['a malformed yearTermID', { yearTermID: 'abc', duration: 60, price: 60 }, messages.invalidId],
    [
      'a duration under 15',
      { yearTermID: MISSING_ID, duration: 10, price: 60 },
      tuitionPriceMessages.duration,
    ],
    [
      'a duration over 300',
      { yearTermID: MISSING_ID, duration: 301, price: 60 },
      tuitionPriceMessages.duration,
    ],
    [
      'a duration with a fraction',
      { yearTermID: MISSING_ID, duration: 60.5, price: 60 },
      tuitionPriceMessages.duration,
    ],
    [
      'a negative price',
      { yearTermID: MISSING_ID, duration: 60, price: -1 },
      tuitionPriceMessages.priceRange,
    ],
    [
      'a price over $100,000',
      { yearTermID: MISSING_ID, duration: 60, price: 100000.01 },
      tuitionPriceMessages.priceRange,
    ],
    [
      'a fraction of a cent',
      { yearTermID: MISSING_ID, duration: 60, price: 12.345 },
      tuitionPriceMessages.priceCents,
    ],
  ])('refuses %s (400) and writes nothing', async (_label, payload, message) => {
    const before = await countRows();
    expect(await ownerA('POST', URL, payload)).toMatchObject({ status: 400, body: [false, message] });
    expect(await countRows()).toBe(before);
  });

  it("answers 404 for another studio's year term, creating nothing", async () => {
    const before = await countRows();
    const res = await ownerA('POST', URL, { yearTermID: s.termB.id, duration: 60, price: 60 });
    expect(res).toMatchObject({ status: 404, body: [false, messages.yearTermNotFound] });
    expect(await countRows()).toBe(before);
    expect((await ownerA('GET', `${URL}?yearTermID=${s.termB.id}`)).status).toBe(404);
  });

  it('answers 400 for a malformed yearTermID in the query', async () => {
    expect(await ownerA('GET', `${URL}?yearTermID=nope`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it('refuses a parent (403)', async () => {
    expect((await s.parent('GET', URL)).status).toBe(403);
    expect((await s.parent('POST', URL, { yearTermID: s.termA.id, duration: 60, price: 60 })).status).toBe(
      403,
    );
  });
});

describe('PUT and DELETE api/mystudio/tuition/classes', () => {
  let id: string;
  let idB: string;
  beforeAll(async () => {
    id = (await ownerA('POST', URL, { yearTermID: s.termA.id, duration: 30, price: 40 })).body[1].id;
    idB = (await s.ownerB('POST', URL, { yearTermID: s.termB.id, duration: 30, price: 40 })).body[1].id;
  });
  const data = (over: Record<string, unknown> = {}) => ({
    yearTermID: s.termA.id,
    duration: 30,
    price: 40,
    applyDiscount: true,
    ...over,
  });

  it('changes a price, moving it to another term of the studio if asked', async () => {
    const res = await ownerA('PUT', URL, {
      id,
      data: data({ duration: 75, price: 72.25, applyDiscount: false, yearTermID: otherTermA }),
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await rowOf(id)).toMatchObject({
      duration: 75,
      price: 7225,
      applyDiscount: false,
      yearTermId: otherTermA,
    });
    expect(await audited(t, s.companyA, 'class_tuition.updated')).toMatchObject([{ targetId: id }]);
  });

  it.each([
    ['no id', { data: {} }, messages.insufficientData],
    ['no data', { id: MISSING_ID }, messages.insufficientData],
    [
      'data without applyDiscount',
      { id: MISSING_ID, data: { yearTermID: MISSING_ID, duration: 30, price: 1 } },
      messages.insufficientData,
    ],
    [
      'a malformed id',
      { id: 'x'.repeat(36), data: { yearTermID: MISSING_ID, duration: 30, price: 1, applyDiscount: true } },
      messages.invalidId,
    ],
    [
      'a bad duration',
      { id: MISSING_ID, data: { yearTermID: MISSING_ID, duration: 5, price: 1, applyDiscount: true } },
      tuitionPriceMessages.duration,
    ],
  ])('refuses %s (400)', async (_label, payload, message) => {
    expect(await ownerA('PUT', URL, payload)).toMatchObject({ status: 400, body: [false, message] });
  });

  it("answers 404 for another studio's price or term and changes nothing", async () => {
    const res = await ownerA('PUT', URL, { id: idB, data: data({ price: 1 }) });
    expect(res).toMatchObject({ status: 404, body: [false, tuitionPriceMessages.notFound] });
    expect(await rowOf(idB)).toMatchObject({ price: 4000 });
    const move = await ownerA('PUT', URL, { id, data: data({ yearTermID: s.termB.id }) });
    expect(move).toMatchObject({ status: 404, body: [false, messages.yearTermNotFound] });
    expect(await rowOf(id)).toMatchObject({ yearTermId: otherTermA });
  });

  it('refuses a parent (403)', async () => {
    expect((await s.parent('PUT', URL, { id, data: data() })).status).toBe(403);
    expect((await s.parent('DELETE', `${URL}/${id}`)).status).toBe(403);
  });

  it("deletes: 400 for a malformed id, 404 for another studio's price, then the studio's own", async () => {
    expect(await ownerA('DELETE', `${URL}/not-an-id`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect((await ownerA('DELETE', `${URL}/${idB}`)).status).toBe(404);
    expect(await rowOf(idB)).toBeTruthy();
    const res = await ownerA('DELETE', `${URL}/${id}`);
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.deleteSuccessful }] });
    expect(await rowOf(id)).toBeUndefined();
    expect(await audited(t, s.companyA, 'class_tuition.deleted')).toMatchObject([{ targetId: id }]);
    expect((await ownerA('DELETE', `${URL}/${id}`)).status).toBe(404);
  });
});

describe('DELETE api/mystudio/tuition/classes/{id} of a price classes name', () => {
  it('refuses while classes name it (422), changing nothing, then deletes', async () => {
    const r = await scheduleRecords(ownerA, s.termA.id);
    await insertClass(t.database.db, s.companyA, r);
    await insertClass(t.database.db, s.companyA, r, { day: 3 });
    const refused = await ownerA('DELETE', `${URL}/${r.classPriceId}`);
    expect(refused).toMatchObject({
      status: 422,
      body: [false, tuitionPriceMessages.classPriceInUse('60 min · $65.00', 2)],
    });
    expect(refused.body[1]).toBe(
      '60 min · $65.00 is the price of 2 classes. Give them another price or delete them before deleting this price.',
    );
    expect(await rowOf(r.classPriceId)).toBeTruthy();
    const deletions = await audited(t, s.companyA, 'class_tuition.deleted');
    expect(deletions.filter((e) => e.targetId === r.classPriceId)).toEqual([]);

    await t.database.db.delete(classes).where(eq(classes.priceId, r.classPriceId));
    expect((await ownerA('DELETE', `${URL}/${r.classPriceId}`)).status).toBe(200);
    expect(await rowOf(r.classPriceId)).toBeUndefined();
  });
});
