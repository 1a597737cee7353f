import { messages, yearTermMessages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audited, type Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { yearTerms } from '../../db/schema/companies';
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

describe('POST api/mystudio/yearTerms/new', () => {
  it('creates the term and its three plans with their options, in one go, and audits it', async () => {
    const res = await newTerm({
      name: 'Summer 2027',
      dateStart: '2027-07-01',
      dateEnd: '2027-08-15',
      notes: ' Camp ',
    });
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual({ id: expect.any(String), msg: messages.insertSuccessful });
    const id = res.body[1].id;
    expect(await termOf(id)).toMatchObject({
      companyId: s.companyA,
      name: 'Summer 2027',
      dateStart: '2027-07-01',
      dateEnd: '2027-08-15',
      notes: 'Camp',
      isCurrent: false,
    });
    const plans = await plansOf(id);
    expect(plans.map((p) => [p.name, p.isDefault, p.nPays, p.discount])).toEqual([
      ['Monthly', true, 2, 0],
      ['Half year', false, 2, 0.05],
      ['Full year', false, 1, 0.1],
    ]);
    expect(plans.map((p) => p.options.map((o) => [o.name, o.dateStart, o.dateEnd, o.due]))).toEqual([
      [
        ['July 2027', '2027-07-01', '2027-07-31', 1],
        ['August 2027', '2027-08-01', '2027-08-15', 1],
      ],
      [
        ['First half', '2027-07-01', '2027-07-31', 1],
        ['Second half', '2027-08-01', '2027-08-15', 1],
      ],
      [['Full year', '2027-07-01', '2027-08-15', 1]],
    ]);
    expect(await audited(t, s.companyA, 'year_term.created')).toMatchObject([{ targetId: id }]);
    const list = (await ownerA('GET', '/api/mystudio/yearTerms')).body[1];
    expect(list.map((x: { name: string }) => x.name)).toContain('Summer 2027');
  });

  it('gives a September–June season ten monthly payments and halves split at January 1st', async () => {
    const res = await newTerm({ name: '2027-2028', dateStart: '2027-09-01', dateEnd: '2028-06-30' });
    expect(res.status).toBe(200);
    const [monthly, half, full] = await plansOf(res.body[1].id);
    expect(monthly!.options).toHaveLength(10);
    expect(half!.options.map((o) => [o.dateStart, o.dateEnd])).toEqual([
      ['2027-09-01', '2027-12-31'],
      ['2028-01-01', '2028-06-30'],
    ]);
    expect(full!.options).toHaveLength(1);
    expect((await termOf(res.body[1].id))!.notes).toBe('');
  });

  it('allows overlapping terms and a term of exactly 24 months', async () => {
    expect(
      (await newTerm({ name: 'Fall workshop', dateStart: '2026-10-01', dateEnd: '2026-10-31' })).status,
    ).toBe(200);
    expect(
      (await newTerm({ name: 'Two seasons', dateStart: '2027-09-01', dateEnd: '2029-08-31' })).status,
    ).toBe(200);
  });

  it.each([
    ['no body', undefined, messages.insufficientData],
    ['no name', { dateStart: '2027-09-01', dateEnd: '2028-06-30' }, messages.insufficientData],
    [
      'a blank name',
      { name: '  ', dateStart: '2027-09-01', dateEnd: '2028-06-30' },
      messages.insufficientData,
    ],
    ['no start', { name: 'X', dateEnd: '2028-06-30' }, messages.insufficientData],
    ['no end', { name: 'X', dateStart: '2027-09-01', dateEnd: '' }, messages.insufficientData],
    [
      'a date that does not exist',
      { name: 'X', dateStart: '2027-02-30', dateEnd: '2028-06-30' },
      yearTermMessages.dateInvalid,
    ],
    [
      'a date in another format',
      { name: 'X', dateStart: '09/01/2027', dateEnd: '2028-06-30' },
      yearTermMessages.dateInvalid,
    ],
    [
      'an end before the start',
      { name: 'X', dateStart: '2027-09-01', dateEnd: '2027-08-31' },
      yearTermMessages.endNotAfterStart,
    ],
    [
      'an end on the start',
      { name: 'X', dateStart: '2027-09-01', dateEnd: '2027-09-01' },
      yearTermMessages.endNotAfterStart,
    ],
    [
      'more than 24 months',
      { name: 'X', dateStart: '2027-09-01', dateEnd: '2029-09-01' },
      yearTermMessages.tooLong,
    ],
  ])('refuses %s', async (_label, payload, message) => {
    const before = await db().select().from(yearTerms);
    const res = await newTerm(payload);
    expect(res).toMatchObject({ status: 400, body: [false, message] });
    expect(await db().select().from(yearTerms)).toHaveLength(before.length);
  });

  it('refuses a name the studio already uses, whatever its case (409), but not another studio’s', async () => {
    const res = await newTerm({ name: ' 2026-2027 ', dateStart: '2028-09-01', dateEnd: '2029-06-30' });
    expect(res).toMatchObject({ status: 409, body: [false, yearTermMessages.nameTaken] });
    const again = await newTerm({ name: 'summer 2027', dateStart: '2028-07-01', dateEnd: '2028-08-15' });
    expect(again.status).toBe(409);
    const inB = await newTerm(
      { name: 'Summer 2027', dateStart: '2027-07-01', dateEnd: '2027-08-15' },
      s.ownerB,
    );
    expect(inB.status).toBe(200);
  });

  it('refuses a parent (403)', async () => {
    const res = await newTerm(
      { name: 'Parent term', dateStart: '2027-09-01', dateEnd: '2028-06-30' },
      s.parent,
    );
    expect(res).toMatchObject({ status: 403, body: [false, messages.forbidden] });
  });
});

describe('PUT api/mystudio/yearTerms/set/{id}', () => {
  it('makes a term current, after which the old current one may be deleted', async () => {
    const id = (await newTerm({ name: 'Next season', dateStart: '2036-09-01', dateEnd: '2037-06-30' }))
      .body[1].id;
    expect((await ownerA('PUT', `/api/mystudio/yearTerms/set/${id}`)).body[1]).toMatchObject({
      id,
      isCurrent: true,
    });
    const current = await db()
      .select()
      .from(yearTerms)
      .where(and(eq(yearTerms.companyId, s.companyA), eq(yearTerms.isCurrent, true)));
    expect(current.map((x) => x.id)).toEqual([id]);
    expect((await ownerA('PUT', `/api/mystudio/yearTerms/set/${s.termA.id}`)).status).toBe(200);
  });

  it('answers 400 for a malformed id, 404 for another studio’s term, 403 for a parent', async () => {
    expect((await ownerA('PUT', '/api/mystudio/yearTerms/set/xyz')).status).toBe(400);
    expect((await ownerA('PUT', `/api/mystudio/yearTerms/set/${s.termB.id}`)).status).toBe(404);
    expect((await termOf(s.termB.id))!.isCurrent).toBe(true);
    expect((await s.parent('PUT', `/api/mystudio/yearTerms/set/${s.termA.id}`)).status).toBe(403);
  });
});
