import { messages, yearTermMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createdPrivate, insertClass, scheduleRecords } from '../../../test/schedule-records';
import { audited, type Caller, UNKNOWN_ID as MISSING_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { classes } from '../../db/schema/schedule';
import { classTuitions, paymentPlans, privateTuitions } from '../../db/schema/tuition';
import { yearTermHelpers } from './year-terms.fixture';

const { t, s } = useTwoStudios();
let ownerA: Caller;

beforeAll(async () => {
  ownerA = s.ownerA;
});

const { db, plansOf, newTerm, termOf } = yearTermHelpers(
  () => t,
  () => ownerA,
);

describe('PUT api/mystudio/yearTerms', () => {
  let id: string;
  beforeAll(async () => {
    id = (await newTerm({ name: 'Edit me', dateStart: '2030-09-01', dateEnd: '2031-06-30' })).body[1].id;
  });
  const edit = (payload: unknown, caller: Caller = ownerA) =>
    caller('PUT', '/api/mystudio/yearTerms', payload);
  const data = (over: Record<string, unknown> = {}) => ({
    name: 'Edit me',
    dateStart: '2030-09-01',
    dateEnd: '2031-06-30',
    notes: '',
    ...over,
  });

  it('changes name and notes and leaves the payment system alone', async () => {
    const before = await plansOf(id);
    const res = await edit({ id, data: data({ name: 'Edited', notes: 'Recital in June' }) });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await termOf(id)).toMatchObject({ name: 'Edited', notes: 'Recital in June' });
    expect(await plansOf(id)).toEqual(before);
    expect(await audited(t, s.companyA, 'year_term.updated')).toMatchObject([
      { targetId: id, detail: { datesChanged: false } },
    ]);
  });

  it('rebuilds the payment system from new dates, keeping the owner’s discounts and due days by name', async () => {
    const [, half] = await plansOf(id);
    const monthlyOptions = (await plansOf(id))[0]!.options;
    const october = monthlyOptions.find((o) => o.name === 'October 2030')!;
    const secondHalf = half!.options[1]!;
    expect(
      (await ownerA('PUT', `/api/mystudio/paymentSystem/plan/${half!.id}`, { discount: 0.07 })).status,
    ).toBe(200);
    expect(
      (await ownerA('PUT', `/api/mystudio/paymentSystem/option/${october.id}`, { dayPaymentDue: 15 })).status,
    ).toBe(200);
    expect(
      (await ownerA('PUT', `/api/mystudio/paymentSystem/option/${secondHalf.id}`, { dayPaymentDue: 10 }))
        .status,
    ).toBe(200);

    const res = await edit({ id, data: data({ name: 'Edited', dateEnd: '2031-07-31' }) });
    expect(res.status).toBe(200);
    const [monthly, newHalf, full] = await plansOf(id);
    expect(monthly!.options).toHaveLength(11);
    expect(monthly!.options.map((o) => [o.name, o.due])).toContainEqual(['October 2030', 15]);
    expect(monthly!.options.map((o) => [o.name, o.due])).toContainEqual(['July 2031', 1]);
    expect(newHalf).toMatchObject({ discount: 0.07 });
    expect(newHalf!.options.map((o) => [o.name, o.dateStart, o.dateEnd, o.due])).toEqual([
      ['First half', '2030-09-01', '2030-12-31', 1],
      ['Second half', '2031-01-01', '2031-07-31', 10],
    ]);
    expect(full).toMatchObject({ discount: 0.1, options: [{ dateEnd: '2031-07-31' }] });
    expect(monthly!.options.map((o) => o.id)).not.toContain(october.id);
    const [entry] = (await audited(t, s.companyA, 'year_term.updated')).filter((a) => a.detail.datesChanged);
    expect(entry).toMatchObject({ detail: { datesChanged: true, keptDiscounts: 1, keptDueDays: 2 } });
  });

  it('lets a term keep its own name in another case', async () => {
    expect((await edit({ id, data: data({ name: 'EDITED', dateEnd: '2031-07-31' }) })).status).toBe(200);
  });

  it.each([
    ['no id', { data: {} }, messages.insufficientData],
    ['no data', { id: MISSING_ID }, messages.insufficientData],
    [
      'no name',
      { id: MISSING_ID, data: { dateStart: '2030-09-01', dateEnd: '2031-06-30' } },
      messages.insufficientData,
    ],
    ['no start', { id: MISSING_ID, data: { name: 'X', dateEnd: '2031-06-30' } }, messages.insufficientData],
    [
      'a malformed id',
      { id: 'nope', data: { name: 'X', dateStart: '2030-09-01', dateEnd: '2031-06-30' } },
      messages.invalidId,
    ],
    [
      'an end before the start',
      { id: MISSING_ID, data: { name: 'X', dateStart: '2030-09-01', dateEnd: '2030-01-01' } },
      yearTermMessages.endNotAfterStart,
    ],
    [
      'more than 24 months',
      { id: MISSING_ID, data: { name: 'X', dateStart: '2030-09-01', dateEnd: '2033-06-30' } },
      yearTermMessages.tooLong,
    ],
  ])('refuses %s (400)', async (_label, payload, message) => {
    expect(await edit(payload)).toMatchObject({ status: 400, body: [false, message] });
  });

  it('refuses another term’s name (409) and changes nothing', async () => {
    const res = await edit({ id, data: data({ name: '2026-2027' }) });
    expect(res).toMatchObject({ status: 409, body: [false, yearTermMessages.nameTaken] });
    expect((await termOf(id))!.name).toBe('EDITED');
  });

  it("answers 404 for another studio's term and leaves it as it was", async () => {
    const before = await termOf(s.termB.id);
    const plansBefore = await plansOf(s.termB.id);
    const res = await edit({ id: s.termB.id, data: data({ name: 'Hijacked', dateEnd: '2031-01-31' }) });
    expect(res).toMatchObject({ status: 404, body: [false, messages.yearTermNotFound] });
    expect(await termOf(s.termB.id)).toEqual(before);
    expect(await plansOf(s.termB.id)).toEqual(plansBefore);
  });

  it('refuses a parent (403)', async () => {
    expect((await edit({ id, data: data() }, s.parent)).status).toBe(403);
  });
});

