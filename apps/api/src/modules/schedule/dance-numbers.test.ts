import { ACTIVITY_STEP_FLAGS, messages, scheduleMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { targetAuditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import {
  addNumber,
  CLASS,
  countsOf,
  createClass,
  enrol,
  freeSlot,
  numberBody,
  retiredGenre,
  SCHEDULE,
  type StudioSetting,
  setUpBoth,
} from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;
let classB: string;
let numberB: { id: string; dncNumAct: { dncNumActID: string }[] };

beforeAll(async () => {
  ({ A, B } = await setUpBoth(s));
  classB = await createClass(B, freeSlot());
  await enrol(t, B, classB);
  numberB = await addNumber(B, classB);
});

const NUMBER = `${CLASS}/danceNumber`;
const numberRow = async (id: string) =>
  (await t.database.db.select().from(danceNumbers).where(eq(danceNumbers.id, id)))[0] ?? null;
const activityOf = (danceNumberId: string) =>
  t.database.db
    .select()
    .from(danceNumberActivity)
    .where(eq(danceNumberActivity.danceNumberId, danceNumberId));

describe('POST api/mystudio/schedule/class/danceNumber', () => {
  it('adds a number with activity for each student still in the class, audited', async () => {
    const id = await createClass(A, freeSlot());
    const ava = await enrol(t, A, id, { firstName: 'Ava', lastName: 'Adams' });
    const new1 = await enrol(t, A, id, { firstName: 'Bo', lastName: 'Brown', iStatus: 1 });
    await enrol(t, A, id, { firstName: 'Cy', lastName: 'Dropped', iStatus: -1, isDropped: true });
    await enrol(t, A, id, { firstName: 'Di', lastName: 'Removed', iStatus: -2 });
    const res = await s.a.post(NUMBER, { clSchID: id, ...numberBody(A, { costume: 0 }) });
    expect(res.status).toBe(200);
    const { id: numberId, dncNumAct, msg } = res.body[1];
    expect(msg).toBe(messages.insertSuccessful);
    expect(dncNumAct).toEqual([
      {
        dncNumActID: expect.any(String),
        dncNumID: numberId,
        clsRegID: ava.id,
        studentName: 'Ava Adams',
        dncNumActive: 1,
        dncNumCompetition: 1,
        dncNumRecital: 1,
        dncNumCostume: 1,
      },
      expect.objectContaining({ clsRegID: new1.id, studentName: 'Bo Brown' }),
    ]);
    expect(await activityOf(numberId)).toHaveLength(2);
    expect(await numberRow(numberId)).toMatchObject({
      classId: id,
      companyId: A.companyId,
      songLength: 225,
      costume: false,
    });
    expect(await targetAuditCount(t, 'dance_number.create', numberId)).toBe(1);
  });

  it('takes 2:00 and a costume when they are not sent', async () => {
    const id = await createClass(A, freeSlot());
    const { id: numberId, dncNumAct } = await addNumber(A, id, { songLength: undefined, costume: undefined });
    expect(dncNumAct).toEqual([]);
    expect(await numberRow(numberId)).toMatchObject({ songLength: 120, costume: true });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['without a name', { name: '' }, 400, messages.insufficientData],
    ['without a genre', { genreID: undefined }, 400, messages.insufficientData],
    ['with a song length that is not one', { songLength: '2m' }, 400, scheduleMessages.songLength],
    ['with a malformed class id', { clSchID: 'abc' }, 400, messages.invalidId],
    ["of another studio's class", { clSchID: 'B' }, 404, scheduleMessages.classNotFound],
    ["with another studio's genre", { genreID: 'B' }, 404, scheduleMessages.genreNotFound],
  ])('refuses a number %s, and writes nothing', async (_, over, status, message) => {
    const id = await createClass(A, freeSlot());
    const body = { clSchID: id, ...numberBody(A), ...over };
    if (body.clSchID === 'B') body.clSchID = classB;
    if (body.genreID === 'B') body.genreID = B.genres[0];
    const before = [await countsOf(t, A.companyId), await countsOf(t, B.companyId)];
    expect(await s.a.post(NUMBER, body)).toMatchObject({ status, body: [false, message] });
    expect([await countsOf(t, A.companyId), await countsOf(t, B.companyId)]).toEqual(before);
  });

  it('refuses a retired genre with 422', async () => {
    const id = await createClass(A, freeSlot());
    const genreID = await retiredGenre(A, 'Clogging');
    expect(await s.a.post(NUMBER, { clSchID: id, ...numberBody(A, { genreID }) })).toMatchObject({
      status: 422,
      body: [false, scheduleMessages.genreRetired],
    });
  });
});

describe('PUT api/mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID}', () => {
  it('edits the number, audited; a genre retired since it was chosen may stay', async () => {
    const id = await createClass(A, freeSlot());
    const old = await retiredGenre(A, 'Charleston');
    // Chosen while still offered, retired since.
    await s.a.put(`/api/mystudio/genres/${old}/restore`);
    const { id: numberId } = await addNumber(A, id, { genreID: old });
    await s.a.put(`/api/mystudio/genres/${old}/retire`);
    const url = `${NUMBER}/${id}/${numberId}`;
    const edit = numberBody(A, { name: 'Swing', genreID: old, songLength: '2:30', costume: false });
    expect(await s.a.put(url, edit)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful }],
    });
    expect(await numberRow(numberId)).toMatchObject({ name: 'Swing', songLength: 150, costume: false });
    expect(await targetAuditCount(t, 'dance_number.update', numberId)).toBe(1);
    const other = await retiredGenre(A, 'Polka');
    expect(await s.a.put(url, numberBody(A, { genreID: other }))).toMatchObject({
      status: 422,
      body: [false, scheduleMessages.genreRetired],
    });
    expect(await s.a.put(url, numberBody(A, { name: ' ' }))).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await numberRow(numberId)).toMatchObject({ name: 'Swing', genreId: old });
  });

  it('answers 404 for a number of another class or studio, and changes nothing', async () => {
    const id = await createClass(A, freeSlot());
    const other = await createClass(A, freeSlot());
    const { id: numberId } = await addNumber(A, other);
    for (const url of [
      `${NUMBER}/${id}/${numberId}`,
      `${NUMBER}/${classB}/${numberB.id}`,
      `${NUMBER}/${id}/${numberB.id}`,
    ]) {
      expect(await s.a.put(url, numberBody(A, { name: 'Hijacked' }))).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.danceNumberNotFound],
      });
    }
    expect((await numberRow(numberB.id))?.name).toBe('Waltz of the Flowers');
  });
});

