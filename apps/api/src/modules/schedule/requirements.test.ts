import { messages, scheduleMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { targetAuditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { classRequirements } from '../../db/schema/schedule';
import { CLASS, classRow, createClass, freeSlot, type StudioSetting, setUpBoth } from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;
let classB: string;

beforeAll(async () => {
  ({ A, B } = await setUpBoth(s));
  classB = await createClass(B, freeSlot());
});

const url = (classId: string) => `${CLASS}/${classId}/otherRequirement`;
const requirementsOf = (classId: string) =>
  t.database.db.select().from(classRequirements).where(eq(classRequirements.classId, classId));
const add = (classId: string, body: Record<string, unknown>, who = s.a) => who.post(url(classId), body);
const setMin = (classId: string, minGenreRequired: unknown, who = s.a) =>
  who.put(`${CLASS}/${classId}/minGenreRequired`, { minGenreRequired });

describe('POST api/mystudio/schedule/class/{id}/otherRequirement', () => {
  it('adds a requirement, once per genre and level, audited', async () => {
    const id = await createClass(A, freeSlot());
    const res = await add(id, { genreID: A.genres[0], levelID: 3, isRequired: 0 });
    expect(res).toEqual(
      expect.objectContaining({
        status: 200,
        body: [true, { otherReqID: expect.any(String), msg: messages.insertSuccessful, minGenreRequired: 0 }],
      }),
    );
    expect(await requirementsOf(id)).toEqual([
      expect.objectContaining({
        id: res.body[1].otherReqID,
        genreId: A.genres[0],
        level: 3,
        isRequired: false,
      }),
    ]);
    expect(await targetAuditCount(t, 'class.requirement.add', id)).toBe(1);
    expect(await add(id, { genreID: A.genres[0], levelID: 3, isRequired: true })).toMatchObject({
      status: 409,
      body: [false, 'Selected requirement is already assigned to this class.'],
    });
    expect((await add(id, { genreID: A.genres[0], levelID: 4 })).status).toBe(200);
    expect(await requirementsOf(id)).toHaveLength(2);
  });

  it('answers the duplicate message to one of two identical requests sent at once', async () => {
    const id = await createClass(A, freeSlot());
    const body = { genreID: A.genres[1], levelID: 1 };
    const both = await Promise.all([add(id, body), add(id, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body).toEqual([false, scheduleMessages.requirementExists]);
  });

  it.each<[string, Record<string, unknown> | null]>([
    ['a malformed genre id', { genreID: 'ballet', levelID: 1 }],
    ['a genre id of 35 characters', { genreID: UNKNOWN_ID.slice(1), levelID: 1 }],
    ['no genre', { levelID: 1 }],
    ['a genre that is a number', { genreID: 7, levelID: 1 }],
    ['no level', { genreID: UNKNOWN_ID }],
    ['level 0', { genreID: UNKNOWN_ID, levelID: 0 }],
    ['level 8', { genreID: UNKNOWN_ID, levelID: 8 }],
    ['a level that is a word', { genreID: UNKNOWN_ID, levelID: 'Advanced' }],
    ['no body fields', {}],
  ])("refuses %s: 'invalid entries'", async (_, body) => {
    const id = await createClass(A, freeSlot());
    expect(await add(id, body ?? {})).toMatchObject({ status: 400, body: [false, 'invalid entries'] });
    expect(await requirementsOf(id)).toEqual([]);
  });

  it("answers 404 for another studio's class or genre and writes nothing", async () => {
    const id = await createClass(A, freeSlot());
    expect(await add(id, { genreID: B.genres[0], levelID: 1 })).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.genreNotFound],
    });
    expect(await add(classB, { genreID: A.genres[0], levelID: 1 })).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.classNotFound],
    });
    expect(await add(classB, { genreID: B.genres[0], levelID: 1 })).toMatchObject({ status: 404 });
    expect(await requirementsOf(id)).toEqual([]);
    expect(await requirementsOf(classB)).toEqual([]);
  });
});