describe('DELETE api/mystudio/yearTerms/{id}', () => {
  const remove = (id: string, caller: Caller = ownerA) => caller('DELETE', `/api/mystudio/yearTerms/${id}`);

  it("refuses the studio's current term (422) with what to do instead", async () => {
    const res = await remove(s.termA.id);
    expect(res).toMatchObject({ status: 422, body: [false, yearTermMessages.deleteCurrent] });
    expect(await termOf(s.termA.id)).toBeTruthy();
  });

  it('deletes a term with its tuition prices and payment plans, and audits it', async () => {
    const id = (await newTerm({ name: 'Short lived', dateStart: '2032-09-01', dateEnd: '2033-06-30' }))
      .body[1].id;
    await ownerA('POST', '/api/mystudio/tuition/classes', { yearTermID: id, duration: 60, price: 60 });
    await ownerA('POST', '/api/mystudio/tuition/privates', { yearTermID: id, name: 'Solo', price: 80 });
    const res = await remove(id);
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.deleteSuccessful }] });
    expect(await termOf(id)).toBeUndefined();
    expect(await db().select().from(paymentPlans).where(eq(paymentPlans.yearTermId, id))).toEqual([]);
    expect(await db().select().from(classTuitions).where(eq(classTuitions.yearTermId, id))).toEqual([]);
    expect(await db().select().from(privateTuitions).where(eq(privateTuitions.yearTermId, id))).toEqual([]);
    expect(await audited(t, s.companyA, 'year_term.deleted')).toMatchObject([{ targetId: id }]);
  });

  it('answers 400 for a malformed id', async () => {
    expect(await remove('12345')).toMatchObject({ status: 400, body: [false, messages.invalidId] });
  });

  it("answers 404 for another studio's term, or one that does not exist, and deletes nothing", async () => {
    const id = (await newTerm({ name: 'B spare', dateStart: '2032-09-01', dateEnd: '2033-06-30' }, s.ownerB))
      .body[1].id;
    expect(await remove(id)).toMatchObject({ status: 404, body: [false, messages.yearTermNotFound] });
    expect(await remove(MISSING_ID)).toMatchObject({ status: 404 });
    expect(await termOf(id)).toBeTruthy();
    expect(await db().select().from(paymentPlans).where(eq(paymentPlans.yearTermId, id))).toHaveLength(3);
  });

  it('refuses a parent (403)', async () => {
    const id = (await newTerm({ name: 'Parent cannot', dateStart: '2034-09-01', dateEnd: '2035-06-30' }))
      .body[1].id;
    expect((await remove(id, s.parent)).status).toBe(403);
    expect(await termOf(id)).toBeTruthy();
  });
});

describe('DELETE api/mystudio/yearTerms/{id} of a term the schedule holds', () => {
  it('refuses while it has classes or private lessons (422), changing nothing, then deletes', async () => {
    const id = (await newTerm({ name: 'Busy term', dateStart: '2040-09-01', dateEnd: '2041-06-30' })).body[1]
      .id;
    const r = await scheduleRecords(ownerA, id);
    const classIds = [
      await insertClass(db(), s.companyA, r),
      await insertClass(db(), s.companyA, r, { day: 1 }),
    ];
    const privateId = await createdPrivate(ownerA, r);
    const remove = () => ownerA('DELETE', `/api/mystudio/yearTerms/${id}`);
    const refused = await remove();
    expect(refused).toMatchObject({ status: 422, body: [false, yearTermMessages.inUse('Busy term', 2, 1)] });
    expect(refused.body[1]).toBe(
      'Busy term has 2 classes and 1 private lesson. Move or delete them before deleting the year term.',
    );
    expect(await termOf(id)).toBeTruthy();
    expect(await plansOf(id)).toHaveLength(3);
    expect(await db().select().from(classTuitions).where(eq(classTuitions.yearTermId, id))).toHaveLength(1);

    await db().delete(classes).where(eq(classes.yearTermId, id));
    expect((await remove()).body).toEqual([false, yearTermMessages.inUse('Busy term', 0, 1)]);
    expect((await ownerA('DELETE', `/api/mystudio/privates/${privateId}`)).status).toBe(200);
    // A class of another term that names one of this term's prices holds it too.
    await insertClass(db(), s.companyA, r, { yearTermId: s.termA.id });
    expect((await remove()).body).toEqual([false, yearTermMessages.inUse('Busy term', 1, 0)]);
    await db().delete(classes).where(eq(classes.priceId, r.classPriceId));
    expect(await remove()).toMatchObject({ status: 200, body: [true, { msg: messages.deleteSuccessful }] });
    expect(await termOf(id)).toBeUndefined();
    expect(classIds).toHaveLength(2);
  });
});