describe('DELETE api/mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID}/{count}', () => {
  it('deletes the number and its activity only when the registrations seen are still there', async () => {
    const id = await createClass(A, freeSlot());
    const doomed = await addNumber(A, id);
    const kept = await addNumber(A, id, { name: 'Kept' });
    await enrol(t, A, id);
    await enrol(t, A, id);
    // A dropped dancer is not one the owner sees (the class shows 2): the count leaves them out.
    await enrol(t, A, id, { iStatus: -1, isDropped: true });
    expect(await activityOf(doomed.id)).toHaveLength(3);
    for (const count of [1, 3]) {
      expect(await s.a.del(`${NUMBER}/${id}/${doomed.id}/${count}`)).toMatchObject({
        status: 409,
        body: [false, scheduleMessages.registrationsChanged],
      });
    }
    expect(await numberRow(doomed.id)).not.toBeNull();
    expect(await s.a.del(`${NUMBER}/${id}/${doomed.id}/2`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await numberRow(doomed.id)).toBeNull();
    expect(await activityOf(doomed.id)).toEqual([]);
    expect(await activityOf(kept.id)).toHaveLength(3);
    expect(await targetAuditCount(t, 'dance_number.delete', doomed.id)).toBe(1);
  });

  it('takes 1 for a class without registrations, and refuses 0', async () => {
    const id = await createClass(A, freeSlot());
    const { id: numberId } = await addNumber(A, id);
    expect(await s.a.del(`${NUMBER}/${id}/${numberId}/0`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidInput],
    });
    expect((await s.a.del(`${NUMBER}/${id}/${numberId}/1`)).status).toBe(200);
    expect(await s.a.del(`${NUMBER}/${id}/${numberId}/1`)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.danceNumberNotFound],
    });
  });

  it("answers 404 for another studio's number and deletes nothing", async () => {
    const id = await createClass(A, freeSlot());
    for (const url of [`${NUMBER}/${classB}/${numberB.id}/1`, `${NUMBER}/${id}/${numberB.id}/1`]) {
      expect((await s.a.del(url)).status).toBe(404);
    }
    expect(await s.a.del(`${NUMBER}/${classB}/${numberB.id}/1`)).toMatchObject({
      body: [false, scheduleMessages.classNotFound],
    });
    expect(await numberRow(numberB.id)).not.toBeNull();
    expect(await activityOf(numberB.id)).toHaveLength(1);
  });
});

