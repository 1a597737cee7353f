import { messages, scheduleMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { targetAuditCount } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { danceNumbers } from '../../db/schema/schedule';
import {
  CLASS,
  classBody,
  classRow,
  countsOf,
  createClass,
  enrol,
  numberBody,
  retiredGenre,
  type StudioSetting,
  setUpBoth,
} from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;
/** Studio A's Ballet I: Monday 4–5 PM in Studio A with Maria Tallchief. */
let ballet: string;

beforeAll(async () => {
  ({ A, B } = await setUpBoth(s));
  ballet = await createClass(A, { name: 'Ballet I' });
});

const post = (body: Record<string, unknown>, dncNum: unknown[] = [], st = A) =>
  st.owner.post(CLASS, { class: classBody(st, body), dncNum });
const taken = scheduleMessages.roomTaken('Studio A', 'Ballet I', 'Monday', '4:00 PM', '5:00 PM');

describe('POST api/mystudio/schedule/class', () => {
  it('creates the class with its dance numbers and their defaults, audited', async () => {
    const res = await post({ name: 'Jazz', day: 2, timeStart: '09:30', timeEnd: '10:15:00' }, [
      numberBody(A),
      { name: 'Tap Happy', genreID: A.genres[1] },
    ]);
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.insertSuccessful }] });
    expect(res.body[1].warning).toBeUndefined();
    const id = res.body[1].id;
    expect(await classRow(t, id)).toMatchObject({
      companyId: A.companyId,
      name: 'Jazz',
      day: 2,
      timeStart: '09:30:00',
      timeEnd: '10:15:00',
      ageMin: 0,
      ageMax: 10,
      level: 1,
      nMin: 0,
      nMax: 20,
      isOpen: true,
      minGenreRequired: 0,
    });
    const numbers = await t.database.db.select().from(danceNumbers).where(eq(danceNumbers.classId, id));
    expect(numbers.map((n) => [n.name, n.songLength, n.costume, n.songName]).sort()).toEqual([
      ['Tap Happy', 120, true, ''],
      ['Waltz of the Flowers', 225, true, 'Waltz of the Flowers'],
    ]);
    expect(await targetAuditCount(t, 'class.create', id)).toBe(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ['without a name', { name: undefined }],
    ['with a blank name', { name: '  ' }],
    ['without a genre', { genreID: undefined }],
    ['with an empty genre', { genreID: '' }],
  ])("refuses a class with a dance number %s: 'insufficient data', and writes nothing", async (_, over) => {
    const before = await countsOf(t, A.companyId);
    const res = await post({ name: 'Refused', day: 3 }, [numberBody(A), numberBody(A, over)]);
    expect(res).toMatchObject({ status: 400, body: [false, messages.insufficientData] });
    expect(await countsOf(t, A.companyId)).toEqual(before);
  });

  it.each(['name', 'day', 'timeStart', 'timeEnd', 'yearTermID', 'teacherID', 'roomID', 'priceID'])(
    "needs the class's %s: 'insufficient data'",
    async (field) => {
      expect(await post({ [field]: undefined })).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    },
  );

  it.each<[string, Record<string, unknown>, string]>([
    ['an end before the start', { timeStart: '17:00', timeEnd: '16:00' }, scheduleMessages.timeOrder],
    ['a time that is not one', { timeStart: '4 PM' }, scheduleMessages.time],
    ['ages upside down', { age_min: 9, age_max: 5 }, scheduleMessages.ages],
    ['a song length that is not one', {}, scheduleMessages.songLength],
  ])('refuses %s with its message', async (name, over, message) => {
    const numbers = name.startsWith('a song') ? [numberBody(A, { songLength: '3.45' })] : [];
    expect(await post({ day: 3, ...over }, numbers)).toMatchObject({ status: 400, body: [false, message] });
  });

  it('refuses what is not the studio’s with 404 and its message, and writes nothing', async () => {
    const before = await countsOf(t, A.companyId);
    const summer = (
      await s.a.post('/api/mystudio/yearTerms/new', {
        name: 'Summer 2027',
        dateStart: '2027-07-01',
        dateEnd: '2027-08-31',
      })
    ).body[1].id;
    const cases: [Record<string, unknown>, unknown[], string][] = [
      [{ roomID: B.rooms[0] }, [], scheduleMessages.roomNotFound],
      [{ teacherID: B.teachers[0] }, [], scheduleMessages.teacherNotFound],
      [{ priceID: B.price }, [], scheduleMessages.priceNotFound],
      // A price of the studio, but of another term than the class's.
      [{ yearTermID: summer }, [], scheduleMessages.priceNotFound],
      [{ yearTermID: B.term }, [], messages.yearTermNotFound],
      [{}, [numberBody(A, { genreID: B.genres[0] })], scheduleMessages.genreNotFound],
    ];
    for (const [over, numbers, message] of cases) {
      expect(await post({ day: 4, ...over }, numbers)).toMatchObject({ status: 404, body: [false, message] });
    }
    expect(await countsOf(t, A.companyId)).toEqual(before);
    expect(await countsOf(t, B.companyId)).toMatchObject({ classes: 0 });
  });

  it('refuses a retired genre for a new dance number with 422', async () => {
    const retired = await retiredGenre(A, 'Clogging');
    expect(await post({ day: 4 }, [numberBody(A, { genreID: retired })])).toMatchObject({
      status: 422,
      body: [false, scheduleMessages.genreRetired],
    });
  });

  it('refuses an overlap in the same room with 409 naming the other class, and writes nothing', async () => {
    const before = await countsOf(t, A.companyId);
    for (const [timeStart, timeEnd] of [
      ['16:30', '17:30'],
      ['15:00', '16:01'],
      ['16:15', '16:45'],
      ['15:00', '18:00'],
    ]) {
      expect(await post({ name: 'Clash', timeStart, timeEnd }, [numberBody(A)])).toMatchObject({
        status: 409,
        body: [false, taken],
      });
    }
    expect(await countsOf(t, A.companyId)).toEqual(before);
  });

  it('allows a class that starts as another ends, another room, day or term at that time', async () => {
    const thursday = { day: 3, teacherID: A.teachers[1] };
    expect((await post({ ...thursday, name: 'Contemporary' })).status).toBe(200);
    const allowed = async (over: Record<string, unknown>) =>
      expect((await post({ ...thursday, ...over })).status).toBe(200);
    await allowed({ name: 'After', timeStart: '17:00', timeEnd: '18:00' });
    await allowed({ name: 'Before', timeStart: '15:00', timeEnd: '16:00' });
    await allowed({ name: 'Room B', roomID: A.rooms[1] });
    await allowed({ name: 'Friday', day: 4 });
    const fall = (
      await s.a.post('/api/mystudio/yearTerms/new', {
        name: 'Fall 2028',
        dateStart: '2028-09-01',
        dateEnd: '2029-06-30',
      })
    ).body[1].id;
    const fallPrice = (
      await s.a.post('/api/mystudio/tuition/classes', { yearTermID: fall, duration: 60, price: 70 })
    ).body[1].id;
    await allowed({ name: 'Next year', yearTermID: fall, priceID: fallPrice });
    // The same slot in studio B's own room A is theirs, not a clash.
    expect((await post({ day: 3 }, [], B)).status).toBe(200);
  });

  it('saves a class whose teacher is busy elsewhere, with a warning', async () => {
    const res = await post({ name: 'Pointe', roomID: A.rooms[1], timeStart: '16:30', timeEnd: '17:15' });
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual({
      id: expect.any(String),
      msg: messages.insertSuccessful,
      warning: scheduleMessages.teacherBusy('Maria Tallchief', 'Ballet I', 'Monday', '4:00 PM', '5:00 PM'),
    });
    expect(await classRow(t, res.body[1].id)).not.toBeNull();
  });

  it('lets only one of two overlapping classes sent at once into a room', async () => {
    const body = (name: string) => ({
      name,
      day: 5,
      timeStart: '10:00',
      timeEnd: '11:00',
      roomID: A.rooms[1],
    });
    const results = await Promise.all([post(body('First')), post(body('Second'))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('PUT api/mystudio/schedule/class/{id}', () => {
  const put = (id: string, over: Record<string, unknown> = {}, st = A) =>
    st.owner.put(`${CLASS}/${id}`, classBody(st, { name: 'Ballet I', ...over }));

  it('edits the class, overlapping its own old times freely, audited', async () => {
    const res = await put(ballet, { timeStart: '16:30', timeEnd: '17:00', nMax: 12, isOpen: 0, level: 3 });
    expect(res).toMatchObject({ status: 200, body: [true, { id: ballet, msg: messages.updateSuccessful }] });
    expect(await classRow(t, ballet)).toMatchObject({
      timeStart: '16:30:00',
      nMax: 12,
      isOpen: false,
      level: 3,
    });
    expect(await targetAuditCount(t, 'class.update', ballet)).toBe(1);
    await put(ballet);
  });

  it('refuses a move onto another class with 409 and changes nothing', async () => {
    const tap = await createClass(A, { name: 'Tap', day: 6, timeStart: '09:00', timeEnd: '10:00' });
    expect(await put(tap, { name: 'Tap', timeStart: '15:30', timeEnd: '16:30' })).toMatchObject({
      status: 409,
      body: [false, taken],
    });
    expect(await classRow(t, tap)).toMatchObject({ day: 6, timeStart: '09:00:00' });
  });

  it('warns when the teacher is now busy elsewhere', async () => {
    await createClass(A, { name: 'Stretch', timeStart: '12:00', timeEnd: '13:00' });
    const hip = await createClass(A, {
      name: 'Hip Hop',
      day: 6,
      roomID: A.rooms[1],
      teacherID: A.teachers[1],
      timeStart: '12:00',
      timeEnd: '13:00',
    });
    const moved = { name: 'Hip Hop', roomID: A.rooms[1], timeStart: '12:30', timeEnd: '13:30' };
    const res = await put(hip, moved);
    expect(res.status).toBe(200);
    expect(res.body[1].warning).toBe(
      scheduleMessages.teacherBusy('Maria Tallchief', 'Stretch', 'Monday', '12:00 PM', '1:00 PM'),
    );
    expect(await classRow(t, hip)).toMatchObject({ day: 0, teacherId: A.teachers[0] });
  });

  it('moves a class without registrations to another term, never one with registrations', async () => {
    const winter = (
      await s.a.post('/api/mystudio/yearTerms/new', {
        name: 'Winter 2028',
        dateStart: '2028-01-01',
        dateEnd: '2028-03-31',
      })
    ).body[1].id;
    const winterPrice = (
      await s.a.post('/api/mystudio/tuition/classes', { yearTermID: winter, duration: 60, price: 70 })
    ).body[1].id;
    const modern = await createClass(A, { name: 'Modern', day: 6, timeStart: '14:00', timeEnd: '15:00' });
    const moved = { name: 'Modern', day: 6, timeStart: '14:00', timeEnd: '15:00', yearTermID: winter };
    expect(await put(modern, moved)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.priceNotFound],
    });
    expect((await put(modern, { ...moved, priceID: winterPrice })).status).toBe(200);
    expect(await classRow(t, modern)).toMatchObject({ yearTermId: winter, priceId: winterPrice });

    await enrol(t, A, modern, { iStatus: -1, isDropped: true });
    expect(await put(modern, { ...moved, yearTermID: A.term })).toMatchObject({
      status: 422,
      body: [false, scheduleMessages.termHasRegistrations],
    });
    expect(await classRow(t, modern)).toMatchObject({ yearTermId: winter });
  });

  it("answers 404 for another studio's class and changes nothing", async () => {
    const theirs = await createClass(B, { name: 'Their Ballet', day: 2 });
    for (const st of [A, B]) {
      // Neither A's own references nor B's get A into B's class.
      const res = await s.a.put(`${CLASS}/${theirs}`, classBody(st, { name: 'Hijacked' }));
      expect(res.status).toBe(404);
    }
    expect(await s.a.put(`${CLASS}/${theirs}`, classBody(A, { name: 'Hijacked', day: 3 }))).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.classNotFound],
    });
    expect(await classRow(t, theirs)).toMatchObject({ name: 'Their Ballet', day: 2 });
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.put(`${CLASS}/123`, classBody(A))).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });
});