describe('PUT and DELETE api/mystudio/schedule/class/{id}/otherRequirement', () => {
  it('edits a requirement; a duplicate of another is refused with its message', async () => {
    const id = await createClass(A, freeSlot());
    const first = (await add(id, { genreID: A.genres[0], levelID: 1 })).body[1].otherReqID;
    const second = (await add(id, { genreID: A.genres[1], levelID: 1 })).body[1].otherReqID;
    const edit = (body: Record<string, unknown>) => s.a.put(url(id), body);
    expect(await edit({ otherReqID: second, genreID: A.genres[1], levelID: 2, isRequired: false })).toEqual(
      expect.objectContaining({
        status: 200,
        body: [true, { msg: messages.updateSuccessful, minGenreRequired: 1 }],
      }),
    );
    expect((await requirementsOf(id)).find((r) => r.id === second)).toMatchObject({
      level: 2,
      isRequired: false,
    });
    // Unchanged genre and level: not a duplicate of itself.
    expect(
      (await edit({ otherReqID: first, genreID: A.genres[0], levelID: 1, isRequired: true })).status,
    ).toBe(200);
    expect(await edit({ otherReqID: first, genreID: A.genres[1], levelID: 2 })).toMatchObject({
      status: 409,
      body: [false, 'The updated requirement is already assigned to this class.'],
    });
    expect(await edit({ otherReqID: 'first', genreID: A.genres[1], levelID: 2 })).toMatchObject({
      status: 400,
      body: [false, 'invalid entries'],
    });
    expect((await requirementsOf(id)).find((r) => r.id === first)).toMatchObject({
      genreId: A.genres[0],
      level: 1,
    });
    expect(await targetAuditCount(t, 'class.requirement.update', id)).toBe(2);
  });

  it('deletes a requirement, audited; a second time is 404', async () => {
    const id = await createClass(A, freeSlot());
    const req = (await add(id, { genreID: A.genres[0], levelID: 1 })).body[1].otherReqID;
    expect(await s.a.del(`${url(id)}/${req}`)).toEqual(
      expect.objectContaining({
        status: 200,
        body: [true, { msg: messages.deleteSuccessful, minGenreRequired: 0 }],
      }),
    );
    expect(await requirementsOf(id)).toEqual([]);
    expect(await targetAuditCount(t, 'class.requirement.delete', id)).toBe(1);
    expect(await s.a.del(`${url(id)}/${req}`)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.requirementNotFound],
    });
  });

  it("answers 404 for another studio's requirement or class and changes nothing", async () => {
    const ours = await createClass(A, freeSlot());
    const theirs = (await add(classB, { genreID: B.genres[0], levelID: 5 }, s.b)).body[1].otherReqID;
    const hijack = { otherReqID: theirs, genreID: A.genres[0], levelID: 1 };
    expect(await s.a.put(url(ours), hijack)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.requirementNotFound],
    });
    expect(await s.a.put(url(classB), hijack)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.classNotFound],
    });
    for (const path of [`${url(classB)}/${theirs}`, `${url(ours)}/${theirs}`]) {
      expect((await s.a.del(path)).status).toBe(404);
    }
    expect(await requirementsOf(classB)).toEqual([expect.objectContaining({ id: theirs, level: 5 })]);
  });
});

describe('PUT api/mystudio/schedule/class/{id}/minGenreRequired', () => {
  it('keeps the value clamped into the range of the requirements, whenever they change', async () => {
    const id = await createClass(A, freeSlot());
    const kept = async () => (await classRow(t, id))?.minGenreRequired;
    expect(await setMin(id, 5)).toEqual(
      expect.objectContaining({
        status: 200,
        body: [true, { msg: messages.updateSuccessful, minGenreRequired: 0 }],
      }),
    );
    expect(await kept()).toBe(0);
    const required = (body: Record<string, unknown>) => add(id, { genreID: A.genres[0], ...body });
    // R=1, O=0: 1..1
    expect((await required({ levelID: 1 })).body[1].minGenreRequired).toBe(1);
    // R=1, O=1: 1..1
    const optional = (levelID: number) => add(id, { genreID: A.genres[1], levelID, isRequired: false });
    expect((await optional(1)).body[1].minGenreRequired).toBe(1);
    // R=1, O=2: 2..2
    expect((await optional(2)).body[1].minGenreRequired).toBe(2);
    const last = (await optional(3)).body[1];
    await optional(4);
    await optional(5);
    // R=1, O=5: 2..5
    expect((await setMin(id, 9)).body[1].minGenreRequired).toBe(5);
    expect((await setMin(id, 3)).body[1].minGenreRequired).toBe(3);
    expect((await setMin(id, 0)).body[1].minGenreRequired).toBe(2);
    expect(await kept()).toBe(2);
    // One optional becomes required: R=2, O=4: 3..5
    const made = await s.a.put(url(id), { otherReqID: last.otherReqID, genreID: A.genres[1], levelID: 3 });
    expect(made.body[1].minGenreRequired).toBe(3);
    expect(await kept()).toBe(3);
    expect((await setMin(id, 5)).body[1].minGenreRequired).toBe(5);
    // Down to R=2, O=1: 2..2
    for (const r of (await requirementsOf(id)).filter((x) => !x.isRequired).slice(0, 3)) {
      await s.a.del(`${url(id)}/${r.id}`);
    }
    expect(await kept()).toBe(2);
    expect((await s.a.get(`${CLASS}/info/${id}`)).body[1]).toMatchObject({
      minGenreRequired: 2,
      minGenre: { min: 2, max: 2 },
    });
    expect(await targetAuditCount(t, 'class.min_genre.update', id)).toBe(5);
  });

  it.each<[unknown, string]>([
    [-1, messages.invalidInput],
    [1.5, messages.invalidInput],
    ['2', messages.insufficientData],
    [undefined, messages.insufficientData],
  ])('refuses %j with 400', async (value, message) => {
    const id = await createClass(A, freeSlot());
    expect(await setMin(id, value)).toMatchObject({ status: 400, body: [false, message] });
  });

  it("answers 404 for another studio's class and changes nothing", async () => {
    const before = await classRow(t, classB);
    expect(await setMin(classB, 3)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.classNotFound],
    });
    expect(await setMin(UNKNOWN_ID, 3)).toMatchObject({ status: 404 });
    expect(await classRow(t, classB)).toEqual(before);
  });
});