describe('PUT api/mystudio/schedule/class/danceNumberActivity/{dncNumActID}', () => {
  const FLAGS = ['active', 'competition', 'recital', 'costume'] as const;
  let activityId: string;
  beforeAll(async () => {
    const id = await createClass(A, freeSlot());
    await enrol(t, A, id);
    activityId = (await addNumber(A, id)).dncNumAct[0]!.dncNumActID;
  });
  const flagsOf = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(danceNumberActivity)
      .where(eq(danceNumberActivity.id, id));
    return Object.fromEntries(FLAGS.map((f) => [f, row![f]]));
  };

  it.each(
    ([1, 2, 3, 4] as const).flatMap((step) => [
      [step, 1],
      [step, 0],
    ]),
  )('step %i with status %i sets exactly its flags', async (step, status) => {
    // Every flag starts at the opposite of the status, so a flag that should not move would show it.
    const start = Object.fromEntries(FLAGS.map((f) => [f, status === 0]));
    await t.database.db.update(danceNumberActivity).set(start).where(eq(danceNumberActivity.id, activityId));
    const res = await s.a.put(`${CLASS}/danceNumberActivity/${activityId}`, { step, status });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: 'Update Successful' }] });
    const changed: readonly string[] = ACTIVITY_STEP_FLAGS[step];
    expect(await flagsOf(activityId)).toEqual(
      Object.fromEntries(FLAGS.map((f) => [f, changed.includes(f) ? status === 1 : status === 0])),
    );
  });

  it('takes true and false as well, audited', async () => {
    await s.a.put(`${CLASS}/danceNumberActivity/${activityId}`, { step: 1, status: true });
    await s.a.put(`${CLASS}/danceNumberActivity/${activityId}`, { step: 3, status: false });
    expect(await flagsOf(activityId)).toEqual({
      active: true,
      competition: true,
      recital: false,
      costume: true,
    });
    expect(await targetAuditCount(t, 'dance_number_activity.update', activityId)).toBe(10);
  });

  it.each<[unknown, unknown]>([
    [5, 1],
    [0, 1],
    [undefined, 1],
    [1, 2],
    [1, undefined],
  ])('refuses step %j with status %j: 400', async (step, status) => {
    expect((await s.a.put(`${CLASS}/danceNumberActivity/${activityId}`, { step, status })).status).toBe(400);
  });

  it("answers 404 for another studio's activity and changes nothing", async () => {
    const theirs = numberB.dncNumAct[0]!.dncNumActID;
    for (const id of [theirs, UNKNOWN_ID]) {
      expect(await s.a.put(`${CLASS}/danceNumberActivity/${id}`, { step: 1, status: 0 })).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.activityNotFound],
      });
    }
    expect(await flagsOf(theirs)).toEqual({ active: true, competition: true, recital: true, costume: true });
    expect(await targetAuditCount(t, 'dance_number_activity.update', theirs)).toBe(0);
    expect((await s.a.put(`${CLASS}/danceNumberActivity/x`, { step: 1, status: 0 })).status).toBe(400);
  });

  it('sends one statement: the flags and the log line (decision 099)', async () => {
    const { count, result } = await countQueries(t, () =>
      s.a.put(`${CLASS}/danceNumberActivity/${activityId}`, { step: 2, status: 1 }),
    );
    expect(result.status).toBe(200);
    expect(count).toBe(1);
  });
});

describe('GET api/mystudio/schedule/danceNumbers', () => {
  const list = (query = '', who = s.a) => who.get(`${SCHEDULE}/danceNumbers${query}`);

  it("lists the term's numbers with their class, in the week's order, counting the dancers active in each", async () => {
    const late = await createClass(A, { ...freeSlot(), day: 6, timeStart: '21:00', timeEnd: '21:45' });
    const early = await createClass(A, { ...freeSlot(), day: 0, timeStart: '05:00', timeEnd: '05:45' });
    await enrol(t, A, late, { firstName: 'Ava' });
    await enrol(t, A, late, { firstName: 'Bo', iStatus: 1 });
    await enrol(t, A, late, { firstName: 'Cy', iStatus: -1, isDropped: true });
    const finale = await addNumber(A, late, { name: 'Finale' });
    const opener = await addNumber(A, early, { name: 'Opener', costume: 0 });
    // A dancer who stops dancing the number no longer counts.
    const bo = finale.dncNumAct[1]!.dncNumActID;
    expect((await s.a.put(`${CLASS}/danceNumberActivity/${bo}`, { step: 1, status: 0 })).status).toBe(200);

    const res = await list();
    expect(res.status).toBe(200);
    const { yearTermID, numbers } = res.body[1];
    expect(yearTermID).toBe(A.term);
    const ids = numbers.map((n: { id: string }) => n.id);
    expect(ids.indexOf(opener.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(opener.id)).toBeLessThan(ids.indexOf(finale.id));
    expect(ids).toEqual([...new Set(ids)]);
    expect(numbers.find((n: { id: string }) => n.id === finale.id)).toEqual({
      id: finale.id,
      name: 'Finale',
      genre: expect.any(String),
      costume: 1,
      clSchID: late,
      className: expect.any(String),
      day: 6,
      timeStart: '21:00',
      dancers: 1,
      costumeStyles: 0,
    });
    expect(numbers.find((n: { id: string }) => n.id === opener.id)).toMatchObject({ costume: 0, dancers: 0 });
    // The same term named, and never another studio's numbers.
    expect((await list(`?yrTrmID=${A.term}`)).body[1].numbers).toEqual(numbers);
    expect(ids).not.toContain(numberB.id);
  });

  it("answers 404 for another studio's term, and 400 for an id that is none", async () => {
    const other = await list(`?yrTrmID=${B.term}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual([false, messages.yearTermNotFound]);
    expect((await list(`?yrTrmID=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await list('?yrTrmID=nope')).status).toBe(400);
  });
});
